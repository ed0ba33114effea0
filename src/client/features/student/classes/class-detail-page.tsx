// A class the student belongs to: teacher, members, and Leave Class.
import { ArrowLeft, LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useClass, useLeaveClass } from "@/client/api/classes.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button, ButtonLink } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { usePageTitle } from "@/client/lib/page-title.tsx";

export function StudentClassDetailPage() {
  const { classId = "" } = useParams();
  const detail = useClass(classId);
  usePageTitle(detail.data?.name);
  const leave = useLeaveClass();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (detail.isPending) return <Loading />;
  if (detail.isError || !detail.data) {
    return (
      <div className="space-y-4">
        <Alert tone="error">This class was not found, or you are not a member of it.</Alert>
        <ButtonLink to="/student/classes" variant="secondary">
          <ArrowLeft className="size-4" aria-hidden /> Back to My Classes
        </ButtonLink>
      </div>
    );
  }
  const c = detail.data;

  async function leaveClass() {
    await leave.mutateAsync(c.id);
    navigate("/student/classes", { replace: true });
  }

  return (
    <div className="space-y-6">
      <ButtonLink to="/student/classes" variant="ghost" size="sm">
        <ArrowLeft className="size-4" aria-hidden /> Back to My Classes
      </ButtonLink>
      <Card className="p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-2xl font-semibold">{c.name}</h1>
            {c.description && <p className="mt-1 text-slate-600">{c.description}</p>}
            <p className="mt-3 text-sm text-slate-700">
              Teacher: {c.teacher.name}
              {c.teacher.email && ` (${c.teacher.email})`}
            </p>
          </div>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            <LogOut className="size-4" aria-hidden /> Leave Class
          </Button>
        </div>
      </Card>
      <Card className="p-6">
        <h3 className="text-lg font-semibold">Class Members</h3>
        <ul className="mt-4 divide-y divide-slate-100">
          {c.members.map((m) => (
            <li key={m.id} className="flex items-center gap-3 py-2">
              <span
                aria-hidden
                className="grid size-8 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
              >
                {m.name.trim().charAt(0).toUpperCase() || "?"}
              </span>
              <span>{m.name}</span>
            </li>
          ))}
        </ul>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Leave this class?"
        description={`You will no longer see the assignments of ${c.name}. You can join again with the class code.`}
        confirmLabel="Leave Class"
        onConfirm={leaveClass}
        errorText={() => "Failed to leave the class. Please try again."}
      />
    </div>
  );
}

// Assignments (spec 02 §2): the card grid and 'New Assignment'. `?new=1` opens the modal, so the
// dashboard's 'Create your first assignment' lands straight in it.
import { Plus } from "lucide-react";
import { useSearchParams } from "react-router";
import { useTeacherAssignments } from "@/client/api/assignments.ts";
import { Button } from "@/client/components/ui/button.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SkeletonList } from "@/client/components/ui/skeleton.tsx";
import { CodeRunnerImportDialog } from "@/client/features/interchange/index.ts";
import { AssignmentCard } from "./assignment-card.tsx";
import { NewAssignmentDialog } from "./new-assignment-dialog.tsx";

export function AssignmentsPage() {
  const assignments = useTeacherAssignments();
  const [params, setParams] = useSearchParams();
  const creating = params.has("new");
  const setCreating = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set("new", "1");
        else next.delete("new");
        return next;
      },
      { replace: true },
    );

  return (
    <div>
      <PageHeading
        title="Assignments"
        subtitle="Programming tasks you have set, and how many students have handed them in."
        actions={
          <>
            <CodeRunnerImportDialog target="assignment" />
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden />
              New Assignment
            </Button>
          </>
        }
      />
      {assignments.isPending ? (
        <SkeletonList rows={2} className="h-40" />
      ) : assignments.isError ? (
        <QueryError what="your assignments" error={assignments.error} onRetry={() => assignments.refetch()} />
      ) : assignments.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-900">No assignments yet</p>
          <p className="mt-1 text-sm text-slate-600">Set your first programming task for a class.</p>
          <Button className="mt-4" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden />
            Create your first assignment
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {assignments.data.map((a) => (
            <li key={a.id} className="grid">
              <AssignmentCard assignment={a} />
            </li>
          ))}
        </ul>
      )}
      <NewAssignmentDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

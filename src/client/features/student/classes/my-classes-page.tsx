// My Classes: the student's classes as cards, with the Join Class modal.
import { Mail, Plus, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useClasses } from "@/client/api/classes.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { EmptyState } from "@/client/components/ui/empty-state.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { JoinClassDialog } from "./join-class-dialog.tsx";

export function MyClassesPage() {
  const classes = useClasses();
  const [joining, setJoining] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <PageHeading
        title="My Classes"
        className=""
        actions={
          <Button onClick={() => setJoining(true)}>
            <Plus className="size-4" aria-hidden /> Join Class
          </Button>
        }
      />
      {joined && <Alert tone="success">You joined {joined}.</Alert>}
      {classes.isPending && <Loading />}
      {classes.isError && <QueryError what="your classes" error={classes.error} onRetry={classes.refetch} />}
      {classes.data?.length === 0 && (
        <EmptyState icon={Users} title="No classes yet">
          Ask your teacher for a class code, then choose Join Class.
        </EmptyState>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {classes.data?.map((c) => (
          <li key={c.id}>
            <Link to={`/student/classes/${c.id}`} className="block h-full rounded-xl focus-visible:outline-2">
              <Card className="h-full p-5 transition hover:border-brand-500 hover:shadow">
                <h3 className="text-lg font-semibold text-slate-900">{c.name}</h3>
                <p className="mt-2 text-sm text-slate-700">{c.teacher.name}</p>
                {c.teacher.email && (
                  <p className="flex items-center gap-1 text-sm text-slate-500">
                    <Mail className="size-3.5" aria-hidden /> {c.teacher.email}
                  </p>
                )}
                <p className="mt-3 flex items-center gap-1 text-sm text-slate-600">
                  <Users className="size-4" aria-hidden /> {c.studentCount}{" "}
                  {c.studentCount === 1 ? "student" : "students"}
                </p>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      <JoinClassDialog open={joining} onOpenChange={setJoining} onJoined={(name) => setJoined(name)} />
    </div>
  );
}

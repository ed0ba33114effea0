// My Classes: the student's classes as cards, with the Join Class modal.
import { Mail, Plus, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Loading } from "../../../app/guards.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { useMyClasses } from "../student-queries.ts";
import { JoinClassDialog } from "./join-class-dialog.tsx";

export function MyClassesPage() {
  const classes = useMyClasses();
  const [joining, setJoining] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold">My Classes</h2>
        <Button onClick={() => setJoining(true)}>
          <Plus className="size-4" aria-hidden /> Join Class
        </Button>
      </div>
      {joined && <Alert tone="success">You joined {joined}.</Alert>}
      {classes.isPending && <Loading />}
      {classes.isError && (
        <Alert tone="error">Your classes could not be loaded. Please refresh the page.</Alert>
      )}
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
                <p className="flex items-center gap-1 text-sm text-slate-500">
                  <Mail className="size-3.5" aria-hidden /> {c.teacher.email}
                </p>
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

// Classes (spec 02 §2): 'Your Classes' cards and the 'Create New Class' modal.
import { Plus } from "lucide-react";
import { useState } from "react";
import { useClasses } from "@/client/api/classes.ts";
import { Button } from "@/client/components/ui/button.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SkeletonList } from "@/client/components/ui/skeleton.tsx";
import { ClassOffers } from "../transfers/class-offers.tsx";
import { ClassCard } from "./class-card.tsx";
import { CreateClassDialog } from "./create-class-dialog.tsx";

export function ClassesPage() {
  const classes = useClasses();
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <PageHeading
        title="Your Classes"
        subtitle="Share a class code with your students so they can join."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden />
            Create New Class
          </Button>
        }
      />
      <ClassOffers />
      {classes.isPending ? (
        <SkeletonList rows={2} className="h-40" />
      ) : classes.isError ? (
        <QueryError what="your classes" error={classes.error} onRetry={() => classes.refetch()} />
      ) : classes.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-900">No classes yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Create a class, then give its code to your students so they can join.
          </p>
          <Button className="mt-4" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden />
            Create New Class
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {classes.data.map((c) => (
            <li key={c.id} className="grid">
              <ClassCard klass={c} />
            </li>
          ))}
        </ul>
      )}
      <CreateClassDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

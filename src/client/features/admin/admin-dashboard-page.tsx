// /admin (spec 02 §2 Admin dashboard): the premade exercise library in two tabs.
import { Users } from "lucide-react";
import { Tabs } from "radix-ui";
import { useAdminCategories, useAdminExercises } from "@/client/api/admin.ts";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { CategoriesTab } from "./categories-tab.tsx";
import { ExercisesTab } from "./exercises-tab.tsx";

const tabClass =
  "rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

export function AdminDashboardPage() {
  const exercises = useAdminExercises();
  const categories = useAdminCategories();
  const heading = (
    <PageHeading
      title="Admin Dashboard"
      subtitle="Manage premade exercises and categories"
      actions={
        <ButtonLink to="/test" variant="secondary" size="sm">
          <Users className="size-4" aria-hidden />
          Classes overview
        </ButtonLink>
      }
    />
  );
  if (exercises.isPending || categories.isPending)
    return (
      <>
        {heading}
        <Loading text="Loading admin dashboard..." />
      </>
    );
  const failed = exercises.error ?? categories.error;
  if (failed)
    return (
      <>
        {heading}
        <QueryError
          what="the admin dashboard"
          error={failed}
          onRetry={() => {
            exercises.refetch();
            categories.refetch();
          }}
        />
      </>
    );
  const ex = exercises.data ?? [];
  const cats = categories.data ?? [];
  return (
    <>
      {heading}
      <Tabs.Root defaultValue="exercises">
        <Tabs.List aria-label="Exercise library" className="mb-4 flex gap-2 border-b border-slate-200">
          <Tabs.Trigger value="exercises" className={tabClass}>
            Exercises ({ex.length})
          </Tabs.Trigger>
          <Tabs.Trigger value="categories" className={tabClass}>
            Categories ({cats.length})
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content
          value="exercises"
          className="focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <ExercisesTab exercises={ex} categories={cats} />
        </Tabs.Content>
        <Tabs.Content
          value="categories"
          className="focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <CategoriesTab categories={cats} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

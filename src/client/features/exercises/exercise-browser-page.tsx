// The exercise browser (spec 02 §2): Select Your Level → Select Programming Language → Python
// Exercises by category. The step lives in the URL (?level=gcse&language=python) and the open
// category in its hash (#while-loops), so Back/forward, reload and shared links all keep them.
// Beyond the spec: search, difficulty and "not completed yet" filters, per-category progress.
import { ArrowLeft, BookOpen, ChevronDown, Clock, GraduationCap, Search } from "lucide-react";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { useExercises } from "@/client/api/exercises.ts";
import { useMe } from "@/client/api/me.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button, ButtonLink } from "@/client/components/ui/button.tsx";
import { EmptyState } from "@/client/components/ui/empty-state.tsx";
import { controlClass } from "@/client/components/ui/field.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { ProgressBar } from "@/client/components/ui/progress-bar.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import type { ExerciseListCategory, ExerciseListItem } from "@/shared/api/exercises.ts";
import {
  COURSE_KEY,
  type DifficultyFilter,
  type ExerciseFilters,
  filterCategories,
  isFiltering,
  NO_FILTERS,
  parseFilters,
  parseStep,
  progressText,
  sectionId,
  skipsToExercises,
  stepSearch,
  withFilters,
} from "./browser-state.ts";
import { DifficultyBadge } from "./difficulty-badge.tsx";

/** Where Start opens an exercise: spec 02 — the teacher workspace for teachers, else the student's. */
export const exercisePath = (role: string | undefined, id: string) =>
  `/${role === "teacher" ? "teacher" : "student"}/exercise/${encodeURIComponent(id)}`;

export function ExerciseBrowserPage() {
  const [search] = useSearchParams();
  const { hash, pathname } = useLocation();
  const step = parseStep(search, hash);
  if (skipsToExercises(search, hash, readCourse())) {
    return <Navigate to={{ search: stepSearch("exercises") }} replace />;
  }
  const home = pathname.startsWith("/teacher")
    ? { to: "/teacher/dashboard", label: "Back to Dashboard" }
    : { to: "/student/classes", label: "Back to My Classes" };
  if (step === "level") return <LevelStep back={home} />;
  if (step === "language") return <LanguageStep />;
  return <ExercisesStep />;
}

/** Whether this browser chose GCSE → Python before (storage may be off: then it asks again). */
function readCourse(): boolean {
  try {
    return localStorage.getItem(COURSE_KEY) === "gcse-python";
  } catch {
    return false;
  }
}

function rememberCourse() {
  try {
    localStorage.setItem(COURSE_KEY, "gcse-python");
  } catch {
    // Private mode or storage off: the steps are simply asked again next time.
  }
}

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ButtonLink to={to} variant="ghost" size="sm" className="-ml-3 mb-2">
      <ArrowLeft className="size-4" aria-hidden /> {children}
    </ButtonLink>
  );
}

/** A choice card: a link when active, a blurred card with a Coming Soon badge otherwise. */
function ChoiceCard({
  to,
  title,
  text,
  icon,
}: {
  to: string | null;
  title: string;
  text: string;
  icon: ReactNode;
}) {
  const body = (
    <>
      <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        {icon}
      </span>
      <span className="mt-4 block text-lg font-semibold text-slate-900">{title}</span>
      <span className="mt-1 block text-sm text-slate-600">{text}</span>
    </>
  );
  if (to) {
    return (
      <Link
        to={to}
        className="block rounded-xl border-2 border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-500 hover:shadow-md focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
      >
        {body}
      </Link>
    );
  }
  return (
    <div className="relative rounded-xl border-2 border-slate-200 bg-white p-6" aria-disabled="true">
      <div className="pointer-events-none blur-[2px] select-none" aria-hidden>
        {body}
      </div>
      <span className="sr-only">
        {title}: {text}.
      </span>
      <span className="absolute top-3 right-3">
        <Badge tone="purple">Coming Soon</Badge>
      </span>
    </div>
  );
}

function LevelStep({ back }: { back: { to: string; label: string } }) {
  return (
    <div>
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeading title="Select Your Level" subtitle="Choose the course you are studying." />
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceCard
          to={stepSearch("language")}
          title="GCSE Level"
          text="Python exercises for GCSE Computer Science"
          icon={<GraduationCap className="size-6" aria-hidden />}
        />
        <ChoiceCard
          to={null}
          title="A Level"
          text="Exercises for A Level Computer Science"
          icon={<GraduationCap className="size-6" aria-hidden />}
        />
      </div>
    </div>
  );
}

function LanguageStep() {
  return (
    <div>
      <BackLink to={stepSearch("level")}>Back to Levels</BackLink>
      <PageHeading title="Select Programming Language" subtitle="GCSE Level" />
      <div className="grid gap-4 sm:grid-cols-3">
        <ChoiceCard
          to={stepSearch("exercises")}
          title="Python"
          text="Practise Python with instant feedback"
          icon={<span className="font-mono text-lg font-bold">Py</span>}
        />
        <ChoiceCard
          to={null}
          title="Java"
          text="Java exercises"
          icon={<span className="font-mono text-lg font-bold">J</span>}
        />
        <ChoiceCard
          to={null}
          title="C#"
          text="C# exercises"
          icon={<span className="font-mono text-lg font-bold">C#</span>}
        />
      </div>
    </div>
  );
}

function ExercisesStep() {
  const list = useExercises();
  const me = useMe();
  const [search] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(rememberCourse, []);
  // The inputs own the filters (a URL update is a transition, too slow for typing and ticking);
  // the URL follows, so a reload or Back keeps them.
  const [filters, setFiltersState] = useState<ExerciseFilters>(() => parseFilters(search));
  const filtering = isFiltering(filters);
  const target = decodeURIComponent(hash.replace(/^#/, ""));
  const [open, setOpen] = useState<Set<string>>(() => new Set(target ? [target] : []));

  const shown = useMemo(
    () => (list.data ? filterCategories(list.data.categories, filters) : []),
    [list.data, filters],
  );

  // A #section link opens that section and brings it into view once the list has arrived.
  useEffect(() => {
    if (!target || !list.data) return;
    setOpen((prev) => (prev.has(target) ? prev : new Set(prev).add(target)));
    requestAnimationFrame(() => document.getElementById(target)?.scrollIntoView({ block: "start" }));
  }, [target, list.data]);

  const setFilters = (next: Partial<ExerciseFilters>) => {
    const all = { ...filters, ...next };
    setFiltersState(all);
    navigate({ search: `?${withFilters(search, all)}`, hash }, { replace: true, preventScrollReset: true });
  };

  function toggle(id: string) {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpen(next);
    // The hash names the section just opened, so a reload or a shared link comes back to it.
    const opened = next.has(id) ? id : "";
    navigate({ search: `?${search.toString()}`, hash: opened }, { replace: true, preventScrollReset: true });
  }

  const allOpen = shown.length > 0 && shown.every((c) => open.has(sectionId(c.name)));

  return (
    <div>
      <BackLink to={stepSearch("language")}>Back to Languages</BackLink>
      <PageHeading
        title="Python Exercises"
        subtitle="GCSE Level · Practise at your own pace: start any exercise, run your code and check it against the tests."
        actions={
          list.data && list.data.totalCount > 0 ? (
            <div className="w-56 text-sm text-slate-700">
              <p className="mb-1 font-medium">
                {progressText(list.data.completedCount, list.data.totalCount)}
              </p>
              <ProgressBar
                percent={(100 * list.data.completedCount) / list.data.totalCount}
                label="Exercises completed"
              />
            </div>
          ) : undefined
        }
      />
      <Filters filters={filters} onChange={setFilters} />
      {list.isPending || me.isPending ? (
        <Loading text="Loading exercises..." />
      ) : list.isError ? (
        <QueryError what="the exercises" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.categories.length === 0 ? (
        <EmptyState icon={BookOpen} title="No exercises yet">
          Exercises will appear here once they have been added.
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon={Search} title="No exercises match">
          Try other words, or clear the filters.{" "}
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={() => setFilters(NO_FILTERS)}
          >
            Clear filters
          </button>
        </EmptyState>
      ) : (
        <>
          {!filtering && (
            <div className="mb-3 flex justify-end">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setOpen(allOpen ? new Set() : new Set(shown.map((c) => sectionId(c.name))))}
              >
                {allOpen ? "Collapse all" : "Expand all"}
              </Button>
            </div>
          )}
          <div className="space-y-3">
            {shown.map((c) => (
              <CategorySection
                key={c.id}
                category={c}
                // While filtering, every category with a match is open: the matches are the point.
                open={filtering || open.has(sectionId(c.name))}
                onToggle={() => toggle(sectionId(c.name))}
                role={me.data?.role}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: ExerciseFilters;
  onChange: (next: Partial<ExerciseFilters>) => void;
}) {
  const searchId = useId();
  const difficultyId = useId();
  return (
    <search className="mb-4 flex flex-wrap items-end gap-3" aria-label="Find exercises">
      <div className="min-w-48 flex-1">
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-700">
          Search exercises
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden />
          <input
            id={searchId}
            type="search"
            value={filters.search}
            onChange={(e) => onChange({ search: e.target.value })}
            placeholder="Title, topic or category"
            className={`${controlClass} pl-9`}
          />
        </div>
      </div>
      <div>
        <label htmlFor={difficultyId} className="mb-1 block text-sm font-medium text-slate-700">
          Difficulty
        </label>
        <select
          id={difficultyId}
          value={filters.difficulty}
          onChange={(e) => onChange({ difficulty: e.target.value as DifficultyFilter })}
          className={controlClass}
        >
          <option value="all">All difficulties</option>
          <option value="easy">Easy</option>
          <option value="medium">Medium</option>
          <option value="hard">Hard</option>
        </select>
      </div>
      <label className="flex h-10 items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={filters.notCompleted}
          onChange={(e) => onChange({ notCompleted: e.target.checked })}
          className="size-4 accent-brand-600"
        />
        Not completed yet
      </label>
    </search>
  );
}

function CategorySection({
  category,
  open,
  onToggle,
  role,
}: {
  category: ExerciseListCategory;
  open: boolean;
  onToggle: () => void;
  role: string | undefined;
}) {
  const id = sectionId(category.name);
  const panelId = `${id}-exercises`;
  const done = category.totalCount > 0 && category.completedCount === category.totalCount;
  return (
    <section id={id} className="scroll-mt-4 rounded-xl border border-slate-200 bg-white shadow-sm">
      <h3>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={panelId}
          className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-4 py-3 text-left hover:bg-slate-50"
        >
          <ChevronDown
            className={`size-5 shrink-0 text-slate-500 transition ${open ? "" : "-rotate-90"}`}
            aria-hidden
          />
          <span className="min-w-0 flex-1 text-lg font-semibold text-slate-900">{category.name}</span>
          <span className="flex items-center gap-2 text-sm font-normal text-slate-600">
            {done && <Badge tone="green">All done</Badge>}
            {progressText(category.completedCount, category.totalCount)}
          </span>
        </button>
      </h3>
      {open && (
        <div id={panelId} className="border-t border-slate-100 px-4 pb-2">
          {category.description && <p className="pt-3 text-sm text-slate-600">{category.description}</p>}
          {category.exercises.length === 0 ? (
            <p className="py-3 text-sm text-slate-500">No exercises in this category yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {category.exercises.map((e) => (
                <ExerciseRow key={e.id} exercise={e} role={role} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function ExerciseRow({ exercise, role }: { exercise: ExerciseListItem; role: string | undefined }) {
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="font-medium text-slate-900">{exercise.title}</h4>
          <DifficultyBadge difficulty={exercise.difficulty} />
          {exercise.isCompleted && <Badge tone="blue">Completed</Badge>}
        </div>
        {exercise.description && (
          <p className="mt-1 line-clamp-2 text-sm text-slate-600" title={exercise.description}>
            {exercise.description}
          </p>
        )}
        {exercise.estimatedTime && (
          <p className="mt-1 flex items-center gap-1 text-xs text-slate-600">
            <Clock className="size-3.5" aria-hidden />
            <span className="sr-only">Estimated time:</span> {exercise.estimatedTime}
          </p>
        )}
      </div>
      <ButtonLink
        to={exercisePath(role, exercise.id)}
        variant={exercise.isCompleted ? "secondary" : "primary"}
        size="sm"
        className="self-start sm:self-center"
      >
        {exercise.isCompleted ? "Review" : "Start"}
        <span className="sr-only"> {exercise.title}</span>
      </ButtonLink>
    </li>
  );
}

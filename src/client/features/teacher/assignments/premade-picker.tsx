// 'Use Premade Exercise': the exercise library (GET /api/exercises), searchable by title,
// category and description; choosing one fetches it whole (its test cases) and hands it on.
import { useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { exerciseQuery, useExercises } from "@/client/api/exercises.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge, type BadgeTone } from "@/client/components/ui/badge.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import type { ExerciseDetail, ExerciseList, ExerciseListItem } from "@/shared/api/exercises.ts";
import type { PremadeAssignment } from "@/shared/domain/premade-assignments.ts";

/** Results shown at once; a search narrows the rest. */
const SHOWN = 50;
const TONES: Record<ExerciseListItem["difficulty"], BadgeTone> = {
  easy: "green",
  medium: "yellow",
  hard: "red",
};

export function libraryExercises(list: ExerciseList): ExerciseListItem[] {
  return list.categories.flatMap((c) => c.exercises);
}

/** Search by title, category or description, ignoring case. */
export function searchExercises(items: ExerciseListItem[], query: string): ExerciseListItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return items;
  return items.filter((e) =>
    [e.title, e.category.name, e.description].some((f) => f.toLowerCase().includes(q)),
  );
}

/** The form's starting point: description, starter code (as stored) and the visible test cases. */
export function premadeFromExercise(e: ExerciseDetail): PremadeAssignment {
  return {
    id: e.id,
    title: e.title,
    category: e.category.name,
    difficulty: e.difficulty,
    description: e.description,
    starterCode: e.starterCode,
    testCases: e.testCases.map((t) => ({
      description: t.description,
      input: t.input,
      expectedOutput: t.expectedOutput,
      hidden: false,
    })),
  };
}

export function PremadePicker({ onPick }: { onPick: (premade: PremadeAssignment) => void }) {
  const [query, setQuery] = useState("");
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const library = useExercises();
  const qc = useQueryClient();
  const id = useId();
  const all = useMemo(() => (library.data ? libraryExercises(library.data) : []), [library.data]);
  const results = searchExercises(all, query);

  async function pick(e: ExerciseListItem) {
    setOpening(e.id);
    setError(null);
    try {
      onPick(premadeFromExercise(await qc.fetchQuery(exerciseQuery(e.id))));
    } catch (err) {
      setError(`Could not load "${e.title}": ${(err as Error).message}`);
    } finally {
      setOpening(null);
    }
  }

  if (library.isPending) return <Loading text="Loading exercises..." />;
  if (library.isError)
    return <QueryError what="the exercises" error={library.error} onRetry={() => library.refetch()} />;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Search premade exercises
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden />
        <input
          id={id}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Title, category or description"
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          autoFocus
        />
      </div>
      <p role="status" className="mt-2 text-xs text-slate-500">
        {results.length} {results.length === 1 ? "exercise" : "exercises"}
        {results.length > SHOWN && ` (the first ${SHOWN} shown: search to narrow them down)`}
        {opening && " · Loading exercise..."}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {results.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          {all.length === 0
            ? "The exercise library is empty."
            : `No premade exercises match "${query.trim()}".`}
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {results.slice(0, SHOWN).map((p) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => pick(p)}
                disabled={opening !== null}
                aria-busy={opening === p.id || undefined}
                className="w-full rounded-lg border border-slate-200 p-4 text-left hover:border-brand-500 hover:bg-brand-50 disabled:cursor-wait"
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{p.title}</span>
                  <Badge tone={TONES[p.difficulty]}>{p.difficulty}</Badge>
                  <Badge tone="purple">{p.category.name}</Badge>
                </span>
                <span className="mt-1 line-clamp-2 block text-sm text-slate-600">{p.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

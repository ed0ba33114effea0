// 'Use Premade Exercise': the whole exercise library (GET /api/exercises), filtered by category
// and difficulty and searched by whole words, titles first; choosing one fetches it whole (its
// test cases) and hands it on.
import { useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { exerciseQuery, useExercises } from "@/client/api/exercises.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge, type BadgeTone } from "@/client/components/ui/badge.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { CategoryDifficultyFields } from "@/client/features/exercises/index.ts";
import type { ExerciseDetail, ExerciseList, ExerciseListItem } from "@/shared/api/exercises.ts";
import type { PremadeAssignment } from "@/shared/domain/premade-assignments.ts";

const TONES: Record<ExerciseListItem["difficulty"], BadgeTone> = {
  easy: "green",
  medium: "yellow",
  hard: "red",
};

export function libraryExercises(list: ExerciseList): ExerciseListItem[] {
  return list.categories.flatMap((c) => c.exercises);
}

export type ExerciseFilter = { category: string; difficulty: "" | ExerciseListItem["difficulty"] };

export function filterExercises(items: ExerciseListItem[], f: ExerciseFilter): ExerciseListItem[] {
  return items.filter(
    (e) => (!f.category || e.category.id === f.category) && (!f.difficulty || e.difficulty === f.difficulty),
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every word of the query starts a word of `text` ("even" is in "Even or odd", not in "seven"). */
function wordsMatch(text: string, words: string[]): boolean {
  return words.every((w) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(w)}`, "iu").test(text));
}

/**
 * Search by whole words (each query word starts a word), ignoring case: `named` are the exercises
 * whose title or category matches, shown first; `described` only mention it in their description
 * ("even" is in Change Machine's "even when the number is 0"), offered after.
 */
export function searchExercises(
  items: ExerciseListItem[],
  query: string,
): { named: ExerciseListItem[]; described: ExerciseListItem[] } {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { named: items, described: [] };
  const named: ExerciseListItem[] = [];
  const described: ExerciseListItem[] = [];
  for (const e of items) {
    if (wordsMatch(e.title, words) || wordsMatch(e.category.name, words)) named.push(e);
    else if (wordsMatch(`${e.title} ${e.category.name} ${e.description}`, words)) described.push(e);
  }
  // Titles before categories: "array" lists "What is an Array" above the rest of Arrays.
  named.sort((a, b) => Number(wordsMatch(b.title, words)) - Number(wordsMatch(a.title, words)));
  return { named, described };
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
  const [filter, setFilter] = useState<ExerciseFilter>({ category: "", difficulty: "" });
  const [withDescriptions, setWithDescriptions] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const library = useExercises();
  const qc = useQueryClient();
  const id = useId();
  const all = useMemo(() => (library.data ? libraryExercises(library.data) : []), [library.data]);
  const { named, described } = searchExercises(filterExercises(all, filter), query);
  const results = withDescriptions || named.length === 0 ? [...named, ...described] : named;
  const hiddenDescribed = results.length < named.length + described.length ? described.length : 0;

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
          onChange={(e) => {
            setQuery(e.target.value);
            setWithDescriptions(false);
          }}
          placeholder="Title, category or description"
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          autoFocus
        />
      </div>
      <div className="mt-2 grid grid-cols-2 gap-2">
        <CategoryDifficultyFields categories={library.data.categories} filter={filter} onChange={setFilter} />
      </div>
      <p role="status" className="mt-2 text-xs text-slate-500">
        {results.length === all.length ? `All ${all.length}` : `${results.length} of ${all.length}`}{" "}
        {all.length === 1 ? "exercise" : "exercises"}
        {named.length === 0 && described.length > 0 && ` mention "${query.trim()}" in their description`}
        {opening && " · Loading exercise..."}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {results.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          {all.length === 0
            ? "The exercise library is empty."
            : query.trim()
              ? `No premade exercises match "${query.trim()}".`
              : "No premade exercises have this category and difficulty."}
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {results.map((p) => (
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
                {/* pre-line: the description's own line breaks (its example's lines) stay. */}
                <span className="mt-1 line-clamp-4 block whitespace-pre-line text-sm text-slate-600">
                  {p.description}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {hiddenDescribed > 0 && (
        <button
          type="button"
          onClick={() => setWithDescriptions(true)}
          className="mt-2 text-sm font-medium text-brand-700 underline hover:text-brand-800"
        >
          Also show {hiddenDescribed} that mention "{query.trim()}" in their description
        </button>
      )}
    </div>
  );
}

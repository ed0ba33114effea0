// The exercise browser's rules that don't need React: which step the URL shows (spec 02 §4: no
// level, then GCSE, then Python; Back moves one step back), the section ids that `#iteration`
// links point at, and the search and filters (beyond the spec).
import type { ExerciseDifficulty, ExerciseListCategory, ExerciseListItem } from "@/shared/api/exercises.ts";

export type BrowserStep = "level" | "language" | "exercises";

/** The only level and language with exercises today; the others are shown as Coming Soon. */
export const ACTIVE_LEVEL = "gcse";
export const ACTIVE_LANGUAGE = "python";

/**
 * The step the URL asks for: `?level=gcse` is step 2, `?level=gcse&language=python` step 3.
 * Anything else (a Coming Soon level or language, a typo) falls back to the furthest valid step.
 * A bare `#section` link (no query) opens the exercises, so `/student/exercises#iteration` works.
 */
export function parseStep(search: URLSearchParams, hash = ""): BrowserStep {
  const level = search.get("level");
  const language = search.get("language");
  if (level === null && language === null) return hash.replace(/^#/, "") ? "exercises" : "level";
  if (level !== ACTIVE_LEVEL) return "level";
  return language === ACTIVE_LANGUAGE ? "exercises" : "language";
}

/**
 * The query string of a step (without filters). The first step is asked for explicitly
 * (`?step=levels`): the bare address goes straight to the exercises once this browser has chosen
 * GCSE → Python (issue 19 item 14: two one-choice steps before every visit).
 */
export function stepSearch(step: BrowserStep): string {
  if (step === "level") return "?step=levels";
  if (step === "language") return `?level=${ACTIVE_LEVEL}`;
  return `?level=${ACTIVE_LEVEL}&language=${ACTIVE_LANGUAGE}`;
}

/** Where this browser remembers that its user chose GCSE → Python (nothing else is kept). */
export const COURSE_KEY = "pyclass.exercises.course";

/** The bare address (nothing in the query or hash) from a browser that has chosen before. */
export function skipsToExercises(search: URLSearchParams, hash: string, remembered: boolean): boolean {
  return remembered && search.toString() === "" && hash.replace(/^#/, "") === "";
}

/** Spec 02 §2: the lower-cased category name with spaces replaced by hyphens. */
export function sectionId(categoryName: string): string {
  return categoryName.trim().toLowerCase().replace(/\s+/g, "-");
}

export type DifficultyFilter = ExerciseDifficulty | "all";

export type ExerciseFilters = {
  search: string;
  difficulty: DifficultyFilter;
  /** Only exercises the user has not completed yet. */
  notCompleted: boolean;
};

export const NO_FILTERS: ExerciseFilters = { search: "", difficulty: "all", notCompleted: false };

const DIFFICULTIES: readonly string[] = ["easy", "medium", "hard"];

/** Filters as kept in the URL (`q`, `difficulty`, `todo=1`), so a reload keeps them too. */
export function parseFilters(search: URLSearchParams): ExerciseFilters {
  const difficulty = search.get("difficulty") ?? "all";
  return {
    search: search.get("q") ?? "",
    difficulty: DIFFICULTIES.includes(difficulty) ? (difficulty as ExerciseDifficulty) : "all",
    notCompleted: search.get("todo") === "1",
  };
}

/** Writes the filters into `search` (returns a copy), dropping the ones at their default. */
export function withFilters(search: URLSearchParams, filters: ExerciseFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set("q", filters.search || null);
  set("difficulty", filters.difficulty === "all" ? null : filters.difficulty);
  set("todo", filters.notCompleted ? "1" : null);
  return next;
}

export const isFiltering = (f: ExerciseFilters) =>
  f.search.trim() !== "" || f.difficulty !== "all" || f.notCompleted;

function matches(exercise: ExerciseListItem, categoryName: string, f: ExerciseFilters, words: string[]) {
  if (f.difficulty !== "all" && exercise.difficulty !== f.difficulty) return false;
  if (f.notCompleted && exercise.isCompleted) return false;
  if (words.length === 0) return true;
  const haystack = `${exercise.title} ${exercise.description} ${categoryName}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/**
 * The categories to show with the exercises that pass the filters. Every word of the search must
 * appear in the title, description or category name. While filtering, categories with no match
 * are left out; without filters every category shows (an empty one says so).
 */
export function filterCategories(
  categories: ExerciseListCategory[],
  f: ExerciseFilters,
): ExerciseListCategory[] {
  if (!isFiltering(f)) return categories;
  const words = f.search.toLowerCase().split(/\s+/).filter(Boolean);
  return categories.flatMap((c) => {
    const exercises = c.exercises.filter((e) => matches(e, c.name, f, words));
    return exercises.length > 0 ? [{ ...c, exercises }] : [];
  });
}

/** Per-category progress, e.g. "7 of 12 completed". */
export const progressText = (completed: number, total: number) => `${completed} of ${total} completed`;

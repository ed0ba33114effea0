import { describe, expect, it } from "vitest";
import type { ExerciseListCategory, ExerciseListItem } from "@/shared/api/exercises.ts";
import {
  filterCategories,
  NO_FILTERS,
  parseFilters,
  parseStep,
  progressText,
  sectionId,
  skipsToExercises,
  stepSearch,
  withFilters,
} from "./browser-state.ts";

const q = (s: string) => new URLSearchParams(s);

describe("the step in the URL", () => {
  it("reads the three steps", () => {
    expect(parseStep(q(""))).toBe("level");
    expect(parseStep(q("level=gcse"))).toBe("language");
    expect(parseStep(q("level=gcse&language=python"))).toBe("exercises");
  });
  it("falls back to the furthest valid step for Coming Soon or unknown values", () => {
    expect(parseStep(q("level=a-level"))).toBe("level");
    expect(parseStep(q("level=a-level&language=python"))).toBe("level");
    expect(parseStep(q("level=gcse&language=java"))).toBe("language");
    expect(parseStep(q("language=python"))).toBe("level");
  });
  it("opens the exercises for a bare #section link", () => {
    expect(parseStep(q(""), "#iteration")).toBe("exercises");
    expect(parseStep(q(""), "#")).toBe("level");
  });
  it("round-trips with stepSearch", () => {
    for (const step of ["level", "language", "exercises"] as const) {
      expect(parseStep(q(stepSearch(step)))).toBe(step);
    }
  });
});

describe("a browser that chose GCSE → Python before", () => {
  it("skips the one-choice steps only from the bare address", () => {
    expect(skipsToExercises(q(""), "", true)).toBe(true);
    expect(skipsToExercises(q(""), "", false)).toBe(false);
    // Back to Levels asks for the first step explicitly; a #section link opens it anyway.
    expect(skipsToExercises(q(stepSearch("level")), "", true)).toBe(false);
    expect(parseStep(q(stepSearch("level")))).toBe("level");
    expect(skipsToExercises(q("level=gcse"), "", true)).toBe(false);
    expect(skipsToExercises(q(""), "#iteration", true)).toBe(false);
  });
});

describe("section ids", () => {
  it("lower-case the name and replace spaces with hyphens", () => {
    expect(sectionId("Iteration")).toBe("iteration");
    expect(sectionId("While Loops")).toBe("while-loops");
    expect(sectionId("Records & Dictionaries")).toBe("records-&-dictionaries");
    expect(sectionId("  2D   Arrays ")).toBe("2d-arrays");
  });
});

const item = (over: Partial<ExerciseListItem>): ExerciseListItem => ({
  id: over.title ?? "x",
  title: "x",
  description: "",
  difficulty: "easy",
  language: "python",
  estimatedTime: "",
  displayOrder: 0,
  category: { id: "c", name: "c", description: "" },
  isCompleted: false,
  ...over,
});
const category = (name: string, exercises: ExerciseListItem[]): ExerciseListCategory => ({
  id: name,
  name,
  description: "",
  displayOrder: 0,
  exercises,
  completedCount: exercises.filter((e) => e.isCompleted).length,
  totalCount: exercises.length,
});

const library = [
  category("Selection", [
    item({ title: "Grade Boundaries", description: "if and elif", difficulty: "medium" }),
    item({ title: "Even or Odd", description: "Use MOD", isCompleted: true }),
  ]),
  category("While Loops", [item({ title: "Guessing Game", difficulty: "hard" })]),
  category("Empty", []),
];

describe("filters", () => {
  it("show everything, empty categories included, when nothing is set", () => {
    expect(filterCategories(library, NO_FILTERS)).toBe(library);
  });
  it("match every search word in title, description or category, ignoring case", () => {
    const titles = (f: Partial<typeof NO_FILTERS>) =>
      filterCategories(library, { ...NO_FILTERS, ...f }).flatMap((c) => c.exercises.map((e) => e.title));
    expect(titles({ search: "mod" })).toEqual(["Even or Odd"]);
    expect(titles({ search: "while game" })).toEqual(["Guessing Game"]);
    expect(titles({ search: "selection ELIF" })).toEqual(["Grade Boundaries"]);
    expect(titles({ search: "nothing like this" })).toEqual([]);
  });
  it("filter by difficulty and by not completed yet, dropping categories with no match", () => {
    const out = filterCategories(library, { ...NO_FILTERS, difficulty: "easy", notCompleted: true });
    expect(out).toEqual([]);
    const todo = filterCategories(library, { ...NO_FILTERS, notCompleted: true });
    expect(todo.map((c) => [c.name, c.exercises.map((e) => e.title)])).toEqual([
      ["Selection", ["Grade Boundaries"]],
      ["While Loops", ["Guessing Game"]],
    ]);
  });
  it("live in the URL and survive a round trip, defaults left out", () => {
    const f = { search: "loops", difficulty: "hard" as const, notCompleted: true };
    const s = withFilters(q("level=gcse&language=python"), f);
    expect(s.toString()).toBe("level=gcse&language=python&q=loops&difficulty=hard&todo=1");
    expect(parseFilters(s)).toEqual(f);
    expect(withFilters(s, NO_FILTERS).toString()).toBe("level=gcse&language=python");
    expect(parseFilters(q("difficulty=impossible")).difficulty).toBe("all");
  });
});

it("says the per-category progress", () => {
  expect(progressText(7, 12)).toBe("7 of 12 completed");
});

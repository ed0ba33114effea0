import { describe, expect, it } from "vitest";
import type { AdminExercise } from "@/shared/api/exercises.ts";
import { deleteBlockedReason } from "./categories-tab.tsx";
import { filterLibrary } from "./exercises-tab.tsx";

const ex = (title: string, category: string, difficulty: AdminExercise["difficulty"], description = "") =>
  ({
    id: title,
    title,
    description,
    difficulty,
    category: { id: category, name: category },
  }) as AdminExercise;

describe("admin library", () => {
  const library = [
    ex("Loop A", "Loops", "easy"),
    ex("Loop B", "Loops", "hard", "nested"),
    ex("List", "Lists", "easy"),
  ];
  const titles = (f: Partial<Parameters<typeof filterLibrary>[1]>) =>
    filterLibrary(library, { query: "", category: "", difficulty: "", ...f }).map((e) => e.title);

  it("filters by category, difficulty and a search of title, category and description", () => {
    expect(titles({})).toEqual(["Loop A", "Loop B", "List"]);
    expect(titles({ category: "Loops" })).toEqual(["Loop A", "Loop B"]);
    expect(titles({ category: "Loops", difficulty: "easy" })).toEqual(["Loop A"]);
    expect(titles({ query: " NESTED " })).toEqual(["Loop B"]);
    expect(titles({ query: "lists", difficulty: "hard" })).toEqual([]);
  });

  it("says why a category's Delete is disabled, with its count", () => {
    expect(deleteBlockedReason(12)).toBe(
      "Delete: this category still holds 12 exercises. Move or delete them first.",
    );
    expect(deleteBlockedReason(1)).toBe(
      "Delete: this category still holds 1 exercise. Move or delete it first.",
    );
  });
});

import { describe, expect, it } from "vitest";
import type { ExerciseDetail, ExerciseListItem } from "@/shared/api/exercises.ts";
import { filterExercises, premadeFromExercise, searchExercises } from "./premade-picker.tsx";

const item = (title: string, category: string, description: string): ExerciseListItem => ({
  id: title,
  title,
  description,
  difficulty: "easy",
  language: "python",
  estimatedTime: "",
  displayOrder: 0,
  category: { id: category, name: category, description: "" },
  isCompleted: false,
});

describe("premade picker", () => {
  const items = [
    item("What is an Array", "Arrays", "Lists of colours"),
    item("Using Comments", "Variables & Operators", "Comments start with #"),
  ];

  const titles = (r: { named: ExerciseListItem[]; described: ExerciseListItem[] }) => ({
    named: r.named.map((e) => e.title),
    described: r.described.map((e) => e.title),
  });

  it("searches title, category and description, ignoring case", () => {
    expect(searchExercises(items, "  ").named).toHaveLength(2);
    expect(titles(searchExercises(items, "ARRAY"))).toEqual({ named: ["What is an Array"], described: [] });
    expect(titles(searchExercises(items, "operators"))).toEqual({ named: ["Using Comments"], described: [] });
    expect(titles(searchExercises(items, "colours"))).toEqual({ named: [], described: ["What is an Array"] });
  });

  it("matches word starts, titles first: 'even' finds 'Odd or Even', not 'seven'; a mention comes after", () => {
    const library = [
      item("Change Machine", "Selection", "Print every coin, even when the number is 0."),
      item("Lucky Seven", "Selection", "Print seven stars"),
      item("Odd or Even Number", "Selection", "Say whether a number is odd or even."),
      item("Evens", "Iteration", "Count up"),
    ];
    expect(titles(searchExercises(library, "even"))).toEqual({
      named: ["Odd or Even Number", "Evens"],
      described: ["Change Machine"],
    });
    expect(titles(searchExercises(library, "seven"))).toEqual({ named: ["Lucky Seven"], described: [] });
    expect(titles(searchExercises(library, "odd even"))).toEqual({
      named: ["Odd or Even Number"],
      described: [],
    });
    // A category match comes after the title matches.
    expect(titles(searchExercises(library, "iteration")).named).toEqual(["Evens"]);
    // Characters special to a regular expression are plain text.
    expect(titles(searchExercises(library, "(even"))).toEqual({ named: [], described: [] });
  });

  it("filters by category and difficulty", () => {
    const library = [
      { ...item("A", "Arrays", ""), difficulty: "hard" as const },
      item("B", "Arrays", ""),
      item("C", "Loops", ""),
    ];
    expect(filterExercises(library, { category: "Arrays", difficulty: "" }).map((e) => e.title)).toEqual([
      "A",
      "B",
    ]);
    expect(filterExercises(library, { category: "", difficulty: "hard" }).map((e) => e.title)).toEqual(["A"]);
    expect(filterExercises(library, { category: "Loops", difficulty: "hard" })).toEqual([]);
  });

  it("pre-fills from the exercise: description, starter code as stored, visible test cases", () => {
    const detail = {
      ...items[0],
      starterCode: "colours = []\\n",
      hints: [],
      testCases: [
        { id: "t", description: "First", input: "a\nb", expectedOutput: "red\n3", displayOrder: 0 },
      ],
      progress: {
        isCompleted: false,
        lastSavedAt: null,
        passedTests: 0,
        totalTests: 0,
        score: 0,
        code: null,
      },
      attempts: [],
      attemptsTotal: 0,
    } satisfies ExerciseDetail;
    expect(premadeFromExercise(detail)).toEqual({
      id: "What is an Array",
      title: "What is an Array",
      category: "Arrays",
      difficulty: "easy",
      description: "Lists of colours",
      starterCode: "colours = []\\n",
      testCases: [{ description: "First", input: "a\nb", expectedOutput: "red\n3", hidden: false }],
    });
  });
});

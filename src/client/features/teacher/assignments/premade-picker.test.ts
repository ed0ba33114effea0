import { describe, expect, it } from "vitest";
import type { ExerciseDetail, ExerciseListItem } from "@/shared/api/exercises.ts";
import { premadeFromExercise, searchExercises } from "./premade-picker.tsx";

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

  it("searches title, category and description, ignoring case", () => {
    expect(searchExercises(items, "  ")).toHaveLength(2);
    expect(searchExercises(items, "ARRAY").map((e) => e.title)).toEqual(["What is an Array"]);
    expect(searchExercises(items, "operators").map((e) => e.title)).toEqual(["Using Comments"]);
    expect(searchExercises(items, "colours").map((e) => e.title)).toEqual(["What is an Array"]);
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

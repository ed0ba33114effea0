// A bank exercise's version hash: a drawing test's flag counts (decision 077), and a test without
// one hashes as it did before the flag existed, so rows seeded earlier are not taken for edited.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ExerciseRecord } from "@/server/features/exercises/index.ts";
import { contentHash } from "./bank-version.ts";

const record = (compareDrawing?: boolean): ExerciseRecord => ({
  title: "Star",
  description: "Draw a star.",
  difficulty: "easy",
  language: "python",
  categoryId: "ignored",
  starterCode: "",
  solution: "import turtle",
  hints: [],
  estimatedTime: "",
  displayOrder: 0,
  testCases: [{ description: "Big", input: "100", inputs: [], expectedOutput: "A star", compareDrawing }],
});

describe("contentHash", () => {
  it("is the hash from before drawing tests for a test without the flag", () => {
    const before = createHash("sha256")
      .update(
        JSON.stringify([
          "Star",
          "Draw a star.",
          "easy",
          "python",
          "turtle graphics",
          "",
          "import turtle",
          [],
          "",
          0,
          [["Big", "100", [], "A star"]],
        ]),
      )
      .digest("hex");
    expect(contentHash(record(), "Turtle Graphics")).toBe(before);
    expect(contentHash(record(false), "Turtle Graphics")).toBe(before);
  });

  it("changes when a test becomes a drawing test", () => {
    expect(contentHash(record(true), "Turtle Graphics")).not.toBe(
      contentHash(record(false), "Turtle Graphics"),
    );
  });
});

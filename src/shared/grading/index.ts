// The grading core's TypeScript half; harness.py is its Python half (loaded by each runtime).
export * from "./compare.ts";
export * from "./diff.ts";
export * from "./score.ts";
export * from "./types.ts";

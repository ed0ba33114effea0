import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/shared/**/*.test.ts", "src/client/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts"],
          exclude: ["src/server/python/**"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real Pyodide in a sandboxed grader process: heavy, so one file at a time.
        test: {
          name: "python",
          include: ["src/server/python/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

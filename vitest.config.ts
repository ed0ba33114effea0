import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The `@/` alias of tsconfig.json's paths; each project below carries it (projects don't inherit).
const resolve = { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["src/shared/**/*.test.ts", "src/client/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve,
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts"],
          exclude: ["src/server/python/**", "src/server/content/**"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real Pyodide in a sandboxed grader process: heavy, so one file at a time. The exercise
        // bank's checker (src/server/content) grades with it too.
        resolve,
        test: {
          name: "python",
          include: ["src/server/python/**/*.test.ts", "src/server/content/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

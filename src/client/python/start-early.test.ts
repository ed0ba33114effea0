import { describe, expect, it } from "vitest";
import { runsPython } from "./start-early.ts";

describe("pages whose Python starts with the app's first script", () => {
  it("are the playground and the workspaces", () => {
    for (const path of [
      "/playground",
      "/student/assignments/abc",
      "/student/exercise/42",
      "/teacher/exercise/7/",
    ])
      expect(runsPython(path), path).toBe(true);
  });
  it("are not the others, nor a workspace's neighbours", () => {
    for (const path of [
      "/",
      "/sign-in",
      "/student/assignments",
      "/teacher/assignments/abc",
      "/student/assignments/abc/x",
      "/playgroundx",
    ])
      expect(runsPython(path), path).toBe(false);
  });
});

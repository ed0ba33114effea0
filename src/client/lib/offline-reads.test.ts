import { describe, expect, it } from "vitest";
import { isOfflineRead } from "./offline-reads.ts";

const read = (path: string) => isOfflineRead(new URL(path, "http://localhost"));

describe("isOfflineRead", () => {
  it("keeps what a workspace needs to open again", () => {
    expect(read("/api/me")).toBe(true);
    expect(read("/api/assignments")).toBe(true);
    expect(read("/api/assignments/abc")).toBe(true);
    expect(read("/api/assignments/abc/submissions")).toBe(true);
    expect(read("/api/exercises/e1")).toBe(true);
  });

  it("keeps nothing else: other reads, queries, streams, downloads", () => {
    expect(read("/api/assignments/abc/submissions?studentId=s1")).toBe(false);
    expect(read("/api/assignments/abc/progress")).toBe(false);
    expect(read("/api/me/live/stream")).toBe(false);
    expect(read("/api/me/exports")).toBe(false);
    expect(read("/api/insights")).toBe(false);
    expect(read("/api/auth/get-session")).toBe(false);
  });
});

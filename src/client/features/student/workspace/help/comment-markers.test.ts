import { describe, expect, it } from "vitest";
import type { CodeComment } from "@/shared/api/comments.ts";
import { lineOf } from "@/shared/api/comments.ts";
import { waitingText } from "@/shared/api/help.ts";
import { anchoredLines } from "./comment-markers.ts";

const comment = (id: string, line: number, lineText: string): CodeComment => ({
  id,
  authorId: "t",
  authorName: "Ms Hopper",
  studentId: "s",
  assignmentId: "a",
  submissionId: null,
  helpRequestId: null,
  line,
  lineText,
  body: `comment ${id}`,
  createdAt: "2026-11-25T10:00:00Z",
  updatedAt: "2026-11-25T10:00:00Z",
});

describe("anchoredLines", () => {
  const code = 'name = input()\nprint("hi " + nme)\n';

  it("keeps a comment on its line while the line reads as it did", () => {
    const byLine = anchoredLines(code, [
      comment("1", 2, 'print("hi " + nme)'),
      comment("2", 2, 'print("hi " + nme)'),
    ]);
    expect([...byLine.keys()]).toEqual([2]);
    expect(byLine.get(2)!.map((c) => c.id)).toEqual(["1", "2"]);
  });

  it("drops a comment whose line has changed, moved away or gone", () => {
    const edited = 'name = input()\nprint("hi " + name)\n';
    expect(anchoredLines(edited, [comment("1", 2, 'print("hi " + nme)')]).size).toBe(0);
    expect(anchoredLines("x = 1", [comment("1", 5, "")]).size).toBe(0);
    // A blank line written on a blank line stays anchored.
    expect(anchoredLines("a\n\nb", [comment("1", 2, "")]).get(2)).toHaveLength(1);
  });
});

describe("lineOf and waitingText", () => {
  it("reads a 1-based line, null outside", () => {
    expect(lineOf("a\nb", 2)).toBe("b");
    expect(lineOf("a\nb", 0)).toBeNull();
    expect(lineOf("a\nb", 3)).toBeNull();
  });
  it("says minutes plainly", () => {
    expect(waitingText(0)).toBe("just now");
    expect(waitingText(3)).toBe("3 min");
  });
});

// The one diff look (diff-box.tsx) as the workspaces draw it: the expected output against the
// student's, + expected and − printed instead, each line said in words to a screen reader, and the
// note when only the first lines were compared. The replay's use is tested beside it (code-diff).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DIFF_LINE_LIMIT } from "@/shared/grading/diff.ts";
import { LineDiff } from "./line-diff.tsx";

const text = (html: string) => html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");

describe("LineDiff", () => {
  it("marks the expected line + and the printed one −, in words too, unchanged lines plain", () => {
    const out = renderToStaticMarkup(<LineDiff expected={"Hello\nHI!"} actual={"Hello\nhi"} />);
    expect(out).toContain('data-testid="line-diff"');
    expect(out).toContain('aria-label="Differences"');
    expect(text(out)).toContain("| |Hello|");
    expect(text(out)).toContain("|+|expected: |HI!|");
    expect(text(out)).toContain("|−|yours: |hi|");
    expect(out).toContain('class="bg-green-50 text-green-900"');
    expect(out).toContain('class="bg-red-50 text-red-900"');
    expect(out).toContain("Green lines (+) were expected");
    expect(out).not.toContain("Only the first");
  });

  it("says when only the first lines of a long output were compared", () => {
    const long = "x\n".repeat(DIFF_LINE_LIMIT + 5);
    expect(renderToStaticMarkup(<LineDiff expected="x" actual={long} />)).toContain("Only the first");
  });
});

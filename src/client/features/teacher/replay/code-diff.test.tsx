// A replay's two points through the one diff look: + added, − removed, said in words too, counted.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CodeDiff } from "./code-diff.tsx";

const text = (html: string) => html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");

describe("CodeDiff", () => {
  it("counts and marks what came (+ added) and what went (− removed) between two points", () => {
    const out = renderToStaticMarkup(
      <CodeDiff before={"a = 1\nprint(a)"} after={"a = 2\nprint(a)"} label="Changes" />,
    );
    expect(text(out)).toContain("1 line added, 1 removed.");
    expect(text(out)).toContain("|+|added: |a = 2|");
    expect(text(out)).toContain("|−|removed: |a = 1|");
    expect(out).toContain('data-testid="replay-diff"');
    expect(out).toContain('aria-label="Changes"');
    expect(out).toContain("Green lines (+) were added after the earlier point");
  });

  it("says so when nothing changed", () => {
    expect(renderToStaticMarkup(<CodeDiff before="x" after="x" label="Changes" />)).toContain(
      "No lines changed between these two points.",
    );
  });
});

// docs/schools/*.md hold the same text as the /schools pages (run `npx tsx scripts/school-pack.ts`).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SCHOOL_PACK, toMarkdown } from "./school-pack.ts";

describe("the school pack", () => {
  it.each(SCHOOL_PACK.map((d) => [d.slug, d] as const))(
    "docs/schools/%s.md matches the page",
    (slug, doc) => {
      const file = new URL(`../../../../docs/schools/${slug}.md`, import.meta.url);
      expect(fs.existsSync(file), `docs/schools/${slug}.md is missing`).toBe(true);
      expect(fs.readFileSync(file, "utf8")).toBe(toMarkdown(doc));
    },
  );

  it("every document has sections with text", () => {
    for (const doc of SCHOOL_PACK) expect(doc.sections.length, doc.slug).toBeGreaterThan(0);
  });
});

// The maps live in the repository: the README and docs/ link only to files that exist inside it,
// and every decision record has a Date and a Status and is listed in the index. A clean clone is
// all a new developer or CI has, so a link to ../shared or to a moved file is a broken map.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(full);
    return e.name.endsWith(".md") ? [full] : [];
  });
}

/** Relative link targets of a Markdown file: `[text](target)`, without #anchors or web addresses. */
export function relativeLinks(text: string): string[] {
  const links: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1].split("#")[0];
    if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    links.push(target);
  }
  return links;
}

const documents = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))];

describe("the maps in the repository", () => {
  it("finds the links it checks", () => {
    expect(relativeLinks("[a](docs/x.md#y) [b](https://example.com) [c](#top) [d](../z.md)")).toEqual([
      "docs/x.md",
      "../z.md",
    ]);
  });

  it.each(documents.map((f) => [path.relative(root, f), f]))(
    "%s links only to files in the repository",
    (_, file) => {
      const text = fs.readFileSync(file, "utf8");
      const broken = relativeLinks(text).filter((target) => {
        const resolved = path.resolve(path.dirname(file), decodeURI(target));
        return !resolved.startsWith(`${root}${path.sep}`) || !fs.existsSync(resolved);
      });
      expect(broken).toEqual([]);
      // A path written as code that leaves the repository is a link in all but name.
      expect(text.match(/`\.\.\/shared\/[^`]*`/g) ?? []).toEqual([]);
    },
  );

  const decisionsDir = path.join(root, "docs/decisions");
  const records = fs.readdirSync(decisionsDir).filter((f) => /^\d{3}-.*\.md$/.test(f));
  const index = fs.readFileSync(path.join(decisionsDir, "README.md"), "utf8");

  it.each(records)("decision %s has a Date and a Status and is in the index", (name) => {
    const head = fs.readFileSync(path.join(decisionsDir, name), "utf8").split("\n").slice(0, 8).join("\n");
    expect(head).toMatch(/^# \d{3} — \S/);
    expect(head).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    expect(head).toMatch(/^Status: \S/m);
    expect(index).toContain(`(${name})`);
  });

  it("gives every decision its own number", () => {
    const numbers = records.map((f) => f.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

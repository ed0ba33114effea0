// Runs axe-core (WCAG 2.0–2.2 A and AA rules) in the page and fails with the violations listed.
// Evaluated through the debugging protocol, as our CSP (rightly) refuses inline scripts.
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const axeSource: string = createRequire(import.meta.url)("axe-core").source;

type Violation = { id: string; help: string; nodes: { target: unknown[] }[] };

/** Expects no WCAG 2.2 AA violation on the page as it is now (optionally within `include`). */
export async function expectNoAxeViolations(page: Page, include?: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selector) => {
    // The page as it settles, not half-way through a colour transition: a button just enabled
    // fades from its disabled colour over 150 ms, and axe caught it at 3:1 in CI. Endless
    // animations (a spinner, a pulse) are left alone; a transition gets at most a second.
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.race([
      Promise.all(transitions.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]);
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(selector ?? document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  }, include);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

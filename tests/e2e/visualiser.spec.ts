// Visualise (issue 21, decision 067) on /playground, in real Chromium against the production
// build: a loop over a list with a function call, stepped forward and back (buttons, keys and the
// slider) to chosen steps whose line, frames, values and output are checked; input() answered in
// the console; two names sharing one list point at one box; axe at both widths. Hostile: a
// program that runs forever stops at 10,000 steps and says so; a huge list and a list holding
// itself are drawn bounded. Prints the speed figures (benchmarks, never asserted on time).
import { expect, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { setCode } from "./helpers/editor.ts";

const PROGRAM = [
  "def double(x):", // 1
  "    result = x * 2", // 2
  "    return result", // 3
  "", // 4
  "numbers = [3, 5]", // 5
  "same = numbers", // 6
  "total = 0", // 7
  "for n in numbers:", // 8
  "    total = total + double(n)", // 9
  'name = input("Name? ")', // 10
  "print(name, total)", // 11
].join("\n");

async function openPlayground(page: Page) {
  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });
}

/** The variables of the last frame called `title`, as name → value (as a screen reader reads them). */
async function variables(page: Page, title: string): Promise<Record<string, string>> {
  const frame = page.getByTestId("visualiser-frame").filter({ hasText: title }).last();
  const rows = frame.locator("tr[data-variable]");
  const out: Record<string, string> = {};
  for (const row of await rows.all()) {
    const name = (await row.getAttribute("data-variable")) ?? "";
    out[name] = ((await row.locator("td").textContent()) ?? "").replace(/\s+/g, " ").trim();
  }
  return out;
}

const currentLine = (page: Page) =>
  page.getByTestId("visualiser-code").locator("li[aria-current]").getAttribute("data-line");

test("steps forward and back through a loop with a list and a function call", async ({ page }) => {
  await openPlayground(page);
  await setCode(page, PROGRAM);
  await page.getByRole("button", { name: "Visualise" }).click();
  // input() is answered in the console, as with Run.
  const answer = page.getByPlaceholder("Type your answer and press Enter");
  await expect(answer).toBeFocused();
  await answer.fill("Sam");
  await answer.press("Enter");

  const panel = page.getByTestId("visualiser");
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  const position = page.getByTestId("visualiser-position");
  const summary = page.getByTestId("visualiser-summary");
  const output = page.getByTestId("visualiser-output");
  await expect(position).toHaveText("Step 1 of 18");
  await expect(summary).toHaveText("About to run line 1");
  expect(await currentLine(page)).toBe("1");
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();

  // → five times: the loop's first pass is about to call double(3).
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  await expect(position).toHaveText("Step 6 of 18");
  expect(await currentLine(page)).toBe("9");
  expect(await variables(page, "Global frame")).toEqual({
    double: "function double(x)",
    numbers: "box 1, list",
    same: "box 1, list",
    total: "0",
    n: "3",
  });
  // Both names point at one box: one list, two arrows.
  // Its items as a row, each with its index under it.
  await expect(page.getByRole("listitem", { name: "Box 1: list" }).locator("ol > li")).toHaveText([
    "3index 0",
    "5index 1",
  ]);
  await expect(page.getByTestId("visualiser-arrows").locator("[data-arrow]")).toHaveCount(2);

  // Forward twice (the button): inside double(3), result computed.
  await page.getByRole("button", { name: "Forward" }).click();
  await page.getByRole("button", { name: "Forward" }).click();
  await expect(position).toHaveText("Step 8 of 18");
  expect(await currentLine(page)).toBe("3");
  await expect(page.getByTestId("visualiser-frame")).toHaveCount(2);
  expect(await variables(page, "double()")).toEqual({ x: "3", result: "6" });
  await page.getByRole("button", { name: "Forward" }).click();
  await expect(summary).toHaveText("double returns 6 (line 3)");
  expect(await variables(page, "double()")).toEqual({ x: "3", result: "6", "(return value)": "6" });

  // Back (← and the button) to where double(3) has just begun: no result yet.
  await page.keyboard.press("ArrowLeft");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(position).toHaveText("Step 7 of 18");
  expect(await currentLine(page)).toBe("2");
  expect(await variables(page, "double()")).toEqual({ x: "3" });

  // Jump with the slider to the second pass's return, then to the end (End key).
  await page.getByTestId("visualiser-slider").fill("14");
  await expect(position).toHaveText("Step 14 of 18");
  await expect(summary).toHaveText("double returns 10 (line 3)");
  expect((await variables(page, "Global frame")).total).toBe("6");
  await expect(output).toHaveText("(nothing yet)");
  await page.getByTestId("visualiser-slider").fill("17");
  expect(await currentLine(page)).toBe("11");
  await expect(output).toHaveText("Name? Sam");
  expect((await variables(page, "Global frame")).name).toBe("'Sam'");
  await panel.focus();
  await page.keyboard.press("End");
  await expect(position).toHaveText("Step 18 of 18");
  await expect(summary).toHaveText("The program has finished.");
  await expect(output).toHaveText("Name? Sam\nSam 16");
  expect((await variables(page, "Global frame")).total).toBe("16");
  await page.keyboard.press("Home");
  await expect(position).toHaveText("Step 1 of 18");

  // Look at it, then axe on the panel at both widths.
  await page.keyboard.press("End");
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByTestId("visualiser-slider").fill("9");
    await panel.screenshot({ path: `test-results/visualiser-${width}.png` });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Editing the code says the steps are of the old code; Close closes.
  await setCode(page, 'print("changed")');
  await expect(panel).toContainText("Your code has changed since these steps were recorded.");
  await page.getByRole("button", { name: "Close" }).click();
  await expect(panel).toHaveCount(0);
});

test("hostile: an endless loop stops at 10,000 steps; huge and self-holding lists are bounded", async ({
  page,
}) => {
  await openPlayground(page);
  await setCode(page, 'count = 0\nwhile True:\n    count = count + 1\nprint("never")');
  await page.getByRole("button", { name: "Visualise" }).click();
  const position = page.getByTestId("visualiser-position");
  await expect(position).toHaveText("Step 1 of 10000", { timeout: 60_000 });
  const panel = page.getByTestId("visualiser");
  await expect(panel).toContainText("Your program was stopped after 10,000 steps");
  await page.keyboard.press("End");
  await expect(position).toHaveText("Step 10000 of 10000");
  expect((await variables(page, "Global frame")).count).toBe("4999");
  await expect(page.getByTestId("output")).toContainText("StepLimitReached");

  await setCode(
    page,
    "big = list(range(1000000))\nme = [1]\nme.append(me)\nwords = {'a': me, 'long': 'x' * 5000}\nprint(len(big))",
  );
  await page.getByRole("button", { name: "Visualise" }).click();
  await expect(position).toHaveText(/Step 1 of \d+/, { timeout: 30_000 });
  await page.keyboard.press("End");
  await expect(page.getByTestId("visualiser-summary")).toHaveText("The program has finished.");
  await expect(page.getByTestId("visualiser-output")).toHaveText("1000000");
  const big = page.getByRole("listitem", { name: "Box 1: list" });
  await expect(big).toContainText("…and 999,950 more not shown.");
  // The list that holds itself: its second item points back at its own box.
  const me = page.getByRole("listitem", { name: "Box 2: list" });
  await expect(me.locator("[data-ref]")).toHaveText("box 2");
  await expect(page.getByRole("listitem", { name: "Box 3: dict" })).toContainText("(5,000 characters)");
  await page.getByTestId("visualiser").screenshot({ path: "test-results/visualiser-bounded.png" });
  const state = await page.getByTestId("visualiser-state").innerText();
  expect(state.length).toBeLessThan(6000);
});

test("the turtle's drawing so far, step by step", async ({ page }) => {
  await openPlayground(page);
  await setCode(
    page,
    "import turtle\nt = turtle.Turtle()\nt.speed(0)\nfor side in range(4):\n    t.forward(80)\n    t.left(90)\nprint(t.position())",
  );
  await page.getByRole("button", { name: "Visualise" }).click();
  const position = page.getByTestId("visualiser-position");
  await expect(position).toHaveText(/^Step 1 of \d+$/, { timeout: 30_000 });
  // Nothing drawn yet at the first step; the Run canvas is not shown for a Visualise.
  await expect(page.getByTestId("turtle-canvas")).toHaveCount(0);
  await page.keyboard.press("End");
  const canvas = page.getByTestId("turtle-canvas");
  await expect(canvas).toHaveAttribute("data-complete", "true");
  await expect(canvas).toHaveAttribute("aria-label", /4 lines/);
  // Back to where one side has been drawn: the canvas shows just that.
  const steps = Number((await position.innerText()).replace(/^Step \d+ of /, ""));
  let label = "";
  for (let i = steps - 1; i > 1 && !/\b1 line\b/.test(label); i--) {
    await page.keyboard.press("ArrowLeft");
    await expect(position).toHaveText(`Step ${i} of ${steps}`);
    // The canvas repaints on the next frames; then it says what it holds.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(canvas).toHaveAttribute("data-complete", "true");
    label = (await canvas.getAttribute("aria-label")) ?? "";
  }
  await expect(canvas).toHaveAttribute("aria-label", /\b1 line\b/);
});

test("speed: tracing about 1,000 steps and stepping (printed, not asserted)", async ({ page }) => {
  await openPlayground(page);
  await setCode(
    page,
    [
      "def score(word):",
      "    total = 0",
      "    for letter in word:",
      "        total += ord(letter) % 7",
      "    return total",
      "",
      'words = ["apple", "banana", "cherry", "damson", "elder", "fig", "grape", "hazel"]',
      "results = []",
      "for round_number in range(8):",
      "    for w in words:",
      "        results.append(score(w))",
      "print(sum(results))",
    ].join("\n"),
  );
  // Warm: the first Visualise also loads tracer.py.
  await page.getByRole("button", { name: "Visualise" }).click();
  const position = page.getByTestId("visualiser-position");
  await expect(position).toHaveText(/Step 1 of \d+/, { timeout: 30_000 });
  await page.getByRole("button", { name: "Close" }).click();
  const started = Date.now();
  await page.getByRole("button", { name: "Visualise" }).click();
  await expect(position).toHaveText(/Step 1 of \d+/, { timeout: 30_000 });
  const traceMs = Date.now() - started;
  const steps = Number((await position.innerText()).replace(/^Step 1 of /, ""));
  // Each step: a click on Forward, until React has rendered it (its microtask), the arrows are
  // measured and the layout is done; checked by the position it shows. Two walks over the same
  // 300 steps: the first pays for code the browser has not compiled yet (and the first box and
  // arrows drawn), the second is what stepping costs once the student has taken a few steps.
  const walk = () =>
    page.evaluate(async () => {
      const button = (label: string) =>
        [...document.querySelectorAll("button")].find((b) => b.textContent?.includes(label));
      const forward = button("Forward");
      const shown = document.querySelector('[data-testid="visualiser-position"]');
      document.querySelector<HTMLButtonElement>('button[aria-label="First step"]')?.click();
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      if (!shown?.textContent?.startsWith("Step 1 ")) throw new Error("not back at step 1");
      const times: number[] = [];
      for (let i = 0; i < 300 && forward && !forward.disabled; i++) {
        const t = performance.now();
        forward.click();
        await Promise.resolve();
        await Promise.resolve();
        void document.body.offsetHeight;
        times.push(performance.now() - t);
        if (!shown?.textContent?.startsWith(`Step ${i + 2} `)) throw new Error(`step ${i + 2} not shown yet`);
        if (i % 20 === 0) await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))].toFixed(1);
      return `${at(0.5)} ms median, ${at(0.99)} ms p99, ${times[times.length - 1].toFixed(1)} ms slowest`;
    });
  const cold = await walk();
  const warm = await walk();
  console.log(
    `visualiser: ${steps} steps traced and shown in ${traceMs} ms (click → first step, Playwright's view); ` +
      `300 steps forward, first walk: ${cold}; again: ${warm}`,
  );
  expect(steps).toBeGreaterThan(900);
});

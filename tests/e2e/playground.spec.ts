// The browser's Python on /playground, in real Chromium against the production build: input()
// answered inline, Stop ends an endless loop within 2 s and the next Run works, Run Tests;
// os.system("clear") empties the console and warnings show apart from the output.
import { expect, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";
import { setCode } from "./helpers/editor.ts";

test("runs Python with inline input, stops an endless loop, runs tests", async ({ page }) => {
  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByRole("heading", { name: "Python playground" })).toBeVisible();
  const status = page.getByTestId("python-status");
  const output = page.getByTestId("output");
  await expect(status).toHaveText("Ready", { timeout: 30_000 });
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);

  // Two input() questions, answered in the output panel.
  await setCode(
    page,
    'name = input("Name? ")\ncolour = input("Favourite colour? ")\nprint(f"{name} likes {colour}")',
  );
  await page.getByRole("button", { name: "Run", exact: true }).click();
  const answer = page.getByPlaceholder("Type your answer and press Enter");
  await expect(answer).toBeFocused();
  await expect(output).toHaveText("Name? ");
  await answer.fill("Ada");
  await answer.press("Enter");
  await expect(output).toHaveText("Name? Ada\nFavourite colour? ");
  await page.getByPlaceholder("Type your answer and press Enter").fill("green");
  await page.keyboard.press("Enter");
  await expect(output).toHaveText("Name? Ada\nFavourite colour? green\nAda likes green\n");
  await expect(status).toHaveText("Ready");

  // Stop while input() waits: the program ends at once, no restart needed.
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(status).toHaveText("Waiting for input");
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(output).toHaveText(/^Name\? \n?\[program stopped\]$/);
  await expect(status).toHaveText("Ready");

  // An endless loop: Stop ends it within 2 s, and the next Run works.
  await setCode(page, 'print("looping")\nwhile True:\n    pass');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(output).toHaveText("looping\n");
  await expect(status).toHaveText("Running");
  const stopped = Date.now();
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(output).toContainText("[program stopped]", { timeout: 2000 });
  expect(Date.now() - stopped).toBeLessThan(2000);
  await expect(status).toHaveText("Ready", { timeout: 5000 });

  await setCode(page, 'print("after stop", 6 * 7)\nprint(1 / 0)');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(output).toHaveText("after stop 42\nError: ZeroDivisionError: division by zero (line 2)");

  // Ctrl+Enter runs too.
  await setCode(page, 'print("keyboard")');
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(output).toHaveText("keyboard\n");

  // Run Tests: the starter tests, one written with prompts and one without.
  await setCode(
    page,
    'name = input("What is your name? ")\nage = int(input("How old are you? "))\nprint(f"Hello {name}! Next year you will be {age + 1}.")',
  );
  await page.getByRole("button", { name: "Run Tests" }).click();
  await expect(page.getByTestId("test-summary")).toHaveText("Passed: 2/2 tests");
});

test("a program that never ends fails its test at the time limit", async ({ page }) => {
  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });
  await setCode(page, "print(sum(range(10**11)))");
  await page.getByRole("button", { name: "Run Tests" }).click();
  await expect(page.getByTestId("test-summary")).toHaveText("Passed: 0/2 tests", { timeout: 30_000 });
  // Failed rows open by themselves; a TimeoutError gets its explanation (since 7b9228f), not the tips.
  await expect(page.getByText(/TimeoutError: the program ran for more than 5 s/).first()).toBeVisible();
  // The worker was replaced and runs again.
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 10_000 });
  await setCode(page, 'print("alive")');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByTestId("output")).toHaveText("alive\n");
});

test('os.system("clear") empties the console; a warning shows apart from the output', async ({ page }) => {
  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });
  const output = page.getByTestId("output");
  const warnings = page.getByRole("list", { name: "Warnings" });

  // A menu program from a popular course: clear, draw, ask, clear, answer.
  await setCode(
    page,
    'import os\nprint("Welcome")\nos.system("clear")\nprint(" /|\\ ")\nname = input("Name? ")\nos.system("cls")\nprint("Hello", name)',
  );
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(output).toHaveText(" /|\\ \nName? ");
  // The invalid escape's warning (in Python's own words): above the output, not in it.
  const invalidEscape = /^Warning \(line 4\): .*invalid escape sequence/;
  await expect(warnings).toHaveText(invalidEscape);
  const answer = page.getByPlaceholder("Type your answer and press Enter");
  await answer.fill("Ada");
  await answer.press("Enter");
  await expect(output).toHaveText("Hello Ada\n");
  await expect(page.getByTestId("python-status")).toHaveText("Ready");
  await expect(warnings).toHaveText(invalidEscape);

  // Any other command starts nothing and says so in its status, as a shell without it would.
  await setCode(page, 'import os\nprint(os.system("pause"))');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(output).toHaveText("32512\n");
  await expect(warnings).toHaveCount(0);
});

test("degraded mode without cross-origin isolation: input() by re-running, Stop by restart", async ({
  page,
}) => {
  // Serve the page without COOP/COEP, as a misconfigured proxy might: no SharedArrayBuffer.
  await page.route("**/playground", async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["cross-origin-opener-policy"];
    delete headers["cross-origin-embedder-policy"];
    await route.fulfill({ response, headers });
  });
  await signUpVerified(page, "student");
  await page.goto("/playground");
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(false);
  await expect(page.getByText(/runs again from the start with your answers/)).toBeVisible();
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });
  const output = page.getByTestId("output");

  await setCode(page, 'a = input("First? ")\nb = input("Second? ")\nprint(a + b)');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  const answer = page.getByPlaceholder("Type your answer and press Enter");
  await expect(output).toHaveText("First? ");
  await answer.fill("py");
  await answer.press("Enter");
  await expect(output).toHaveText("First? py\nSecond? ");
  await page.getByPlaceholder("Type your answer and press Enter").fill("thon");
  await page.keyboard.press("Enter");
  await expect(output).toHaveText("First? py\nSecond? thon\npython\n");

  // A clear after the answer: the re-run's console starts from there.
  await setCode(
    page,
    'import os\nprint("Menu")\nchoice = input("Choice? ")\nos.system("clear")\nprint("You chose", choice)',
  );
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(output).toHaveText("Menu\nChoice? ");
  await page.getByPlaceholder("Type your answer and press Enter").fill("2");
  await page.keyboard.press("Enter");
  await expect(output).toHaveText("You chose 2\n");

  await setCode(page, "while True:\n    pass");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByTestId("python-status")).toHaveText("Running");
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(output).toContainText("[program stopped]", { timeout: 2000 });
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 10_000 });
  await setCode(page, 'print("still here")');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(output).toHaveText("still here\n");
});

test("the landing page loads neither Python nor the editor; a signed-in shell preloads Python", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(requested.filter((p) => /pyodide|python|playground|code-editor/.test(p))).toEqual([]);

  // Signed in, the shell starts the worker in idle time: Pyodide is fetched without a workspace.
  await signUpVerified(page, "student");
  await page.goto("/student/settings");
  await expect.poll(() => requested.some((p) => p.startsWith("/pyodide/")), { timeout: 15_000 }).toBe(true);
});

test("a broken snapshot in Cache Storage falls back to a plain load and is replaced", async ({ page }) => {
  await signUpVerified(page, "student");
  await page.goto("/playground");
  const status = page.getByTestId("python-status");
  await expect(status).toHaveText("Ready", { timeout: 30_000 });
  // Overwrite every cached snapshot with garbage.
  const broken = await page.evaluate(async () => {
    const cache = await caches.open("pyclass-python");
    const keys = await cache.keys();
    for (const k of keys) await cache.put(k, new Response(new Uint8Array(1024)));
    return keys.length;
  });
  expect(broken).toBe(1);
  await page.reload();
  await expect(status).toHaveText("Ready", { timeout: 30_000 });
  const startup = await page.evaluate(() => {
    const m = performance.getEntriesByName("pyclass:python-startup", "measure").at(-1) as PerformanceMeasure;
    return (m.detail as { snapshot: string }).snapshot;
  });
  expect(startup).toBe("made");
  await setCode(page, 'print("recovered")');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByTestId("output")).toHaveText("recovered\n");
  // The next visit uses the new snapshot, written while the program ran (decision 078).
  await page.waitForFunction(() => performance.getEntriesByName("pyclass:snapshot-stored").length > 0);
  await page.reload();
  await expect(status).toHaveText("Ready", { timeout: 30_000 });
  expect(
    await page.evaluate(() => {
      const m = performance
        .getEntriesByName("pyclass:python-startup", "measure")
        .at(-1) as PerformanceMeasure;
      return (m.detail as { snapshot: string }).snapshot;
    }),
  ).toBe("loaded");
});

test("code in the browser has no `js` or `pyodide_js`: it cannot act with the student's session", async ({
  page,
}) => {
  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });
  const output = page.getByTestId("output");
  // Starter code from any teacher could otherwise fetch the API with the student's cookies.
  await setCode(page, "import js\njs.fetch('/api/me')");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(output).toHaveText(/^Error: ModuleNotFoundError: File not found: js /);
  await setCode(page, "import pyodide_js\nprint(pyodide_js.version)");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(output).toHaveText(/^Error: ModuleNotFoundError: File not found: pyodide_js /);
  // Nor is either left in sys.modules for a program to pick up.
  await setCode(
    page,
    "import sys\nprint(sorted(m for m in sys.modules if m.split('.')[0] in ('js', 'pyodide_js')))",
  );
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(output).toHaveText("[]\n");
});

test("on a phone the answer box comes into view and the keyboard-only Tab hint is not shown", async ({
  browser,
}) => {
  // A phone: touch, a coarse pointer, 390×844 (issue 19 item 13).
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await phone.newPage();
  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });
  await expect(page.getByText("Tab indents your code.")).toBeHidden();
  // Enough output first that the answer box would sit at the bottom of the screen.
  await setCode(page, 'for i in range(40):\n    print(i)\nname = input("Name? ")\nprint("Hi", name)');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  const answer = page.getByPlaceholder("Type your answer and press Enter");
  await expect(answer).toBeFocused();
  // In the middle of the screen, not at its bottom edge where the on-screen keyboard opens.
  await expect
    .poll(async () => {
      const box = (await answer.boundingBox())!;
      return box.y + box.height / 2;
    })
    .toBeLessThan(844 * 0.65);
  await answer.fill("Ada");
  await answer.press("Enter");
  await expect(page.getByTestId("output")).toContainText("Hi Ada");
  await phone.close();
});

test("tabbing through the page passes the editor; once typing, Tab indents (issue 19 item 8)", async ({
  page,
}) => {
  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });
  const editor = page.getByRole("textbox", { name: "Python code" });
  await setCode(page, "x = 1");
  // Reached by keyboard: Tab moves on instead of indenting, and Shift+Tab comes back.
  await page.getByRole("link", { name: "Back to dashboard" }).focus();
  for (let i = 0; i < 10 && !(await editor.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(editor).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(editor).not.toBeFocused();
  await expect(editor).toHaveText("x = 1");
  await page.keyboard.press("Shift+Tab");
  await expect(editor).toBeFocused();
  // Once the student types, Tab indents (four spaces) and focus stays.
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.type("y");
  await expect(editor).toBeFocused();
  await expect(editor).toHaveText("x = 1    y");
});

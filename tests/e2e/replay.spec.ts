// The teacher's replay (issue 18) against the real server: a student types in the workspace and
// its recorder sends the work (typing, a large paste, a hand-in); the teacher opens Replay from the
// progress table, sees the summary and the paste evidence in fair words, scrubs to the start (the
// starter code) and to the end (the final code), jumps to the paste marker and opens the diff.
// Screenshots at 1280 and 390 (test-results/replay-*.png), axe at both.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import type { ActivityHistory } from "../../src/shared/api/activity.ts";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

const headers = { Origin: baseURL };
const STARTER = "# Ask for a number\n";
const TYPED = 'n = int(input("Number? "))\n';
const PASTED = "def double(x):\n    return x * 2\n\n\nprint(double(n))\n";

async function newPerson(browser: Browser, role: "student" | "teacher", name: string) {
  const page = await (await browser.newContext()).newPage();
  await signUpVerified(page, role, name);
  return page;
}

/** The code in an editor, line by line as CodeMirror shows it. */
const codeIn = (page: Page, name: string) =>
  page
    .getByRole("textbox", { name })
    .evaluate((el) => Array.from(el.querySelectorAll(".cm-line"), (l) => l.textContent ?? "").join("\n"));

/** A paste as the browser delivers one (CodeMirror reads the event's clipboard data). */
async function paste(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Your Python code" }).evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const editorCode = (page: Page) => codeIn(page, "The student's code at this point");

test("the teacher replays a student's work from the progress table: start, end, paste, diff", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const teacher = await newPerson(browser, "teacher", "Ms Hopper");
  const klass = await (await teacher.request.post("/api/classes", { headers, data: { name: "10Y" } })).json();
  const assignment = await (
    await teacher.request.post("/api/assignments", {
      headers,
      data: {
        classId: klass.id,
        name: "Double It",
        description: "Read a number and print it doubled.",
        starterCode: STARTER,
        testCases: [{ description: "Doubles 3", input: "3", expectedOutput: "Number? 3\n6" }],
      },
    })
  ).json();
  expect(assignment.id).toBeTruthy();

  const student = await newPerson(browser, "student", "Grace Student");
  const joined = await student.request.post("/api/classes/join", { headers, data: { code: klass.joinCode } });
  expect(joined.ok(), await joined.text()).toBe(true);
  const me = await (await student.request.get("/api/me")).json();

  // ── The student works in the workspace; its recorder sends what happens ──
  await student.goto(`/student/assignments/${assignment.id}`);
  await expect(student.getByTestId("activity-notice")).toBeVisible();
  const workspace = student.getByRole("textbox", { name: "Your Python code" });
  await expect.poll(() => codeIn(student, "Your Python code")).toContain("# Ask for a number");
  const starter = await codeIn(student, "Your Python code");
  await workspace.click();
  await student.keyboard.press("ControlOrMeta+End");
  await student.keyboard.type(TYPED, { delay: 40 });
  const typed = await codeIn(student, "Your Python code");
  expect(typed.endsWith(TYPED)).toBe(true);
  // All the typing reaches the server before the paste, so they are separate points (the recorder
  // flushes every 3 s): an edit leaving the code as long as the typed code.
  const historyUrl = `/api/assignments/${assignment.id}/students/${me.id}/activity`;
  const recorded = async () =>
    ((await (await teacher.request.get(historyUrl)).json()) as ActivityHistory).events.map((e) =>
      e.event.type === "edit" ? `edit:${e.event.length}` : e.event.type,
    );
  await expect.poll(recorded, { timeout: 20_000 }).toContain(`edit:${typed.length}`);
  await paste(student, PASTED);
  await expect.poll(() => codeIn(student, "Your Python code")).toContain("print(double(n))");
  const final = await codeIn(student, "Your Python code");
  await student.getByRole("button", { name: "Submit Code" }).click();
  await expect(student.getByText(/^Submitted\./)).toBeVisible({ timeout: 60_000 });
  // The recorder sends a batch every 3 s: wait until the hand-in has reached the server.
  await expect
    .poll(recorded, { timeout: 20_000 })
    .toEqual(expect.arrayContaining(["open", "paste", "submit"]));

  // ── The teacher: the progress table shows the paste evidence and a Replay link ──
  await teacher.setViewportSize({ width: 1280, height: 800 });
  await teacher.goto(`/teacher/assignments/${assignment.id}`);
  const row = teacher.getByRole("row", { name: /Grace Student/ });
  await expect(row.getByText("1 large paste")).toBeVisible();
  await row.getByRole("link", { name: "Replay the work of Grace Student" }).click();
  await expect(teacher.getByRole("heading", { level: 1, name: "Replay: Grace Student" })).toBeVisible();
  await expect(teacher.getByTestId("data-use-notice")).toContainText(
    "Only their class's teacher can open it",
  );
  await expect(teacher).toHaveURL(new RegExp(`/teacher/assignments/${assignment.id}/students/[^/]+/replay$`));

  // Summary and paste evidence, stated fairly.
  // Submit runs the visible tests in the browser first when Python is ready there (a test run).
  await expect(teacher.getByTestId("replay-summary")).toContainText(
    new RegExp(
      `^Active time \\d+ (s|min) · 0 runs · (0 test runs|1 test run) · largest paste ${PASTED.length} characters`,
    ),
  );
  await expect(
    teacher.getByText(
      `Large pastes: 1 (largest ${PASTED.length} characters). A paste is not proof of copying: students paste their own code too. Look at what was pasted and ask.`,
    ),
  ).toBeVisible();
  await expect(teacher.locator("body")).not.toContainText(/cheat/i);

  // It opens at the end: the final code.
  const scrubber = teacher.getByRole("slider", { name: "Point in the replay" });
  await expect.poll(() => editorCode(teacher)).toBe(final);
  await teacher.screenshot({ path: "test-results/replay-desktop.png", fullPage: true });
  await expectNoAxeViolations(teacher);

  // Scrub to the start with the keyboard: the starter code the workspace opened with.
  await scrubber.focus();
  await teacher.keyboard.press("Home");
  await expect(scrubber).toHaveAttribute("aria-valuetext", /Opened the work/);
  await expect.poll(() => editorCode(teacher)).toBe(starter);
  // Arrow keys step event by event: the first step after opening is typing.
  await teacher.keyboard.press("ArrowRight");
  await expect(scrubber).toHaveAttribute("aria-valuetext", /Typed \d+ characters/);
  await teacher.keyboard.press("End");
  await expect(scrubber).toHaveAttribute("aria-valuetext", /Pressed Submit Code/);
  await expect.poll(() => editorCode(teacher)).toBe(final);

  // The paste marker jumps to the paste: the code after it holds the pasted lines.
  const markers = teacher.getByRole("list", { name: "Markers" });
  await expect(markers.getByRole("button", { name: /Hand-in 1/ })).toBeVisible();
  await markers.getByRole("button", { name: new RegExp(`Pasted ${PASTED.length} characters`) }).click();
  await expect(scrubber).toHaveAttribute("aria-valuetext", new RegExp(`Pasted ${PASTED.length} characters`));
  await expect.poll(() => editorCode(teacher)).toBe(final);
  // Two steps back (the edit that carried the paste, then the typing before it): the code before.
  await scrubber.focus();
  await teacher.keyboard.press("ArrowLeft");
  await teacher.keyboard.press("ArrowLeft");
  await expect.poll(() => editorCode(teacher)).toBe(typed);

  // The diff between this point and the paste marker: the pasted lines, added.
  const compare = teacher.getByLabel("Compare this point with…");
  const pasteOption = await compare.locator("option", { hasText: "Pasted" }).getAttribute("value");
  await compare.selectOption(pasteOption!);
  const diff = teacher.getByTestId("replay-diff");
  await expect(diff).toContainText("def double(x):");
  await expect(teacher.getByTestId("replay-diff-summary")).toHaveText("5 lines added, 0 removed.");
  await expect(teacher.getByRole("heading", { name: /^From this point .* to .*Pasted/ })).toBeVisible();

  // Play from the start runs to the end at 10×.
  await teacher.getByLabel("Speed").selectOption("10");
  await scrubber.focus();
  await teacher.keyboard.press("Home");
  await teacher.getByRole("button", { name: "Play" }).click();
  await expect(teacher.getByRole("button", { name: "Play" })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => editorCode(teacher)).toBe(final);

  // The phone width: everything stacks, nothing pushes the page sideways.
  await teacher.setViewportSize({ width: 390, height: 844 });
  await teacher.getByLabel("Compare this point with…").selectOption({ label: "The start" });
  await expect(teacher.getByTestId("replay-diff")).toContainText("def double(x):");
  expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await teacher.screenshot({ path: "test-results/replay-phone.png", fullPage: true });
  // With the diff open (a focusable scroll region) and the paste evidence showing.
  await expectNoAxeViolations(teacher);

  // From a submission: "Replay to here" opens at that hand-in.
  await teacher.goto(`/teacher/assignments/${assignment.id}`);
  // The progress table stacked on a phone: the paste badge and Replay beside the row's action.
  await expect(row.getByText("1 large paste")).toBeVisible();
  await row.screenshot({ path: "test-results/replay-progress-row-phone.png" });
  await teacher.getByRole("link", { name: "Grade Submission by Grace Student" }).click();
  await expect(teacher.getByText("1 large paste")).toBeVisible();
  await teacher.getByRole("article").first().screenshot({ path: "test-results/replay-submission-phone.png" });
  await teacher.getByRole("link", { name: /Replay to here/ }).click();
  await expect(scrubber).toHaveAttribute("aria-valuetext", /Pressed Submit Code/);
});

test("a student with nothing recorded shows the empty state; a student never reaches a replay", async ({
  browser,
}) => {
  const teacher = await newPerson(browser, "teacher", "Mr Babbage");
  const klass = await (await teacher.request.post("/api/classes", { headers, data: { name: "9Z" } })).json();
  const assignment = await (
    await teacher.request.post("/api/assignments", {
      headers,
      data: {
        classId: klass.id,
        name: "Quiet",
        description: "Nothing yet.",
        testCases: [{ description: "Echoes", input: "hi", expectedOutput: "hi" }],
      },
    })
  ).json();
  const student = await newPerson(browser, "student", "Ada Quiet");
  await student.request.post("/api/classes/join", { headers, data: { code: klass.joinCode } });
  const me = await (await student.request.get("/api/me")).json();
  await teacher.goto(`/teacher/assignments/${assignment.id}/students/${me.id}/replay`);
  await expect(teacher.getByText("Nothing recorded yet for this student.")).toBeVisible();
  await expect(
    teacher.getByText(/Recording started on 25 Nov 2026; work before that has no history\./),
  ).toBeVisible();
  // A student never reaches a replay, not even their own: the page is the teacher's, the history 403.
  await student.goto(`/teacher/assignments/${assignment.id}/students/${me.id}/replay`);
  await expect(student).not.toHaveURL(/\/teacher\//);
  await expect(student.getByRole("heading", { name: /Replay/ })).toHaveCount(0);
  const own = await student.request.get(`/api/assignments/${assignment.id}/students/${me.id}/activity`);
  expect(own.status()).toBe(403);
});

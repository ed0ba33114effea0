// The teacher's replay (issue 18) against the real server: a student's work is recorded (typing,
// a run, a large paste, a hand-in); the teacher opens Replay from the progress table, sees the
// summary and the paste evidence in fair words, scrubs to the start (the starter code) and to the
// end (the final code), jumps to the paste marker and opens the diff. Screenshots at 1280 and 390.
import { ChangeSet, Text } from "@codemirror/state";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
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

/**
 * What the workspace's recorder sends while the student works: opening with the starter code,
 * typing a line (several edit batches), a run, a large paste, then submitting. Batches go through
 * POST /api/activity as the browser's would.
 */
async function recordWork(request: APIRequestContext, assignmentId: string) {
  const sessionId = crypto.randomUUID();
  let seq = 0;
  let doc = Text.of(STARTER.split("\n"));
  let at = 0;
  const send = async (events: object[]) => {
    const res = await request.post("/api/activity", {
      headers,
      data: { assignmentId, sessionId, seq: seq++, events },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  const edit = (insert: string) => {
    const changes = ChangeSet.of({ from: doc.length, insert }, doc.length);
    doc = changes.apply(doc);
    at += 1500;
    return { type: "edit", at, changes: changes.toJSON(), length: doc.length };
  };
  await send([{ type: "open", at, code: STARTER }]);
  // Typed in three bursts.
  await send([edit(TYPED.slice(0, 8)), edit(TYPED.slice(8, 20))]);
  await send([edit(TYPED.slice(20)), { type: "run", at: at + 200 }]);
  const from = doc.length;
  const paste = edit(PASTED);
  await send([paste, { type: "paste", at: paste.at, from, chars: PASTED.length, lines: 5 }]);
  await send([
    { type: "tests", at: at + 900, passed: 1, total: 1 },
    { type: "submit", at: at + 1000 },
  ]);
  expect(doc.toString()).toBe(STARTER + TYPED + PASTED);
}

async function editorCode(page: Page) {
  return page
    .getByRole("textbox", { name: "The student's code at this point" })
    .evaluate((el) => Array.from(el.querySelectorAll(".cm-line"), (l) => l.textContent ?? "").join("\n"));
}

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
  await recordWork(student.request, assignment.id);
  const submitted = await student.request.post(`/api/assignments/${assignment.id}/submissions`, {
    headers,
    data: { code: STARTER + TYPED + PASTED, final: true },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);

  // ── The teacher: the progress table shows the paste evidence and a Replay link ──
  await teacher.setViewportSize({ width: 1280, height: 800 });
  await teacher.goto(`/teacher/assignments/${assignment.id}`);
  const row = teacher.getByRole("row", { name: /Grace Student/ });
  await expect(row.getByText("1 large paste")).toBeVisible();
  await row.getByRole("link", { name: "Replay the work of Grace Student" }).click();
  await expect(teacher.getByRole("heading", { level: 1, name: "Replay: Grace Student" })).toBeVisible();
  await expect(teacher).toHaveURL(new RegExp(`/teacher/assignments/${assignment.id}/students/[^/]+/replay$`));

  // Summary and paste evidence, stated fairly.
  await expect(teacher.getByTestId("replay-summary")).toContainText(
    `1 run · 1 test run · largest paste ${PASTED.length} characters`,
  );
  await expect(
    teacher.getByText(
      `Large pastes: 1 (largest ${PASTED.length} characters). A paste is not proof of copying: students paste their own code too. Look at what was pasted and ask.`,
    ),
  ).toBeVisible();
  await expect(teacher.locator("body")).not.toContainText(/cheat/i);

  // It opens at the end: the final code.
  const scrubber = teacher.getByRole("slider", { name: "Point in the replay" });
  await expect.poll(() => editorCode(teacher)).toBe(STARTER + TYPED + PASTED);
  await teacher.screenshot({ path: "test-results/replay-desktop.png", fullPage: true });
  await expectNoAxeViolations(teacher);

  // Scrub to the start with the keyboard: the starter code the workspace opened with.
  await scrubber.focus();
  await teacher.keyboard.press("Home");
  await expect(scrubber).toHaveAttribute("aria-valuetext", /Opened the work/);
  await expect.poll(() => editorCode(teacher)).toBe(STARTER);
  // Arrow keys step event by event.
  await teacher.keyboard.press("ArrowRight");
  await expect(scrubber).toHaveAttribute("aria-valuetext", /Typed 8 characters/);
  await expect.poll(() => editorCode(teacher)).toBe(STARTER + TYPED.slice(0, 8));
  await teacher.keyboard.press("End");
  await expect.poll(() => editorCode(teacher)).toBe(STARTER + TYPED + PASTED);

  // The paste marker jumps to the paste: the code after it holds the pasted lines.
  const markers = teacher.getByRole("list", { name: "Markers" });
  await expect(markers.getByRole("button", { name: /Ran the code/ })).toBeVisible();
  await expect(markers.getByRole("button", { name: /Tests 1\/1 passed/ })).toBeVisible();
  await expect(markers.getByRole("button", { name: /Hand-in 1/ })).toBeVisible();
  await markers.getByRole("button", { name: new RegExp(`Pasted ${PASTED.length} characters`) }).click();
  await expect(scrubber).toHaveAttribute("aria-valuetext", new RegExp(`Pasted ${PASTED.length} characters`));
  await expect.poll(() => editorCode(teacher)).toBe(STARTER + TYPED + PASTED);
  // One step back: the code before the paste.
  await scrubber.focus();
  await teacher.keyboard.press("ArrowLeft");
  await teacher.keyboard.press("ArrowLeft");
  await expect.poll(() => editorCode(teacher)).toBe(STARTER + TYPED);

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
  await expect.poll(() => editorCode(teacher)).toBe(STARTER + TYPED + PASTED);

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
  await teacher.getByRole("link", { name: "Grade Submission by Grace Student" }).click();
  await expect(teacher.getByText("1 large paste")).toBeVisible();
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

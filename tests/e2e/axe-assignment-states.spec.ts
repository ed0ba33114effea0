// Issue 19 #13, "contrast fails twice on the assignment detail page": the student's and the
// teacher's assignment pages in each state a person meets (overdue before running, a button
// hovered and one focused, the console waiting for an answer, failed and hidden tests, handed in
// late, the teacher's page with an empty input and the submissions page with no output), each
// checked by axe at 1280×800 and 390×844. The pages' empty values ("(none)", "(no output)") and
// the fields' placeholders were light grey on light grey; they now meet 4.5:1.
import { expect, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { setCode } from "./helpers/editor.ts";

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** axe on the page as it is, at both widths (`then` runs at each width first: a hover, a focus). */
async function bothWidths(page: Page, state: string, failures: string[], then?: () => Promise<void>) {
  for (const viewport of VIEWPORTS) {
    try {
      await page.setViewportSize(viewport);
      await then?.();
      await expectNoAxeViolations(page);
    } catch (error) {
      failures.push(
        `${state} at ${viewport.width}×${viewport.height}: ${(error as Error).message.slice(0, 3000)}`,
      );
    }
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

test("the assignment pages pass axe in every state, at desktop and phone widths", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const headers = { Origin: baseURL! };
  const teacher = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  const post = async (page: Page, path: string, data: unknown) => {
    const res = await page.request.post(path, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  await signUpVerified(teacher, "teacher", "Ms Contrast");
  const klass = await post(teacher, "/api/classes", { name: "10C Computing" });
  // Due yesterday: Overdue, then Handed in late. An empty input shows "(none)" on the teacher's page.
  const assignment = await post(teacher, "/api/assignments", {
    classId: klass.id,
    name: "Shout",
    description: "Print HELLO.",
    dueDate: new Date(Date.now() - 24 * 3600_000).toISOString(),
    testCases: [
      { description: "Shouts hello", input: "", expectedOutput: "HELLO" },
      { description: "Shouts again", input: "", expectedOutput: "HELLO", hidden: true },
    ],
  });
  await signUpVerified(student, "student", "Cy Contrast");
  await post(student, "/api/classes/join", { code: klass.joinCode });
  const studentId = (await (await student.request.get("/api/me")).json()).id;
  const failures: string[] = [];

  // ── Student: before running (Overdue), a button hovered, another focused ──
  await student.goto(`/student/assignments/${assignment.id}`);
  await expect(student.getByRole("heading", { level: 1, name: "Shout" })).toBeVisible();
  await bothWidths(student, "before running", failures);
  await bothWidths(student, "Run Tests hovered", failures, () =>
    student.getByRole("button", { name: "Run Tests" }).hover(),
  );
  await bothWidths(student, "Submit Code focused", failures, async () => {
    await student.getByRole("button", { name: "Submit Code" }).focus();
  });

  // ── The console waiting for an answer (its answer box and placeholder) ──
  await setCode(student, 'name = input("Name? ")\nprint(name)\n');
  await student.getByRole("button", { name: "Run Code" }).click({ timeout: 60_000 });
  const answer = student.getByPlaceholder("Type your answer and press Enter");
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await bothWidths(student, "console waiting for input", failures);
  await answer.fill("Cy");
  await answer.press("Enter");

  // ── Failed tests, the hidden one unchecked, a failed row open ──
  await setCode(student, "x = 1\n");
  await student.getByRole("button", { name: "Run Tests" }).click({ timeout: 60_000 });
  await expect(student.getByTestId("test-summary")).toContainText("Passed: 0/1", { timeout: 60_000 });
  await student.getByRole("button", { name: /Shouts hello/ }).click();
  await bothWidths(student, "failed and hidden tests", failures);

  // ── Handed in late (a failing hand-in: the hidden test's result too) ──
  await student.getByRole("button", { name: "Submit Code" }).click();
  await expect(student.getByText(/Submitted\./).first()).toBeVisible({ timeout: 90_000 });
  await expect(student.getByText(/Handed in late/).first()).toBeVisible();
  await bothWidths(student, "handed in late", failures);

  // ── Teacher: the assignment page (empty inputs), the submissions page (no output) ──
  await teacher.goto(`/teacher/assignments/${assignment.id}`);
  await expect(teacher.getByRole("heading", { level: 1, name: "Shout" })).toBeVisible();
  await expect(teacher.getByText("(none)").first()).toBeVisible();
  await bothWidths(teacher, "teacher's assignment page", failures);
  await teacher.goto(`/teacher/assignments/${assignment.id}/students/${studentId}`);
  await expect(teacher.getByRole("heading", { level: 1, name: /Submissions/ })).toBeVisible();
  await expect(teacher.getByText("(no output)").first()).toBeVisible();
  await bothWidths(teacher, "submissions page", failures);
  await bothWidths(teacher, "Add Grade hovered", failures, () =>
    teacher.getByRole("button", { name: "Add Grade" }).first().hover(),
  );

  expect(failures, failures.join("\n\n")).toEqual([]);
});

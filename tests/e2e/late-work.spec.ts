// Late work seen by everyone it concerns (issue 19 #7): a student sees Overdue on work past its due
// date with nothing handed in and Handed in late on work handed in after it, on the list and in
// the workspace; the teacher's assignment list and dashboard count the late hand-ins. Badges carry
// words, not colour alone.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

async function person(browser: Browser, role: "teacher" | "student", name: string) {
  const page = await (await browser.newContext()).newPage();
  await signUpVerified(page, role, name);
  return page;
}

async function post(page: Page, baseURL: string, path: string, data: unknown) {
  const res = await page.request.post(path, { headers: { Origin: baseURL }, data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

test("students see Overdue and Handed in late; the teacher's list and dashboard count late hand-ins", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const teacher = await person(browser, "teacher", "Ms Late");
  const klass = await post(teacher, origin, "/api/classes", { name: "10L Computing" });
  const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString();
  const nextYear = new Date(Date.now() + 365 * 24 * 3600_000).toISOString();
  const handedInLate = await post(teacher, origin, "/api/assignments", {
    classId: klass.id,
    name: "Late essay",
    dueDate: yesterday,
  });
  await post(teacher, origin, "/api/assignments", {
    classId: klass.id,
    name: "Missed task",
    dueDate: yesterday,
  });
  await post(teacher, origin, "/api/assignments", {
    classId: klass.id,
    name: "Future task",
    dueDate: nextYear,
  });

  const student = await person(browser, "student", "Lara Late");
  await post(student, origin, "/api/classes/join", { code: klass.joinCode });
  await post(student, origin, `/api/assignments/${handedInLate.id}/submissions`, {
    code: "print(1)\n",
    final: true,
  });

  // ── The student's list: each card says where the work stands, in words ──
  await student.goto("/student/assignments");
  const card = (name: string) => student.getByTestId("assignment-card").filter({ hasText: name });
  await expect(card("Late essay")).toContainText("Completed");
  await expect(card("Late essay")).toContainText("Handed in late");
  await expect(card("Missed task")).toContainText("Overdue");
  await expect(card("Missed task")).not.toContainText("Pending");
  await expect(card("Future task")).toContainText("Pending");
  await expect(card("Future task")).not.toContainText(/Overdue|late/);
  await expectNoAxeViolations(student);

  // ── The workspace header says the same ──
  await card("Missed task").getByRole("link", { name: "Start Assignment" }).click();
  await expect(student.getByRole("heading", { name: "Missed task" })).toBeVisible();
  await expect(student.getByTestId("late-work")).toHaveText("Overdue");
  await student.goto(`/student/assignments/${handedInLate.id}`);
  await expect(student.getByRole("heading", { name: "Late essay" })).toBeVisible();
  await expect(student.getByTestId("late-work")).toHaveText("Handed in late");

  // ── The teacher's assignment list and dashboard count the late hand-ins ──
  await teacher.goto("/teacher/assignments");
  const teacherCard = (name: string) => teacher.locator("li").filter({ hasText: name });
  await expect(teacherCard("Late essay").getByTestId("late-count")).toHaveText("1 handed in late");
  await expect(teacherCard("Missed task").getByTestId("late-count")).toHaveCount(0);
  await expectNoAxeViolations(teacher);
  await teacher.goto("/teacher/dashboard");
  const recent = teacher.getByRole("link", { name: /Late essay/ });
  await expect(recent).toContainText("1 handed in late");
  await expect(teacher.getByRole("link", { name: /Missed task/ })).not.toContainText("handed in late");
});

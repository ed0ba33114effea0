// The activity record, end to end: a student types, loses the connection for a minute and keeps
// typing, comes back online, and the history the teacher reads rebuilds exactly the code the
// student's editor holds. Offline for a minute while typing: nothing typed is lost.
import { ChangeSet, Text } from "@codemirror/state";
import { expect, type Page, test } from "@playwright/test";
import type { ActivityEvent, ActivityHistory } from "../../src/shared/api/activity.ts";
import { signUpVerified } from "./helpers/auth.ts";

/** Rebuilds the code from the record, as a reader of it would: full copies, then change sets. */
function rebuild(events: ActivityEvent[]): string {
  let doc: Text | null = null;
  for (const e of events) {
    if (e.type === "open" || e.type === "snapshot" || e.type === "restore") doc = Text.of(e.code.split("\n"));
    else if (e.type === "edit") {
      const changes = ChangeSet.fromJSON(e.changes);
      expect(changes.length, "an edit applies to the code before it").toBe(doc!.length);
      doc = changes.apply(doc!);
      expect(doc.length).toBe(e.length);
    }
  }
  return doc?.toString() ?? "";
}

/** Batches still waiting in this browser's outbox. */
const queued = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("pyclass:activity:")).length);

/** The code the student's editor holds (its draft, saved on every change). */
const editorCode = (page: Page, assignmentId: string) =>
  page.evaluate((id) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("pyclass:draft:") && k.endsWith(`:${id}`));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { code: string }).code : null;
  }, assignmentId);

test("typing offline for a minute is recorded once the connection returns, and the teacher's history rebuilds the code", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const headers = { Origin: baseURL! };
  const teacher = await (await browser.newContext()).newPage();
  await signUpVerified(teacher, "teacher", "Ms Hopper");
  const klass = await (await teacher.request.post("/api/classes", { headers, data: { name: "10X" } })).json();
  const assignment = await (
    await teacher.request.post("/api/assignments", {
      headers,
      data: { classId: klass.id, name: "Totals", starterCode: "# Add up the numbers" },
    })
  ).json();
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  const account = await signUpVerified(student, "student", "Grace Student");
  expect(
    (await student.request.post("/api/classes/join", { headers, data: { code: klass.joinCode } })).ok(),
  ).toBe(true);
  const me = await (await student.request.get("/api/me")).json();

  const opened = student.waitForResponse((r) => r.url().endsWith("/api/activity") && r.status() === 201);
  await student.goto(`/student/assignments/${assignment.id}`);
  // Told before anything is recorded, with the page that explains it.
  await expect(student.getByTestId("activity-notice")).toContainText("Your teacher can replay how this code");
  await expect(student.getByRole("link", { name: "What is recorded?" })).toHaveAttribute(
    "href",
    "/what-is-recorded",
  );
  await opened;

  const editor = student.getByRole("textbox", { name: "Your Python code" });
  await editor.click();
  await student.keyboard.press("ControlOrMeta+End");
  await student.keyboard.type("\ntotal = 0\n", { delay: 20 });

  // Offline for a minute while typing (issue 18): a line every 10 s, six recorder ticks' worth.
  await studentContext.setOffline(true);
  const offlineAt = Date.now();
  for (const line of [
    "for n in range(5",
    "total = total + n",
    "print(total",
    "# still offline",
    "# and still",
  ]) {
    await student.keyboard.type(line, { delay: 30 });
    await student.keyboard.press("End");
    await student.keyboard.press("Enter");
    await student.waitForTimeout(10_000);
  }
  // A paste while offline, too.
  await student.keyboard.insertText("# typed while the network was down, all of it");
  // Batches wait in the browser (a batch leaves every 10 s), not lost.
  await expect.poll(() => queued(student), { timeout: 25_000 }).toBeGreaterThan(0);
  await student.waitForTimeout(Math.max(0, 60_000 - (Date.now() - offlineAt)));
  expect(Date.now() - offlineAt).toBeGreaterThanOrEqual(60_000);

  await studentContext.setOffline(false);
  await expect.poll(() => queued(student), { timeout: 30_000 }).toBe(0);
  // The typing of the last few seconds goes with the next tick (every 10 s).
  await student.waitForTimeout(10_500);
  await expect.poll(() => queued(student), { timeout: 30_000 }).toBe(0);

  const finalCode = await editorCode(student, assignment.id);
  expect(finalCode).toContain("# typed while the network was down, all of it");
  const res = await teacher.request.get(`/api/assignments/${assignment.id}/students/${me.id}/activity`);
  expect(res.status()).toBe(200);
  const history = (await res.json()) as ActivityHistory;
  expect(history.events[0].event).toMatchObject({ type: "open", code: "# Add up the numbers" });
  expect(rebuild(history.events.map((e) => e.event))).toBe(finalCode);
  // The large insertion is marked, and the events are in the server's order.
  expect(history.events.some((e) => e.event.type === "paste" && e.event.chars >= 40)).toBe(true);
  expect(history.events.map((e) => e.id)).toEqual([...history.events.map((e) => e.id)].sort((x, y) => x - y));
  // The student never reads a history, not even their own.
  const own = await student.request.get(`/api/assignments/${assignment.id}/students/${me.id}/activity`);
  expect(own.status()).toBe(403);

  // Another computer (issue 19 item 3): no draft in that browser, yet the code typed here opens,
  // and says where it came from.
  const elsewhere = await (await browser.newContext()).newPage();
  const signIn = await elsewhere.request.post("/api/auth/sign-in/email", {
    headers,
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  await elsewhere.goto(`/student/assignments/${assignment.id}`);
  await expect(elsewhere.getByText("Opened the code you were last working on")).toBeVisible();
  await expect.poll(() => editorCode(elsewhere, assignment.id)).toBe(finalCode);
});

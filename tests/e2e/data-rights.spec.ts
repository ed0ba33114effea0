// A student's own data rights (issue 22, decisions 059 and 060): they download their data from
// Settings and open the ZIP; they ask to delete their account, confirm from the mailbox, are
// signed out, sign in within the grace period and are told that nothing was deleted.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { linkFromMailbox } from "./helpers/mailbox.ts";

async function post<T>(page: Page, path: string, data: unknown, baseURL: string): Promise<T> {
  const res = await page.request.post(path, { data, headers: { Origin: baseURL } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test("a student downloads their data, then deletes their account and changes their mind", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const teacher = await (await browser.newContext()).newPage();
  const page = await (await browser.newContext()).newPage();
  await signUpVerified(teacher, "teacher", "Ms Hopper");
  const student = await signUpVerified(page, "student", "Robin Learner");
  const cls = await post<{ id: string; joinCode: string }>(
    teacher,
    "/api/classes",
    { name: "Year 10 Python", description: "" },
    baseURL!,
  );
  const work = await post<{ id: string }>(
    teacher,
    "/api/assignments",
    {
      classId: cls.id,
      name: "Greetings",
      testCases: [{ description: "Says hello", input: "", expectedOutput: "hello" }],
    },
    baseURL!,
  );
  await post(page, "/api/classes/join", { code: cls.joinCode }, baseURL!);
  await post(
    page,
    `/api/assignments/${work.id}/submissions`,
    { code: 'print("hello from Robin")\n', final: false, browserResult: { passed: 1, total: 1 } },
    baseURL!,
  );

  // ── Download my data ──
  await page.goto("/student/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible({ timeout: 45_000 });
  await page.getByRole("button", { name: "Download my data" }).click();
  const zipLink = page.getByRole("link", { name: /Download ZIP/ });
  await expect(zipLink).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent("download");
  await zipLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pyclass-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const data = JSON.parse(strFromU8(files["data.json"]));
  expect(data.profile).toMatchObject({ name: "Robin Learner", email: student.email, role: "student" });
  expect(data.classesJoined).toMatchObject([{ name: "Year 10 Python", teacher: "Ms Hopper" }]);
  const [run] = data.assignments[0].submissions;
  expect(strFromU8(files[run.codeFile])).toBe('print("hello from Robin")\n');
  // The same link reached by e-mail goes to Settings.
  expect(await linkFromMailbox(page.request, student.email, /Your PyClass data is ready/)).toMatch(
    /\/student\/settings#my-data$/,
  );

  // ── Delete my account ──
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Your password").fill("not my password");
  await dialog.getByRole("button", { name: "Send me the link" }).click();
  await expect(dialog.getByText("That password is not right. Please try again.")).toBeVisible();
  await dialog.getByLabel("Your password").fill(student.password);
  await dialog.getByRole("button", { name: "Send me the link" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Check your e-mail: we sent a link to/)).toBeVisible();

  const link = await linkFromMailbox(page.request, student.email, /Confirm: delete your PyClass account/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Delete your PyClass account?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account will be deleted" })).toBeVisible();
  await expect(page.getByText(/Your account will be deleted on \d+ \w+ \d{4}/)).toBeVisible();
  // Signed out everywhere: the settings page now asks them to sign in.
  await page.goto("/student/settings");
  await expect(page).toHaveURL(/\/auth/);

  // ── Signing in within the grace period cancels it ──
  await page.getByLabel("Email").fill(student.email);
  await page.getByLabel("Password").fill(student.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const notice = page.getByRole("status").filter({ hasText: "Your account will not be deleted." });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await notice.getByRole("button", { name: "OK" }).click();
  await expect(notice).toBeHidden();
  // Everything is as it was: the class and the work are still there.
  await page.goto("/student/settings");
  await expect(page.getByRole("button", { name: "Delete my account" })).toBeVisible({ timeout: 30_000 });
  const mine = await page.request.get(`/api/assignments/${work.id}/submissions`);
  expect(((await mine.json()) as unknown[]).length).toBe(1);
});

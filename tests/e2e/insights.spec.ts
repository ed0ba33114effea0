// Teaching Insights in Chromium: a teacher's empty page says so in the spec's words; then a class
// built through the API — one student who fails everything (struggling, high), one who passes, one
// who never hands in (falling behind on completion) — and the page shows what the API computed:
// tiles, both risk lists with their reasons, the Assignment Monitor with search and class filter
// kept in the address, Class Engagement, both modals (axe with each open), a failed load, and a
// student leaving (the others' work still counts, and the page says who is not counted).
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

const HELLO = 'name = input()\nprint("Hello, " + name if name else "hello")\n';
const WRONG = 'print("bye")\n';

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

test("insights: empty states, then a class's risks, assignments and engagement from real work", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL!;
  const teacher = await person(browser, "teacher", "Ms Hopper");

  // ── No classes yet: every list says so, and the wait has its text ──
  // The first answer is held back a little, so the loading text can be seen.
  let held = false;
  await teacher.route(/\/api\/insights(\?|$)/, async (route) => {
    if (!held) await new Promise((r) => setTimeout(r, 700));
    held = true;
    await route.continue();
  });
  await teacher.goto("/teacher/dashboard");
  await teacher.getByRole("link", { name: "View Insights" }).click();
  await expect(teacher).toHaveURL(/\/teacher\/insights$/);
  await expect(teacher.getByText("Loading insights...")).toBeVisible();
  await expect(teacher.getByRole("heading", { name: "Teaching Insights" })).toBeVisible();
  await expect(teacher.getByText("No struggling students identified")).toBeVisible();
  await expect(teacher.getByText("All students are keeping up")).toBeVisible();
  await expect(teacher.getByText("No assignments available")).toBeVisible();
  await expect(teacher.getByText("No class engagement data available")).toBeVisible();
  await expect(teacher.getByRole("group", { name: "Overall Engagement" })).toContainText("No data yet");
  await expect(teacher.getByRole("group", { name: "Students at Risk" })).toContainText("0");
  await expectNoAxeViolations(teacher);

  // ── A class: two assignments (one without tests), three students ──
  const klass = await post(teacher, origin, "/api/classes", { name: "10X Computing" });
  const greeting = await post(teacher, origin, "/api/assignments", {
    classId: klass.id,
    name: "Greeting",
    testCases: [
      { description: "Says hello", input: "", expectedOutput: "hello" },
      { description: "Greets Ada", input: "Ada", expectedOutput: "Hello, Ada" },
    ],
  });
  await post(teacher, origin, "/api/assignments", { classId: klass.id, name: "Reading task" });

  const ada = await person(browser, "student", "Ada Struggle");
  const bo = await person(browser, "student", "Bo Steady");
  const cy = await person(browser, "student", "Cy Quiet");
  for (const s of [ada, bo, cy]) await post(s, origin, "/api/classes/join", { code: klass.joinCode });
  const submit = (s: Page, code: string) =>
    post(s, origin, `/api/assignments/${greeting.id}/submissions`, { code, final: true });
  expect((await submit(ada, WRONG)).score).toBe(0);
  expect((await submit(bo, HELLO)).score).toBe(100);

  await teacher.reload();
  await expect(teacher.getByRole("heading", { name: "Teaching Insights" })).toBeVisible();

  // Tiles: Ada (struggling) and Cy (0 of 2 handed in) are at risk; everyone signed in this week.
  await expect(teacher.getByRole("group", { name: "Students at Risk" })).toContainText("2");
  await expect(teacher.getByRole("group", { name: "Total Assignments" })).toContainText("2");
  await expect(teacher.getByRole("group", { name: "Active Students" })).toContainText("3");
  await expect(teacher.getByRole("group", { name: "Overall Engagement" })).toContainText("100%");

  // Risk lists: level and the reason in words.
  const struggling = teacher.getByRole("region", { name: /Struggling Students/ });
  const adaRow = struggling.getByTestId("risk-row").filter({ hasText: "Ada Struggle" });
  await expect(adaRow).toContainText("High risk");
  await expect(adaRow).toContainText("Average score 0%. Struggling with: Greeting: latest score 0%");
  await expect(struggling.getByTestId("risk-row")).toHaveCount(1);
  const behind = teacher.getByRole("region", { name: /Students Falling Behind/ });
  const cyRow = behind.getByTestId("risk-row").filter({ hasText: "Cy Quiet" });
  await expect(cyRow).toContainText("Medium risk");
  await expect(cyRow).toContainText("Completed 0 of 2 assignments (0%)");
  await expect(behind.getByTestId("risk-row")).toHaveCount(1);

  // Assignment Monitor: 2 submissions, 1 of 2 failed (50%), difficulty 0.5·4 + 0 attempts = 2 → Easy.
  const monitor = teacher.getByRole("region", { name: "Assignment Monitor" });
  const greetingRow = monitor.getByRole("row", { name: /Greeting/ });
  await expect(greetingRow).toContainText("2 of 3 students");
  // The rate is a count of hand-ins (issue 19 #6: one hand-in at 66.7 % read "100% failed · High"),
  // and the score says what it is out of and where it came from.
  await expect(greetingRow).toContainText("1 of 2 hand-ins failed a test");
  await expect(greetingRow).not.toContainText("% failed");
  await expect(greetingRow).toContainText("Easy");
  await expect(greetingRow).toContainText("score 2 of 6");
  await expect(greetingRow).toContainText("2 from failed hand-ins + 0 from tries before handing in");
  await expect(teacher.getByText(/^Difficulty score, 0 to 6/).first()).toBeVisible();
  await expect(monitor.getByRole("row", { name: /Reading task/ })).toContainText("No data yet");

  // Class Engagement Overview.
  const engagement = teacher.getByRole("row", { name: /10X Computing/ }).last();
  await expect(engagement).toContainText("100%");
  await expect(engagement).toContainText("High");
  await expect(teacher.getByText(/2 submissions in the last 28 days/)).toBeVisible();
  await expectNoAxeViolations(teacher);
  // On a phone the tables scroll sideways inside regions a keyboard can reach.
  await teacher.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(teacher);
  expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await teacher.setViewportSize({ width: 1280, height: 800 });

  // ── Search and class filter live in the address and survive a reload ──
  const searchBox = teacher.getByRole("searchbox", { name: "Search assignments" });
  await expect(searchBox).toHaveAttribute("placeholder", "Search assignments...");
  await searchBox.fill("zzz");
  await expect(teacher.getByText('No assignments found matching "zzz"')).toBeVisible();
  await expect(teacher).toHaveURL(/search=zzz/);
  await teacher.getByLabel("Class", { exact: true }).selectOption({ label: "10X Computing" });
  await expect(teacher).toHaveURL(new RegExp(`classId=${klass.id}`));
  await teacher.reload();
  await expect(searchBox).toHaveValue("zzz");
  await expect(teacher.getByLabel("Class", { exact: true })).toHaveValue(klass.id);
  await expect(teacher.getByText('No assignments found matching "zzz"')).toBeVisible();
  await searchBox.fill("greet");
  await expect(monitor.getByRole("row", { name: /Greeting/ })).toBeVisible();
  await expect(monitor.getByRole("row", { name: /Reading task/ })).toHaveCount(0);
  await searchBox.fill("");
  await expect(teacher).not.toHaveURL(/search=/);

  // ── CSV export of the risk list ──
  const csvHref = await teacher
    .getByRole("link", { name: /Export CSV of the students at risk/ })
    .getAttribute("href");
  expect(csvHref).toBe(`/api/insights/risks.csv?classId=${klass.id}`);
  const csv = await teacher.request.get(csvHref!);
  expect(csv.ok()).toBe(true);
  expect(await csv.text()).toContain("Ada Struggle");

  // ── Assignment Details ──
  await monitor.getByRole("button", { name: "Review Greeting" }).click();
  const details = teacher.getByRole("dialog", { name: "Assignment Details" });
  await expect(details).toContainText("1 of 2 hand-ins failed a test");
  await expect(details).toContainText("score 2 of 6");
  const hello = details.getByTestId("test-case-insight").filter({ hasText: "Says hello" });
  await expect(hello).toContainText("1 of 2 failed");
  await expect(hello).toContainText("50% failed · Medium");
  await expect(hello).toContainText("Commonest wrong outputs");
  await expect(hello.locator("pre")).toHaveText("bye");
  await details.getByText("Show as a table").click();
  const scores = details.getByRole("table", { name: "Score distribution" });
  await expect(scores.getByRole("row", { name: "0–9 1" })).toBeVisible();
  await expect(scores.getByRole("row", { name: "90–100 1" })).toBeVisible();
  await expect(details.getByRole("img", { name: /Score distribution/ })).toBeVisible();
  await expectNoAxeViolations(teacher);
  await details.getByRole("button", { name: "Close" }).last().click();
  await expect(details).toBeHidden();

  await monitor.getByRole("button", { name: "Review Reading task" }).click();
  await expect(details.getByText("No test cases found for this assignment")).toBeVisible();
  await details.getByRole("button", { name: "Close" }).last().click();
  await expect(details).toBeHidden();

  // ── Student Performance Overview ──
  await adaRow.getByRole("button", { name: /Ada Struggle/ }).click();
  const overview = teacher.getByRole("dialog", { name: "Student Performance Overview" });
  const adaGreeting = overview.getByRole("row", { name: /Greeting/ });
  await expect(adaGreeting).toContainText("Completed");
  await expect(adaGreeting).toContainText("0%");
  await expect(adaGreeting.getByRole("link", { name: /View submissions/ })).toHaveAttribute(
    "href",
    new RegExp(`/teacher/assignments/${greeting.id}/students/`),
  );
  await expect(overview.getByRole("row", { name: /Reading task/ })).toContainText("Not Started");
  await expectNoAxeViolations(teacher);
  await overview.getByRole("button", { name: "Close" }).last().click();
  await expect(overview).toBeHidden();

  // ── Any student opens from All Students, not only those at risk ──
  await teacher.getByText("All Students (3)").click();
  const everyone = teacher.getByRole("region", { name: "All students table" });
  await expect(everyone.getByRole("row", { name: /Bo Steady/ })).toContainText("Keeping up");
  await expect(everyone.getByRole("row", { name: /Bo Steady/ })).toContainText("100%");
  await everyone.getByRole("button", { name: /Bo Steady/ }).click();
  await expect(overview.getByRole("row", { name: /Greeting/ })).toContainText("100%");
  await overview.getByRole("button", { name: "Close" }).last().click();
  await expect(overview).toBeHidden();

  // ── A failed load says so in the spec's words ──
  await teacher.route("**/api/insights/students/**", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Something went wrong" } } }),
  );
  await cyRow.getByRole("button", { name: /Cy Quiet/ }).click();
  await expect(overview.getByText("Could not load student data")).toBeVisible({ timeout: 15_000 });
  await overview.getByRole("button", { name: "Close" }).last().click();

  // ── An assignment's 'View Insights' lands on its class, searched for it ──
  await teacher.goto(`/teacher/assignments/${greeting.id}`);
  await teacher.getByRole("link", { name: "View Insights" }).click();
  await expect(teacher).toHaveURL(new RegExp(`/teacher/insights\\?classId=${klass.id}&search=Greeting$`));
  await expect(teacher.getByRole("searchbox", { name: "Search assignments" })).toHaveValue("Greeting");
  await expect(monitor.getByRole("row", { name: /Greeting/ })).toBeVisible();
  await expect(monitor.getByRole("row", { name: /Reading task/ })).toHaveCount(0);

  // ── A student leaves (issue 19 #14): the figures count the class now, with the others' work ──
  // Bo (who passed) leaves: Ada and Cy are still at risk and active, Greeting has 1 of 2 hand-ins,
  // and a line says why Bo is not counted and where his hand-in is, so nothing reads as lost.
  const left = await bo.request.delete(`/api/classes/${klass.id}/membership`, {
    headers: { Origin: origin },
  });
  expect(left.status()).toBe(204);
  await teacher.reload();
  await expect(teacher.getByRole("group", { name: "Students at Risk" })).toContainText("2");
  await expect(teacher.getByRole("group", { name: "Active Students" })).toContainText("2");
  await expect(teacher.getByRole("group", { name: "Overall Engagement" })).toContainText("100%");
  await expect(monitor.getByRole("row", { name: /Greeting/ })).toContainText("1 of 2 students");
  await expect(
    teacher.getByText(
      "These figures count the students in the class now: 1 student who has left is not counted. Their hand-ins stay on each assignment's page.",
    ),
  ).toBeVisible();
  await expectNoAxeViolations(teacher);

  // ── If the charts' code cannot load, the page stays and the figures keep their tables ──
  await teacher.route(/\/assets\/charts-[^/]*\.js$/, (route) => route.abort());
  await teacher.goto("/teacher/insights");
  await expect(teacher.getByText(/The chart could not load/)).toBeVisible();
  await expect(teacher.getByRole("heading", { name: "Assignment Monitor" })).toBeVisible();
  await teacher.getByText("Show as a table").click();
  await expect(teacher.getByRole("table", { name: /Submissions per day/ })).toBeVisible();
});

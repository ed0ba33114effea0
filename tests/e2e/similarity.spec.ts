// Issue 18's must-show journey against the real server: three students of one class hand in the
// same assignment — one types a program, one pastes a renamed copy of it, one writes their own.
// The teacher opens the similarity report from the assignment page: the copied pair ranks first,
// the two are grouped, and the side-by-side view marks the shared lines (axe-checked at 1280 and
// 390). Then the replays: the paster's shows a paste marker with the code before and after it,
// the typist's plays from empty to her final code. A student reaches neither the page nor the API.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import type { ActivityHistory } from "../../src/shared/api/activity.ts";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

const headers = { Origin: baseURL };
const STARTER = "# Cinema tickets: ask how many adults and children, then print the total.\n";
// Flat lines only: the editor indents after a colon, and typing must give exactly this text.
const TYPED = [
  'adults = int(input("Adults? "))',
  'children = int(input("Children? "))',
  "total = adults * 8.5 + children * 5",
  "discount = total * 0.1 if adults + children >= 5 else 0",
  'print("Tickets:", adults + children)',
  'print("Discount:", round(discount, 2))',
  'print("Total:", round(total - discount, 2))',
].join("\n");
const RENAMED_COPY = [
  'a = int(input("How many adults? "))',
  'c = int(input("How many children? "))',
  "cost = a * 8.5 + c * 5",
  "off = cost * 0.1 if a + c >= 5 else 0",
  'print("Number of tickets:", a + c)',
  'print("Money off:", round(off, 2))',
  'print("To pay:", round(cost - off, 2))',
  'print("Enjoy the film!")',
].join("\n");
const OWN_WORK = [
  'tickets = input("Ticket types, separated by commas: ").split(",")',
  'prices = {"adult": 8.5, "child": 5}',
  "cost = sum(prices.get(t.strip(), 0) for t in tickets)",
  'print(len(tickets), "tickets cost", cost)',
].join("\n");

async function newPerson(browser: Browser, role: "student" | "teacher", name: string) {
  const page = await (await browser.newContext()).newPage();
  await signUpVerified(page, role, name);
  return page;
}

const codeIn = (page: Page, name = "Your Python code") =>
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

/** Opens the workspace, replaces the starter with `write(page)`'s code and hands it in. */
async function handIn(
  page: Page,
  assignmentId: string,
  write: (page: Page) => Promise<void>,
  expected: string,
) {
  await page.goto(`/student/assignments/${assignmentId}`);
  await expect.poll(() => codeIn(page)).toContain("# Cinema tickets");
  await page.getByRole("textbox", { name: "Your Python code" }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await write(page);
  await expect.poll(() => codeIn(page)).toBe(expected);
  await page.getByRole("button", { name: "Submit Code" }).click();
  await expect(page.getByText(/^Submitted\./)).toBeVisible({ timeout: 60_000 });
}

test("the similarity report ranks the renamed copy first side by side; the paster's replay shows the paste, the typist's plays from empty", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const teacher = await newPerson(browser, "teacher", "Mr Babbage");
  const klass = await (await teacher.request.post("/api/classes", { headers, data: { name: "11S" } })).json();
  const assignment = await (
    await teacher.request.post("/api/assignments", {
      headers,
      data: {
        classId: klass.id,
        name: "Cinema Tickets",
        description: "Ask how many adults and children, then print the total.",
        starterCode: STARTER,
        testCases: [{ description: "Two adults", input: "2\n0", expectedOutput: "Total: 17.0" }],
      },
    })
  ).json();

  const students: Record<string, Page> = {};
  for (const name of ["Ada Typist", "Ben Paster", "Cara Own"]) {
    students[name] = await newPerson(browser, "student", name);
    const joined = await students[name].request.post("/api/classes/join", {
      headers,
      data: { code: klass.joinCode },
    });
    expect(joined.ok(), await joined.text()).toBe(true);
  }

  // Ada clears the starter, leaves it empty past one recorder tick (a batch every 10 s, so her
  // replay holds an empty point), then types her program key by key; Ben pastes a renamed copy;
  // Cara writes her own.
  const typeFromEmpty = async (p: Page) => {
    await expect.poll(() => codeIn(p)).toBe("");
    await p.waitForTimeout(10_500);
    await p.keyboard.type(TYPED, { delay: 15 });
  };
  await handIn(students["Ada Typist"], assignment.id, typeFromEmpty, TYPED);
  await handIn(students["Ben Paster"], assignment.id, (p) => paste(p, RENAMED_COPY), RENAMED_COPY);
  await handIn(students["Cara Own"], assignment.id, (p) => p.keyboard.insertText(OWN_WORK), OWN_WORK);

  // A student reaches neither the report's page nor its API.
  const ben = students["Ben Paster"];
  expect((await ben.request.get(`/api/assignments/${assignment.id}/similarity`)).status()).toBe(403);
  await ben.goto(`/teacher/assignments/${assignment.id}/similarity`);
  await expect(ben).not.toHaveURL(/similarity/);
  await expect(ben.getByRole("heading", { name: "Similarity report" })).toHaveCount(0);

  // ── The teacher opens the report from the assignment page ──
  await teacher.setViewportSize({ width: 1280, height: 800 });
  await teacher.goto(`/teacher/assignments/${assignment.id}`);
  await teacher.getByRole("link", { name: "Similarity report" }).click();
  await expect(teacher.getByRole("heading", { level: 1, name: "Similarity report" })).toBeVisible();
  await expect(teacher.getByTestId("similarity-plain-words")).toHaveText(
    "Short programs often look alike because there are few ways to write them. A high score is a reason to look at the code together, not a verdict.",
  );
  // Just in time (issue 22): what the report uses of students' data, who sees it.
  await expect(teacher.getByTestId("data-use-notice")).toContainText("no student sees a score");
  await expect(teacher.getByText("3 hand-ins compared")).toBeVisible({ timeout: 30_000 });

  // The copied pair ranks first, and the two are grouped; Cara is in no group.
  const rows = teacher.getByTestId("similarity-pairs").getByRole("row");
  await expect(rows.nth(1).getByRole("rowheader")).toHaveText(
    /Ada Typist and Ben Paster|Ben Paster and Ada Typist/,
  );
  await expect(teacher.getByTestId("similarity-clusters")).toHaveText(
    /These students share code: (Ada Typist and Ben Paster|Ben Paster and Ada Typist)\./,
  );
  await expect(teacher.getByTestId("similarity-clusters")).not.toContainText("Cara Own");
  await expect(teacher.locator("body")).not.toContainText(/cheat/i);

  // Side by side: both programs, the shared fragments listed and their lines marked.
  await rows
    .nth(1)
    .getByRole("button", { name: /Compare/ })
    .click();
  const view = teacher.getByTestId("similarity-side-by-side");
  await expect(
    view.getByRole("heading", {
      name: /Ada Typist and Ben Paster: \d+% similar|Ben Paster and Ada Typist: \d+% similar/,
    }),
  ).toBeVisible();
  await expect(view.getByTestId("similarity-fragments").getByRole("listitem").first()).toContainText(/^F1: /);
  await expect(view).toContainText('adults = int(input("Adults? "))');
  await expect(view).toContainText('a = int(input("How many adults? "))');
  await expect(view.getByTestId("similarity-code-left").locator("[data-shared]").first()).toBeVisible();
  await expect(view.getByTestId("similarity-code-right").locator("[data-shared]").first()).toBeVisible();
  await expect(view.getByText(/lines shared\)/).first()).toBeVisible();
  await expect(teacher).toHaveURL(/[?&]left=[^&]+&right=/);
  await teacher.screenshot({ path: "test-results/similarity-desktop.png", fullPage: true });
  await expectNoAxeViolations(teacher);

  // The threshold slider regroups in the page: at 100% nobody is grouped.
  const slider = teacher.getByRole("slider", { name: /Show pairs at or above/ });
  await slider.focus();
  await teacher.keyboard.press("End");
  await expect(slider).toHaveAttribute("aria-valuetext", "100%");
  await expect(teacher.getByText("No pair of hand-ins is 100% similar or more.")).toBeVisible();

  await teacher.setViewportSize({ width: 390, height: 844 });
  await teacher.reload();
  await expect(
    teacher.getByTestId("similarity-side-by-side").getByRole("heading", { name: /similar/ }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await teacher.screenshot({ path: "test-results/similarity-phone.png", fullPage: true });
  await expectNoAxeViolations(teacher);

  // ── The replays, from the progress table ──
  await teacher.setViewportSize({ width: 1280, height: 800 });
  const idOf = async (page: Page) =>
    ((await (await page.request.get("/api/me")).json()) as { id: string }).id;
  const recorded = async (studentId: string) =>
    (
      (await (
        await teacher.request.get(`/api/assignments/${assignment.id}/students/${studentId}/activity`)
      ).json()) as ActivityHistory
    ).events.map((e) => e.event.type);
  for (const name of ["Ada Typist", "Ben Paster"])
    await expect
      .poll(async () => recorded(await idOf(students[name])), { timeout: 30_000 })
      .toContain("submit");
  const replayCode = () => codeIn(teacher, "The student's code at this point");
  const scrubber = teacher.getByRole("slider", { name: "Point in the replay" });
  const openReplay = async (name: string) => {
    await teacher.goto(`/teacher/assignments/${assignment.id}`);
    await teacher
      .getByRole("row", { name: new RegExp(name) })
      .getByRole("link", { name: `Replay the work of ${name}` })
      .click();
    await expect(teacher.getByRole("heading", { level: 1, name: `Replay: ${name}` })).toBeVisible();
  };

  // Ben's replay: a paste marker; at it his renamed copy, two steps before it the starter he replaced.
  await openReplay("Ben Paster");
  await expect(teacher.getByTestId("replay-summary")).toContainText(
    `largest paste ${RENAMED_COPY.length} characters`,
  );
  const pasteMarker = teacher
    .getByRole("list", { name: "Markers" })
    .getByRole("button", { name: new RegExp(`Pasted ${RENAMED_COPY.length} characters`) });
  await pasteMarker.click();
  await expect(scrubber).toHaveAttribute(
    "aria-valuetext",
    new RegExp(`Pasted ${RENAMED_COPY.length} characters`),
  );
  await expect.poll(replayCode).toBe(RENAMED_COPY);
  await scrubber.focus();
  await teacher.keyboard.press("ArrowLeft"); // the edit that carried the pasted text
  await teacher.keyboard.press("ArrowLeft"); // before it: the work as opened
  await expect.poll(replayCode).toBe(STARTER);
  await teacher.screenshot({ path: "test-results/similarity-paster-replay.png", fullPage: true });

  // Ada's replay plays from empty to her final code, through her typing.
  await openReplay("Ada Typist");
  await scrubber.focus();
  await teacher.keyboard.press("Home");
  await expect.poll(replayCode).toBe(STARTER);
  await teacher.keyboard.press("ArrowRight"); // she cleared it: empty
  await expect.poll(replayCode).toBe("");
  // The next step is her typing (the recorder cuts an edit every 200 keystrokes): part of the program.
  await teacher.keyboard.press("ArrowRight");
  await expect(scrubber).toHaveAttribute("aria-valuetext", /Typed \d+ characters/);
  const partway = await replayCode();
  expect(partway.length).toBeGreaterThan(0);
  expect(partway).not.toBe(TYPED);
  expect(TYPED.startsWith(partway.split("\n")[0])).toBe(true);
  // Played from the empty point at 10×, it ends at her final code.
  await teacher.keyboard.press("ArrowLeft");
  await expect.poll(replayCode).toBe("");
  await teacher.getByLabel("Speed").selectOption("10");
  await teacher.getByRole("button", { name: "Play" }).click();
  await expect(teacher.getByRole("button", { name: "Play" })).toBeVisible({ timeout: 30_000 });
  await expect.poll(replayCode).toBe(TYPED);
  await expect(scrubber).toHaveAttribute("aria-valuetext", /Pressed Submit Code/);
});

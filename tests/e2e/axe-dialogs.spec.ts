// Issue 19's must-show, "axe: 0 violations on every route at both widths, with dialogs open": every
// dialog in the app (each <Dialog>, <ConfirmDialog> and <InsightDialog> in src/client), opened by
// the role that meets it, on a world with the work each one needs (a graded hand-in with a line
// comment, a raised hand, an exercise and a category), checked by axe at 1280×800 and 390×844.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signUpAdmin, signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

type Who = "student" | "teacher" | "admin";
type Key = "class" | "assignment" | "student" | "exercise";
type World = Record<Key, string> & {
  raiseHand: () => Promise<void>;
};
type Case = [
  /** The dialog's accessible name (its title). */
  dialog: string | RegExp,
  /** The src/client file that renders it, so the guard below can check the list against the source. */
  component: string,
  /** The page it is met on; the first segment is the role that meets it, `:key`s come from the World. */
  path: string,
  /** The button that opens it (exact name), or how to open it otherwise. */
  open: string | ((page: Page) => Promise<void>),
  /** What the world needs first, done once before the page is loaded. */
  before?: (world: World) => Promise<void>,
];

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Every dialog, in the order they are opened: a page's rows together, as it is loaded once for them. */
const CASES: Case[] = [
  ["Join Class", "join-class-dialog", "/student/classes", "Join Class"],
  ["Leave this class?", "student/classes/class-detail-page", "/student/classes/:class", "Leave Class"],
  ["Ask your teacher for help", "help-corner", "/student/assignments/:assignment", "I'm stuck"],
  // The hand-in is graded: Submit Code asks first.
  [
    "Your teacher has already graded this. Hand in again?",
    "assignment-workspace-page",
    "/student/assignments/:assignment",
    "Submit Code",
  ],
  ["Reset your code?", "exercise-workspace-page", "/student/exercise/:exercise", "Reset"],
  ["Create New Class", "create-class-dialog", "/teacher/classes", "Create New Class"],
  [
    "Remove Kit Student from Set 3?",
    "remove-student-button",
    "/teacher/classes/:class",
    "Remove Kit Student",
  ],
  ["Delete Set 3?", "confirm-delete-button", "/teacher/classes/:class", "Delete Class"],
  // Raised only now: while it is up, the student's workspace shows it instead of I'm stuck.
  [
    "Answer Kit Student",
    "help-queue",
    "/teacher/classes/:class/help",
    "Answer Kit Student",
    (w) => w.raiseHand(),
  ],
  ["New Assignment", "new-assignment-dialog", "/teacher/assignments", "New Assignment"],
  ["Import from CodeRunner", "coderunner-import-dialog", "/teacher/assignments", "Import from CodeRunner"],
  [
    "Import tests from GitHub Classroom",
    "classroom-tests-dialog",
    "/teacher/assignments/:assignment",
    "Import tests",
  ],
  ["Delete Echo?", "confirm-delete-button", "/teacher/assignments/:assignment", "Delete Assignment"],
  ["Edit Grade", "grade-dialog", "/teacher/assignments/:assignment/students/:student", "Edit Grade"],
  [
    "Edit the comment on line 1",
    "submission-comments",
    "/teacher/assignments/:assignment/students/:student",
    "Edit comment on line 1",
  ],
  [
    "Delete this comment?",
    "submission-comments",
    "/teacher/assignments/:assignment/students/:student",
    "Delete comment on line 1",
  ],
  ["Assignment Details", "assignment-details-dialog", "/teacher/insights", "Review Echo"],
  [
    "Student Performance Overview",
    "student-overview-dialog",
    "/teacher/insights",
    async (page) => {
      const all = page.getByRole("region", { name: "All students table" });
      if (!(await all.isVisible())) await page.getByText("All Students (1)").click();
      await all.getByRole("button", { name: /Kit Student/ }).click();
    },
  ],
  ["Reset your code?", "exercise-workspace-page", "/teacher/exercise/:exercise", "Reset"],
  ["Import Exercises", "import-dialog", "/admin", "Import Exercises"],
  ["Import from CodeRunner", "coderunner-import-dialog", "/admin", "Import from CodeRunner"],
  ["Delete Double It?", "admin/exercises-tab", "/admin", "Delete Double It"],
  // A category with exercises in it cannot be deleted (its button is disabled): an empty one.
  [
    "Delete Axe Empty?",
    "admin/categories-tab",
    "/admin",
    async (page) => {
      await page.getByRole("tab", { name: /Categories/ }).click();
      await clickButton(page, "Delete Axe Empty");
    },
  ],
  // Every role's settings page has the same two account dialogs.
  ...(["student", "teacher", "admin"] as const).flatMap((who): Case[] => [
    ["Sign out everywhere?", "sign-out-everywhere-card", `/${who}/settings`, "Sign out everywhere"],
    ["Delete your account?", "delete-account-card", `/${who}/settings`, "Delete my account"],
  ]),
];

const clickButton = (page: Page, name: string) =>
  page.getByRole("button", { name, exact: true }).first().click();

/** Client files that render a dialog primitive (the primitives themselves aside). */
function dialogSources(): string[] {
  const root = new URL("../../src/client/", import.meta.url);
  const found: string[] = [];
  const walk = (dir: URL, rel: string) => {
    for (const name of readdirSync(dir)) {
      const url = new URL(name, dir);
      if (statSync(url).isDirectory()) walk(new URL(`${name}/`, dir), `${rel}${name}/`);
      else if (/\.tsx$/.test(name) && !/^(dialog|confirm-dialog|insight-dialog)\.tsx$/.test(name)) {
        if (/<(Dialog|ConfirmDialog|InsightDialog)\b/.test(readFileSync(url, "utf8")))
          found.push(`${rel}${name}`);
      }
    }
  };
  walk(root, "");
  return found;
}

test("every dialog in the app is listed here", () => {
  const covered = CASES.map(([, component]) => component);
  const missing = dialogSources().filter((file) => !covered.some((c) => file.endsWith(`${c}.tsx`)));
  expect(missing, "dialogs no case opens").toEqual([]);
});

test("every dialog passes axe (WCAG 2.2 AA) open, at desktop and phone widths", async ({
  browser,
  baseURL,
}) => {
  // Up to ten minutes on a loaded machine: twice that before giving up, growing with the table.
  test.setTimeout(120_000 + CASES.length * VIEWPORTS.length * 20_000);
  const headers = { Origin: baseURL! };
  const pages = {} as Record<Who, Page>;
  for (const who of ["student", "teacher", "admin"] as const) {
    pages[who] = await (await browser.newContext()).newPage();
    // Every action (a page load, an opener's click) long enough for a busy machine, and no longer:
    // one stuck case fails on its own instead of holding the run to the test's timeout.
    pages[who].setDefaultTimeout(45_000);
  }
  const post = async (who: Who, path: string, data: unknown, method: "post" | "put" = "post") => {
    const res = await pages[who].request[method](path, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };

  // The world: an exercise in its own category, an empty category; a class with an assignment; a
  // student who handed in and was graded with a comment on line 1 (their hand is raised by a case).
  await signUpAdmin(pages.admin);
  const category = await post("admin", "/api/admin/categories", {
    name: "Axe Dialogs",
    description: "For the dialogs' accessibility run.",
    displayOrder: 999,
  });
  await post("admin", "/api/admin/categories", {
    name: "Axe Empty",
    description: "Nothing in it.",
    displayOrder: 1000,
  });
  const exercise = await post("admin", "/api/admin/exercises", {
    title: "Double It",
    description: "Read a whole number and print it doubled.",
    difficulty: "easy",
    categoryId: category.id,
    starterCode: "n = int(input())\nprint(n * 2)\n",
    solution: "n = int(input())\nprint(n * 2)\n",
    hints: [],
    estimatedTime: "5 minutes",
    testCases: [{ description: "Doubles 3", inputs: ["3"], expectedOutput: "6" }],
  });
  await signUpVerified(pages.teacher, "teacher", "Ms Lamarr");
  const klass = await post("teacher", "/api/classes", { name: "Set 3" });
  const assignment = await post("teacher", "/api/assignments", {
    classId: klass.id,
    name: "Echo",
    description: "Print what you are given.",
    testCases: [{ description: "Echoes", input: "hi", expectedOutput: "hi" }],
  });
  await signUpVerified(pages.student, "student", "Kit Student");
  await post("student", "/api/classes/join", { code: klass.joinCode });
  const handIn = await post("student", `/api/assignments/${assignment.id}/submissions`, {
    code: "print(input())\n",
    final: true,
  });
  await post("teacher", `/api/submissions/${handIn.id}/grade`, { grade: 80, notes: "Good." }, "put");
  await post("teacher", `/api/submissions/${handIn.id}/comments`, { line: 1, body: "Nicely done." });
  const world: World = {
    class: klass.id,
    assignment: assignment.id,
    student: (await (await pages.student.request.get("/api/me")).json()).id,
    exercise: exercise.id,
    raiseHand: async () => {
      const help = { question: "Is this right?", code: "print(1)\n" };
      await post("student", `/api/assignments/${assignment.id}/help`, help);
    },
  };

  const loaded = {} as Record<Who, string>;
  const failures: string[] = [];
  for (const [dialogName, component, path, open, before] of CASES) {
    const who = path.split("/")[1] as Who;
    const page = pages[who];
    const url = path.replace(/:(\w+)/g, (_, key: Key) => world[key]);
    if (before) await before(world);
    if (before || loaded[who] !== url) {
      await page.goto(url);
      loaded[who] = url;
    }
    for (const viewport of VIEWPORTS) {
      const where = `"${dialogName}" (${component}) as ${who} on ${path} at ${viewport.width}×${viewport.height}`;
      try {
        await page.setViewportSize(viewport);
        await (typeof open === "string" ? clickButton(page, open) : open(page));
        const dialog = page
          .getByRole("dialog", { name: dialogName })
          .or(page.getByRole("alertdialog", { name: dialogName }));
        await expect(dialog).toBeVisible();
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      } catch (error) {
        const failure = `${where}: ${(error as Error).message.split("\n").slice(0, 40).join("\n")}`;
        console.log(failure); // as it happens: the run is long
        failures.push(failure);
        // Leave no dialog open for the next case.
        await page.keyboard.press("Escape").catch(() => undefined);
      }
    }
  }
  const failed = `${failures.length} of ${CASES.length * VIEWPORTS.length} checks failed`;
  expect(failures.length, `${failed}:\n\n${failures.join("\n\n")}`).toBe(0);
});

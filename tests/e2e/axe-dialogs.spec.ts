// Issue 19's must-show, "axe: 0 violations on every route at both widths, with dialogs open": every
// dialog in the app (each <Dialog>, <ConfirmDialog> and <InsightDialog> in src/client), opened by
// the role that meets it, on a world with the work each one needs (a graded hand-in with a line
// comment, a raised hand, an exercise and a category), checked by axe at 1280×800 and 390×844.
// One sign-in per role; each page is loaded once and its dialogs opened at both widths.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signUpAdmin, signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

type World = { classId: string; assignmentId: string; studentId: string; exerciseId: string };
type Who = "student" | "teacher" | "admin";
type DialogCase = {
  /** The dialog's accessible name (its title). */
  dialog: string | RegExp;
  /** Opens it from the page as loaded. */
  open: (page: Page) => Promise<void>;
  /** The component it is, so the list below can be checked against the source. */
  component: string;
};
type PageCase = { who: Who; url: (w: World) => string; heading: string | RegExp; dialogs: DialogCase[] };

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const click = (name: string | RegExp) => async (page: Page) => {
  await page
    .getByRole("button", { name, exact: typeof name === "string" })
    .first()
    .click({ timeout: 15_000 });
};

/** Every dialog, by the page and role that opens it. */
const PAGES: PageCase[] = [
  {
    who: "student",
    url: () => "/student/classes",
    heading: "My Classes",
    dialogs: [{ dialog: "Join Class", open: click("Join Class"), component: "join-class-dialog" }],
  },
  {
    who: "student",
    url: (w) => `/student/classes/${w.classId}`,
    heading: "Set 3",
    dialogs: [
      {
        dialog: "Leave this class?",
        open: click("Leave Class"),
        component: "student/classes/class-detail-page",
      },
    ],
  },
  {
    who: "student",
    url: (w) => `/student/assignments/${w.assignmentId}`,
    heading: "Echo",
    dialogs: [
      { dialog: "Ask your teacher for help", open: click("I'm stuck"), component: "help-corner" },
      {
        // The hand-in is graded: Submit Code asks first.
        dialog: "Your teacher has already graded this. Hand in again?",
        open: click("Submit Code"),
        component: "assignment-workspace-page",
      },
    ],
  },
  {
    who: "student",
    url: (w) => `/student/exercise/${w.exerciseId}`,
    heading: "Double It",
    dialogs: [{ dialog: "Reset your code?", open: click("Reset"), component: "exercise-workspace-page" }],
  },
  {
    who: "student",
    url: () => "/student/settings",
    heading: "Settings",
    dialogs: [
      {
        dialog: "Sign out everywhere?",
        open: click("Sign out everywhere"),
        component: "sign-out-everywhere-card",
      },
      { dialog: "Delete your account?", open: click("Delete my account"), component: "delete-account-card" },
    ],
  },
  {
    who: "teacher",
    url: () => "/teacher/classes",
    heading: "Your Classes",
    dialogs: [
      { dialog: "Create New Class", open: click("Create New Class"), component: "create-class-dialog" },
    ],
  },
  {
    who: "teacher",
    url: (w) => `/teacher/classes/${w.classId}`,
    heading: "Set 3",
    dialogs: [
      {
        dialog: "Remove Kit Student from Set 3?",
        open: click("Remove Kit Student"),
        component: "remove-student-button",
      },
      { dialog: "Delete Set 3?", open: click("Delete Class"), component: "confirm-delete-button" },
    ],
  },
  {
    who: "teacher",
    url: (w) => `/teacher/classes/${w.classId}/help`,
    heading: "Help requests",
    dialogs: [{ dialog: "Answer Kit Student", open: click("Answer Kit Student"), component: "help-queue" }],
  },
  {
    who: "teacher",
    url: () => "/teacher/assignments",
    heading: "Assignments",
    dialogs: [
      { dialog: "New Assignment", open: click("New Assignment"), component: "new-assignment-dialog" },
      {
        dialog: "Import from CodeRunner",
        open: click("Import from CodeRunner"),
        component: "coderunner-import-dialog",
      },
    ],
  },
  {
    who: "teacher",
    url: (w) => `/teacher/assignments/${w.assignmentId}`,
    heading: "Echo",
    dialogs: [
      {
        dialog: "Import tests from GitHub Classroom",
        open: click("Import tests"),
        component: "classroom-tests-dialog",
      },
      { dialog: "Delete Echo?", open: click("Delete Assignment"), component: "confirm-delete-button" },
    ],
  },
  {
    who: "teacher",
    url: (w) => `/teacher/assignments/${w.assignmentId}/students/${w.studentId}`,
    heading: /Submissions/,
    dialogs: [
      { dialog: "Edit Grade", open: click("Edit Grade"), component: "grade-dialog" },
      {
        dialog: "Edit the comment on line 1",
        open: click("Edit comment on line 1"),
        component: "submission-comments",
      },
      {
        dialog: "Delete this comment?",
        open: click("Delete comment on line 1"),
        component: "submission-comments",
      },
    ],
  },
  {
    who: "teacher",
    url: () => "/teacher/insights",
    heading: "Teaching Insights",
    dialogs: [
      { dialog: "Assignment Details", open: click("Review Echo"), component: "assignment-details-dialog" },
      {
        dialog: "Student Performance Overview",
        open: async (page) => {
          const all = page.getByRole("region", { name: "All students table" });
          if (!(await all.isVisible())) await page.getByText("All Students (1)").click();
          await all.getByRole("button", { name: /Kit Student/ }).click();
        },
        component: "student-overview-dialog",
      },
    ],
  },
  {
    who: "teacher",
    url: (w) => `/teacher/exercise/${w.exerciseId}`,
    heading: "Double It",
    dialogs: [{ dialog: "Reset your code?", open: click("Reset"), component: "exercise-workspace-page" }],
  },
  {
    who: "teacher",
    url: () => "/teacher/settings",
    heading: "Settings",
    dialogs: [
      {
        dialog: "Sign out everywhere?",
        open: click("Sign out everywhere"),
        component: "sign-out-everywhere-card",
      },
      { dialog: "Delete your account?", open: click("Delete my account"), component: "delete-account-card" },
    ],
  },
  {
    who: "admin",
    url: () => "/admin",
    heading: "Admin Dashboard",
    dialogs: [
      { dialog: "Import Exercises", open: click("Import Exercises"), component: "import-dialog" },
      {
        dialog: "Import from CodeRunner",
        open: click("Import from CodeRunner"),
        component: "coderunner-import-dialog",
      },
      { dialog: "Delete Double It?", open: click("Delete Double It"), component: "admin/exercises-tab" },
      {
        // A category with exercises in it cannot be deleted (its button is disabled): an empty one.
        dialog: "Delete Axe Empty?",
        open: async (page) => {
          await page.getByRole("tab", { name: /Categories/ }).click();
          await page
            .getByRole("button", { name: "Delete Axe Empty", exact: true })
            .click({ timeout: 15_000 });
        },
        component: "admin/categories-tab",
      },
    ],
  },
  {
    who: "admin",
    url: () => "/admin/settings",
    heading: "Settings",
    dialogs: [
      {
        dialog: "Sign out everywhere?",
        open: click("Sign out everywhere"),
        component: "sign-out-everywhere-card",
      },
      { dialog: "Delete your account?", open: click("Delete my account"), component: "delete-account-card" },
    ],
  },
];

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
  const covered = PAGES.flatMap((p) => p.dialogs.map((d) => d.component));
  const missing = dialogSources().filter((file) => !covered.some((c) => file.endsWith(`${c}.tsx`)));
  expect(missing, "dialogs no case opens").toEqual([]);
});

test("every dialog passes axe (WCAG 2.2 AA) open, at desktop and phone widths", async ({
  browser,
  baseURL,
}) => {
  // About 60 axe runs: a few minutes on a quiet machine, far more on a loaded one.
  test.setTimeout(1_200_000);
  const headers = { Origin: baseURL! };
  const pages = {} as Record<Who, Page>;
  for (const who of ["student", "teacher", "admin"] as const)
    pages[who] = await (await browser.newContext()).newPage();
  const post = async (who: Who, path: string, data: unknown, method: "post" | "put" = "post") => {
    const res = await pages[who].request[method](path, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };

  // The world: an exercise in its own category; a class with an assignment; a student who handed
  // in and was graded with a comment on line 1, and who raises a hand once their own pages are
  // done (while it is raised, the workspace shows it instead of I'm stuck).
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
  const me = await (await pages.student.request.get("/api/me")).json();
  const world: World = {
    classId: klass.id,
    assignmentId: assignment.id,
    studentId: me.id,
    exerciseId: exercise.id,
  };

  const failures: string[] = [];
  let handRaised = false;
  for (const p of PAGES) {
    const page = pages[p.who];
    if (p.who !== "student" && !handRaised) {
      await post("student", `/api/assignments/${assignment.id}/help`, {
        question: "Is this right?",
        code: "print(1)\n",
      });
      handRaised = true;
    }
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(p.url(world));
    await expect(page.getByRole("heading", { level: 1, name: p.heading })).toBeVisible({ timeout: 45_000 });
    for (const d of p.dialogs) {
      for (const viewport of VIEWPORTS) {
        const where = `${p.url(world)} "${d.dialog}" at ${viewport.width}×${viewport.height}`;
        try {
          await page.setViewportSize(viewport);
          await d.open(page);
          const dialog = page
            .getByRole("dialog", { name: d.dialog })
            .or(page.getByRole("alertdialog", { name: d.dialog }));
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
  }
  expect(failures, failures.join("\n\n")).toEqual([]);
});

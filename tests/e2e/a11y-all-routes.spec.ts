// Every page of the app, at desktop and phone widths, passes axe-core's WCAG 2.0/2.1/2.2 A and AA
// rules, has its own <title>, exactly one h1 and (signed in) a skip link to the main content. The
// pages come from the app's route tables (src/client/app/*-routes.tsx): a page added there without
// a case below fails this test, so new pages are covered as they land.
import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signUpAdmin, signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { linkFromMailbox, uniqueEmail } from "./helpers/mailbox.ts";

const APP_DIR = new URL("../../src/client/app/", import.meta.url);

/** Where each exported route table is mounted (router.tsx). */
const MOUNTS: Record<string, string> = {
  publicSiteRoutes: "",
  standaloneRoutes: "",
  studentRoutes: "/student",
  teacherRoutes: "/teacher",
  adminRoutes: "/admin",
  adminOverviewRoutes: "/test",
};

/** Every page path in the route tables; redirects and catch-alls are not pages. */
function routePaths(): string[] {
  const paths: string[] = [];
  for (const file of readdirSync(APP_DIR).filter((f) => f.endsWith("-routes.tsx"))) {
    const text = readFileSync(new URL(file, APP_DIR), "utf8");
    const tables = text.split(/export const (\w+)\s*:\s*RouteObject\[\]\s*=/).slice(1);
    for (let i = 0; i < tables.length; i += 2) {
      const [name, body] = [tables[i], tables[i + 1]];
      const mount = MOUNTS[name];
      expect(mount, `route table ${name} in ${file} has no mount point in this test`).toBeDefined();
      // One route per line or object: `{ path: "x", element: ... }` or `{ index: true, ... }`.
      for (const m of body.matchAll(/\{\s*(?:path:\s*"([^"]*)"|index:\s*true)\s*,\s*element:\s*(<\w+|\()/g)) {
        const path = m[1];
        if (path === "*" || m[2] === "<Navigate") continue;
        if (path === undefined) paths.push(mount || "/");
        else paths.push(path.startsWith("/") ? path : `${mount}/${path}`);
      }
    }
  }
  return paths;
}

type World = {
  classId: string;
  assignmentId: string;
  studentId: string;
  exerciseId: string;
};

type Visit = {
  who: "anonymous" | "pending" | "student" | "teacher" | "admin";
  url: (w: World) => string;
  /** Waits for the page to have loaded, and optionally opens dialogs (each checked too). */
  ready: (page: Page) => Promise<void>;
  dialogs?: { name: string; open: (page: Page) => Promise<void> }[];
  /** Only a redirect: nothing of its own to check. */
  redirect?: boolean;
};

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 45_000 });
};

const openButton = (name: string, dialog: string) => async (page: Page) => {
  await page.getByRole("button", { name, exact: true }).first().click();
  await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
};

/** Visualise the playground's starter program, answering its two input() questions. */
const openVisualiser = async (page: Page) => {
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 45_000 });
  await page.getByRole("button", { name: "Visualise" }).click();
  for (const answer of ["Sam", "14"]) {
    const field = page.getByPlaceholder("Type your answer and press Enter");
    await field.fill(answer);
    await field.press("Enter");
  }
  await expect(page.getByTestId("visualiser-position")).toHaveText(/^Step 1 of \d+$/);
  await page.keyboard.press("End");
};

/** One case per page path in the route tables. */
const VISITS: Record<string, Visit> = {
  "/": { who: "anonymous", url: () => "/", ready: heading(/Python/) },
  "/about": { who: "anonymous", url: () => "/about", ready: heading(/./) },
  "/privacy": { who: "anonymous", url: () => "/privacy", ready: heading("Privacy Policy") },
  "/terms": { who: "anonymous", url: () => "/terms", ready: heading("Terms of Service") },
  "/what-is-recorded": {
    who: "anonymous",
    url: () => "/what-is-recorded",
    ready: heading("What is recorded"),
  },
  "/contact": { who: "anonymous", url: () => "/contact", ready: heading(/./) },
  // The periods in force, read from the server (decision 062), and the school pack (issue 22).
  "/data-retention": {
    who: "anonymous",
    url: () => "/data-retention",
    ready: async (page) => {
      await heading("How long we keep data")(page);
      await expect(page.getByText(/until the end of the school year/)).toBeVisible();
    },
  },
  "/schools": { who: "anonymous", url: () => "/schools", ready: heading("The school pack") },
  "/schools/dpia": {
    who: "anonymous",
    url: () => "/schools/dpia",
    ready: heading("Data protection impact assessment (template)"),
  },
  "/schools/processor-terms": {
    who: "anonymous",
    url: () => "/schools/processor-terms",
    ready: heading("Processor terms"),
  },
  "/schools/sub-processors": {
    who: "anonymous",
    url: () => "/schools/sub-processors",
    ready: async (page) => {
      await heading("Sub-processors")(page);
      await expect(page.getByText(/has no SMTP provider set/)).toBeVisible();
    },
  },
  "/schools/where-data-lives": {
    who: "anonymous",
    url: () => "/schools/where-data-lives",
    ready: heading("Where data lives"),
  },
  "/schools/breach": { who: "anonymous", url: () => "/schools/breach", ready: heading("Breach process") },
  "/schools/accessibility": {
    who: "anonymous",
    url: () => "/schools/accessibility",
    ready: heading("Accessibility statement"),
  },
  "/auth": {
    who: "anonymous",
    url: () => "/auth",
    ready: heading(/./),
    dialogs: [
      {
        name: "sign-up step 1",
        open: async (page) => {
          await page.getByRole("button", { name: "Get started" }).click();
          await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
        },
      },
      {
        name: "forgot password",
        open: async (page) => {
          await page.goto("/auth");
          await page.getByRole("button", { name: "Forgot password?" }).click();
          await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/sign in/i);
        },
      },
    ],
  },
  "/update-password": { who: "anonymous", url: () => "/update-password", ready: heading(/./) },
  // The "Delete my account" e-mail's link (data-rights.spec.ts confirms one for real).
  "/account/delete": {
    who: "anonymous",
    url: () => "/account/delete?token=not-a-real-token",
    ready: heading("Delete your PyClass account?"),
  },
  "/dev/mailbox": { who: "anonymous", url: () => "/dev/mailbox", ready: heading("Development mailbox") },
  "/select-role": { who: "pending", url: () => "/select-role", ready: heading(/How will you use PyClass/) },
  "/playground": {
    who: "student",
    url: () => "/playground",
    ready: heading("Python playground"),
    // Not a dialog, a state of the page: the Visualise panel (the starter program asks two questions).
    dialogs: [{ name: "Visualise panel", open: openVisualiser }],
  },
  "/dashboard": { who: "student", url: () => "/dashboard", ready: async () => {}, redirect: true },
  "/student/classes": {
    who: "student",
    url: () => "/student/classes",
    ready: heading("My Classes"),
    dialogs: [{ name: "Join Class", open: openButton("Join Class", "Join Class") }],
  },
  "/student/classes/:classId": {
    who: "student",
    url: (w) => `/student/classes/${w.classId}`,
    ready: heading("Set 3"),
  },
  "/student/assignments": {
    who: "student",
    url: () => "/student/assignments",
    ready: heading("Assignments"),
  },
  "/student/assignments/:assignmentId": {
    who: "student",
    url: (w) => `/student/assignments/${w.assignmentId}`,
    ready: heading("Echo"),
    dialogs: [{ name: "I'm stuck", open: openButton("I'm stuck", "Ask your teacher for help") }],
  },
  "/student/exercises": {
    who: "student",
    url: () => "/student/exercises?level=gcse&language=python",
    ready: heading("Python Exercises"),
  },
  "/student/exercise/:exerciseId": {
    who: "student",
    url: (w) => `/student/exercise/${w.exerciseId}`,
    ready: heading("Double It"),
  },
  "/student/settings": {
    who: "student",
    url: () => "/student/settings",
    ready: heading("Settings"),
    dialogs: [
      { name: "Sign out everywhere", open: openButton("Sign out everywhere", "Sign out everywhere?") },
      { name: "Delete my account", open: openButton("Delete my account", "Delete your account?") },
    ],
  },
  "/teacher/dashboard": { who: "teacher", url: () => "/teacher/dashboard", ready: heading("Dashboard") },
  "/teacher/assignments": {
    who: "teacher",
    url: () => "/teacher/assignments",
    ready: heading("Assignments"),
    dialogs: [
      { name: "New Assignment", open: openButton("New Assignment", "New Assignment") },
      // Its preview step, with a real-shaped bank, is checked at both widths in interchange.spec.ts.
      {
        name: "Import from CodeRunner",
        open: openButton("Import from CodeRunner", "Import from CodeRunner"),
      },
    ],
  },
  "/teacher/assignments/:assignmentId": {
    who: "teacher",
    url: (w) => `/teacher/assignments/${w.assignmentId}`,
    ready: heading("Echo"),
    dialogs: [
      { name: "Import tests", open: openButton("Import tests", "Import tests from GitHub Classroom") },
    ],
  },
  // One hand-in in this world: the report's "nothing to compare yet" state (similarity.spec.ts
  // checks the full report and the side-by-side view with axe).
  "/teacher/assignments/:assignmentId/similarity": {
    who: "teacher",
    url: (w) => `/teacher/assignments/${w.assignmentId}/similarity`,
    ready: heading("Similarity report"),
  },
  "/teacher/assignments/:assignmentId/students/:studentId": {
    who: "teacher",
    url: (w) => `/teacher/assignments/${w.assignmentId}/students/${w.studentId}`,
    ready: heading(/Submissions/),
  },
  "/teacher/assignments/:assignmentId/students/:studentId/replay": {
    who: "teacher",
    url: (w) => `/teacher/assignments/${w.assignmentId}/students/${w.studentId}/replay`,
    ready: heading(/Replay/),
  },
  "/teacher/exercises": {
    who: "teacher",
    url: () => "/teacher/exercises?level=gcse&language=python",
    ready: heading("Python Exercises"),
  },
  "/teacher/exercise/:exerciseId": {
    who: "teacher",
    url: (w) => `/teacher/exercise/${w.exerciseId}`,
    ready: heading("Double It"),
  },
  "/teacher/classes": {
    who: "teacher",
    url: () => "/teacher/classes",
    ready: heading("Your Classes"),
    dialogs: [{ name: "Create New Class", open: openButton("Create New Class", "Create New Class") }],
  },
  "/teacher/classes/:classId": {
    who: "teacher",
    url: (w) => `/teacher/classes/${w.classId}`,
    ready: heading("Set 3"),
  },
  // The live lesson with one student and nothing recorded this lesson (live-lesson.spec.ts checks
  // a busy board with axe too).
  "/teacher/classes/:classId/live": {
    who: "teacher",
    url: (w) => `/teacher/classes/${w.classId}/live`,
    ready: async (page) => {
      await heading("Live lesson")(page);
      await expect(page.getByTestId("live-tile")).toHaveCount(1);
    },
  },
  "/teacher/classes/:classId/live/:studentId": {
    who: "teacher",
    url: (w) => `/teacher/classes/${w.classId}/live/${w.studentId}`,
    ready: heading("Kit Student's code"),
  },
  // The help queue, empty (help-and-comments.spec.ts checks a queue with a request and the answer dialog).
  "/teacher/classes/:classId/help": {
    who: "teacher",
    url: (w) => `/teacher/classes/${w.classId}/help`,
    ready: async (page) => {
      await heading("Help requests")(page);
      await expect(page.getByText("No raised hands.")).toBeVisible();
    },
  },
  "/teacher/insights": { who: "teacher", url: () => "/teacher/insights", ready: heading(/Insights/) },
  "/teacher/settings": { who: "teacher", url: () => "/teacher/settings", ready: heading("Settings") },
  "/admin": {
    who: "admin",
    url: () => "/admin",
    ready: heading("Admin Dashboard"),
    dialogs: [
      { name: "Import Exercises", open: openButton("Import Exercises", "Import Exercises") },
      {
        name: "Import from CodeRunner",
        open: openButton("Import from CodeRunner", "Import from CodeRunner"),
      },
    ],
  },
  "/admin/settings": { who: "admin", url: () => "/admin/settings", ready: heading("Settings") },
  "/admin/retention": {
    who: "admin",
    url: () => "/admin/retention",
    ready: async (page) => {
      await heading("Data retention")(page);
      await expect(page.getByRole("button", { name: "Save periods" })).toBeVisible();
    },
  },
  // The run's own entries (role changes at sign-up, class transfers) fill the table.
  "/admin/audit": {
    who: "admin",
    url: () => "/admin/audit",
    ready: async (page) => {
      await heading("Audit log")(page);
      await expect(page.getByRole("table")).toBeVisible();
    },
  },
  "/test": { who: "admin", url: () => "/test", ready: heading("Classes overview") },
};

test("every route in the route tables has a case here", () => {
  const paths = routePaths();
  expect(paths.length).toBeGreaterThan(20);
  expect(
    paths.filter((p) => !VISITS[p]),
    "routes without an accessibility case",
  ).toEqual([]);
  expect(
    Object.keys(VISITS).filter((p) => !paths.includes(p)),
    "cases for routes that are gone",
  ).toEqual([]);
});

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

test("every page passes axe (WCAG 2.2 AA), has its own title, one h1 and a skip link", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const headers = { Origin: baseURL! };
  const pages = {} as Record<Visit["who"], Page>;
  for (const who of ["anonymous", "pending", "student", "teacher", "admin"] as const) {
    pages[who] = await (await browser.newContext()).newPage();
  }
  // The world every page shows: an exercise, a class with an assignment, a student who submitted.
  await signUpAdmin(pages.admin);
  const category = await pages.admin.request.post("/api/admin/categories", {
    headers,
    data: { name: "Axe Practice", description: "For the accessibility run.", displayOrder: 998 },
  });
  expect(category.ok(), await category.text()).toBe(true);
  const exercise = await pages.admin.request.post("/api/admin/exercises", {
    headers,
    data: {
      title: "Double It",
      description: "Read a whole number and print it doubled.",
      difficulty: "easy",
      categoryId: (await category.json()).id,
      starterCode: "n = int(input())\nprint(f'{n * 2}')\n",
      solution: "n = int(input())\nprint(n * 2)\n",
      hints: ["Multiply by 2."],
      estimatedTime: "5 minutes",
      testCases: [{ description: "Doubles 3", inputs: ["3"], expectedOutput: "6" }],
    },
  });
  expect(exercise.ok(), await exercise.text()).toBe(true);
  await signUpVerified(pages.teacher, "teacher", "Ms Lamarr");
  const klass = await (
    await pages.teacher.request.post("/api/classes", { headers, data: { name: "Set 3" } })
  ).json();
  const assignment = await (
    await pages.teacher.request.post("/api/assignments", {
      headers,
      data: {
        classId: klass.id,
        name: "Echo",
        description: "Print what you are given.",
        testCases: [{ description: "Echoes", input: "hi", expectedOutput: "hi" }],
      },
    })
  ).json();
  await signUpVerified(pages.student, "student", "Kit Student");
  expect(
    (await pages.student.request.post("/api/classes/join", { headers, data: { code: klass.joinCode } })).ok(),
  ).toBe(true);
  const submitted = await pages.student.request.post(`/api/assignments/${assignment.id}/submissions`, {
    headers,
    data: { code: "print(input())\n", final: true },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  const me = await (await pages.student.request.get("/api/me")).json();
  // A signed-up, verified user who has not chosen a role yet.
  await signUpPending(pages.pending, headers);
  const world: World = {
    classId: klass.id,
    assignmentId: assignment.id,
    studentId: me.id,
    exerciseId: (await exercise.json()).id,
  };

  const titles = new Map<string, string>();
  const failures: string[] = [];
  for (const viewport of VIEWPORTS) {
    for (const [route, visit] of Object.entries(VISITS)) {
      if (visit.redirect) continue;
      const page = pages[visit.who];
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(visit.url(world));
      const where = `${route} (${viewport.name})`;
      try {
        await visit.ready(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        const title = await page.title();
        expect(title, `${where}: a title of its own`).toMatch(/.+ — PyClass$/);
        // Unique among the pages one person sees (a student's and a teacher's Settings may match).
        const other = [...titles].find(([r, t]) => t === title && r !== route && VISITS[r].who === visit.who);
        expect(other?.[0], `${where}: "${title}" is also the title of`).toBeUndefined();
        titles.set(route, title);
        if (visit.who !== "anonymous" && visit.who !== "pending" && route !== "/playground") {
          const skip = page.getByRole("link", { name: "Skip to main content" });
          await expect(skip).toHaveAttribute("href", "#main");
          await expect(page.locator("main#main")).toHaveCount(1);
        }
        await expectNoAxeViolations(page);
        // Usable on a phone: nothing pushes the page sideways.
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${where}: page width`).toBeLessThanOrEqual(viewport.width);
        for (const dialog of visit.dialogs ?? []) {
          await dialog.open(page);
          await expectNoAxeViolations(page);
          await page.keyboard.press("Escape");
        }
      } catch (error) {
        // What the page showed, for a failure that is not an axe finding (a page that never loaded).
        const shown = await page.evaluate(() => document.body.innerText.slice(0, 300)).catch(() => "");
        failures.push(
          `${where}: ${(error as Error).message.split("\n").slice(0, 40).join("\n")}\nPage: ${shown}`,
        );
      }
    }
  }
  expect(failures, failures.join("\n\n")).toEqual([]);
});

/** Signs up and verifies an account without choosing a role (the select-role page's visitor). */
async function signUpPending(page: Page, headers: Record<string, string>) {
  const email = uniqueEmail("pending");
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers,
    data: { name: "Pat Pending", email, password: "Secret123!" },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  expect((await page.request.get(await linkFromMailbox(page.request, email, /./))).ok()).toBe(true);
}

// Offline-first workspaces (issue 23, decision 068): once a workspace has loaded, the service
// worker keeps it working with the connection gone: Run Code with input() (the page stays
// cross-origin isolated), Run Tests on the visible cases, Submit Code kept as "Waiting to send",
// and a reload that opens the workspace again on the draft; back online, the hand-in is graded by
// the server and listed. The offline notice says what works and what waits, and passes axe. A new
// version deployed while a workspace holds work is offered by the banner, never forced; Reload
// opens the new version on the draft.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

test.use({ serviceWorkers: "allow" });
// One long journey (Python starts twice, a server grading): generous on a loaded machine.
test.setTimeout(180_000);

async function classroom(browser: Browser, baseURL: string, studentURL = baseURL) {
  const headers = { Origin: baseURL };
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signUpVerified(teacher, "teacher", "Ms Hopper");
  const klass = await (await teacher.request.post("/api/classes", { headers, data: { name: "10X" } })).json();
  const assignment = await (
    await teacher.request.post("/api/assignments", {
      headers,
      data: {
        classId: klass.id,
        name: "Greeting",
        testCases: [
          { description: "Greets Ada", input: "Ada", expectedOutput: "Hello Ada" },
          { description: "Greets Bo", input: "Bo", expectedOutput: "Hello Bo" },
          { description: "Hidden", input: "Cy", expectedOutput: "Hello Cy", hidden: true },
        ],
      },
    })
  ).json();
  const context = await browser.newContext({ serviceWorkers: "allow", baseURL: studentURL });
  const student = await context.newPage();
  await signUpVerified(student, "student", "Sam Student");
  const joined = await student.request.post("/api/classes/join", { headers, data: { code: klass.joinCode } });
  expect(joined.ok(), await joined.text()).toBe(true);
  await teacherContext.close();
  return { student, assignmentId: assignment.id as string };
}

async function typeProgram(page: Page, code: string) {
  const editor = page.getByRole("textbox", { name: "Your Python code" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(code);
}

/** The tab's Python has started (the service worker registers only then). */
async function pythonReady(page: Page) {
  await page.waitForFunction(
    () => performance.getEntriesByName("pyclass:python-startup").length > 0,
    undefined,
    {
      timeout: 60_000,
    },
  );
}

/** The service worker controls the page and has kept what a reload of this workspace reads. */
async function readyForOffline(page: Page, assignmentId: string) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 60_000,
  });
  await page.waitForFunction(
    async (id) => {
      const kept = await caches.open("pyclass-offline-reads");
      const paths = (await kept.keys()).map((r) => new URL(r.url).pathname);
      return paths.includes("/api/me") && paths.includes(`/api/assignments/${id}`);
    },
    assignmentId,
    { timeout: 30_000, polling: 250 },
  );
}

const PROGRAM = 'name = input("Name? ")\nprint("Hello " + name)\n';

test("a workspace loaded once keeps working offline: Run with input(), Run Tests, reload with the draft", async ({
  browser,
  baseURL,
}) => {
  const { student, assignmentId } = await classroom(browser, baseURL!);
  await student.goto(`/student/assignments/${assignmentId}`);
  await pythonReady(student);
  await readyForOffline(student, assignmentId);
  await typeProgram(student, PROGRAM);

  await student.context().setOffline(true);
  const notice = student.getByTestId("offline-notice");
  await expect(notice).toContainText("You're offline");
  await expect(notice).toContainText("Submit Code and Save wait");
  await expectNoAxeViolations(student);

  // Run Code with input(): answered in the console, as online.
  await student.getByRole("button", { name: "Run Code" }).click();
  const answer = student.getByPlaceholder("Type your answer and press Enter");
  await expect(answer).toBeFocused();
  await answer.fill("Ada");
  await answer.press("Enter");
  await expect(student.getByTestId("output")).toHaveText("Name? Ada\nHello Ada\n");

  // Run Tests: the visible cases, in this browser.
  await student.getByRole("button", { name: "Run Tests" }).click();
  await expect(student.getByTestId("test-summary")).toContainText("Passed: 2/2 tests", { timeout: 30_000 });

  // Submit Code: kept on this device, waiting to send.
  await student.getByRole("button", { name: "Submit Code" }).click();
  await expect(student.getByText(/^Waiting to send: you're offline/)).toBeVisible();
  const waiting = student.getByTestId("waiting-to-send");
  await expect(waiting).toContainText("Waiting to send");
  await expect(waiting.getByRole("listitem")).toHaveCount(1);

  // A reload with no connection opens the workspace again, on the draft, still isolated.
  await student.reload();
  await expect(student.getByRole("textbox", { name: "Your Python code" })).toContainText(
    'print("Hello " + name)',
    {
      timeout: 30_000,
    },
  );
  await expect(student.getByTestId("offline-notice")).toBeVisible();
  expect(await student.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
  await pythonReady(student);
  await student.getByRole("button", { name: "Run Code" }).click();
  await student.getByPlaceholder("Type your answer and press Enter").fill("Bo");
  await student.keyboard.press("Enter");
  await expect(student.getByTestId("output")).toHaveText("Name? Bo\nHello Bo\n");

  await expect(student.getByTestId("waiting-to-send")).toBeVisible();

  await student.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(student);
  await student.screenshot({ path: test.info().outputPath("offline-390.png"), fullPage: true });
  await student.setViewportSize({ width: 1280, height: 800 });
  await student.screenshot({ path: test.info().outputPath("offline-1280.png"), fullPage: true });

  // Back online: the queued hand-in is sent, graded by the server (the hidden case too), listed.
  await student.context().setOffline(false);
  await expect(student.getByTestId("offline-notice")).toHaveCount(0);
  await expect(student.getByTestId("waiting-to-send")).toHaveCount(0, { timeout: 30_000 });
  const handIn = student.getByTestId("previous-submission").filter({ hasText: "Submitted" });
  await expect(handIn).toHaveCount(1);
  await expect(handIn).toContainText("passed 3 of 3");
  await expect(handIn).toContainText("made offline, sent");
  await expectNoAxeViolations(student);
});

test("an exercise's Save made offline waits on the device and is saved when the connection is back", async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: "allow" });
  const student = await context.newPage();
  await signUpVerified(student, "student", "Robin Student");
  const list = (await (await student.request.get("/api/exercises")).json()) as {
    categories: { exercises: { id: string }[] }[];
  };
  const exerciseId = list.categories.flatMap((c) => c.exercises)[0].id;
  await student.goto(`/student/exercise/${exerciseId}`);
  await pythonReady(student);
  await student.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 60_000,
  });
  await typeProgram(student, 'print("saved offline")\n');

  await student.context().setOffline(true);
  await student.getByRole("button", { name: "Save", exact: true }).click();
  await expect(student.getByText(/^Waiting to send: you're offline/)).toBeVisible();
  await expect(student.getByTestId("waiting-to-send")).toContainText("Save made");
  await expectNoAxeViolations(student);

  await student.context().setOffline(false);
  await expect(student.getByTestId("waiting-to-send")).toHaveCount(0, { timeout: 30_000 });
  await student.getByRole("button", { name: "Past Saved (1)" }).click();
  await expect(student.getByTestId("past-saved-row")).toHaveCount(1);
  await context.close();
});

/**
 * The site behind a reverse proxy (as a school deploys it) that can be switched to a new version,
 * as a deploy makes it: the same service worker with a new precache manifest (the shell's
 * revision changed) served at /sw.js from then on. Playwright's routing never sees the browser's
 * check of a service worker's script, so the new version has to come from the origin itself.
 */
async function deployableSite(serverURL: string) {
  const target = new URL(serverURL);
  const original = await (await fetch(new URL("/sw.js", serverURL))).text();
  let newVersion: string | null = null;
  const proxy = http.createServer((req, res) => {
    if (newVersion !== null && req.url?.split("?")[0] === "/sw.js") {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" });
      res.end(newVersion);
      return;
    }
    const headers = { ...req.headers, host: target.host };
    // The server trusts its own public address as the origin of a write (as behind any proxy).
    if (headers.origin) headers.origin = target.origin;
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "localhost", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    deploy() {
      newVersion = original.replace(
        /("revision":")[0-9a-f]+(","url":"index\.html")/,
        (_, before, after) => `${before}${NEW_SHELL_REVISION}${after}`,
      );
      expect(newVersion).not.toBe(original);
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

const NEW_SHELL_REVISION = "0".repeat(32);

/** The precache holds the shell of the version in charge (Workbox keys it by its revision). */
const shellRevisions = (page: Page) =>
  page.evaluate(async () => {
    const revisions: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        if (url.pathname === "/index.html") revisions.push(url.searchParams.get("__WB_REVISION__") ?? "");
      }
    }
    return revisions;
  });

test("a new version is offered, never forced: the work stays, Reload opens the new version on the draft", async ({
  browser,
  baseURL,
}) => {
  const site = await deployableSite(baseURL!);
  try {
    await updateJourney(browser, baseURL!, site);
  } finally {
    await site.close();
  }
});

async function updateJourney(
  browser: Browser,
  baseURL: string,
  site: Awaited<ReturnType<typeof deployableSite>>,
) {
  const { student, assignmentId } = await classroom(browser, baseURL, site.url);
  await student.goto(`/student/assignments/${assignmentId}`);
  await pythonReady(student);
  await readyForOffline(student, assignmentId);
  expect(await shellRevisions(student)).not.toContain(NEW_SHELL_REVISION);
  // Work not handed in, and output on screen: what a forced reload would throw away.
  await typeProgram(student, 'print("unsaved work")\n');
  await student.getByRole("button", { name: "Run Code" }).click();
  await expect(student.getByTestId("output")).toHaveText("unsaved work\n");
  await student.evaluate(() => {
    (globalThis as { sameTab?: boolean }).sameTab = true;
  });

  site.deploy();
  await student.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const banner = student.getByTestId("update-banner");
  await expect(banner).toContainText("A new version is ready", { timeout: 30_000 });
  await expect(banner).toContainText("your draft is kept");
  // Installed and waiting, not in charge: this page goes on as it was.
  await student.waitForFunction(
    async () => (await navigator.serviceWorker.getRegistration())?.waiting != null,
  );
  await student.waitForTimeout(1_000); // long enough for a forced reload to have happened
  expect(await student.evaluate(() => (globalThis as { sameTab?: boolean }).sameTab)).toBe(true);
  await expect(student.getByTestId("output")).toHaveText("unsaved work\n");
  await expect(student.getByRole("textbox", { name: "Your Python code" })).toContainText(
    'print("unsaved work")',
  );
  await expect(student.getByRole("button", { name: "Run Code" })).toBeEnabled();
  await expectNoAxeViolations(student);
  await student.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(student);
  await student.screenshot({ path: test.info().outputPath("update-banner-390.png"), fullPage: true });
  await student.setViewportSize({ width: 1280, height: 800 });

  // Accepted: the new version takes over and this tab reloads into it, on the draft.
  await banner.getByRole("button", { name: "Reload" }).click();
  await student.waitForFunction(() => (globalThis as { sameTab?: boolean }).sameTab !== true, undefined, {
    timeout: 30_000,
  });
  await expect(student.getByRole("textbox", { name: "Your Python code" })).toContainText(
    'print("unsaved work")',
    { timeout: 30_000 },
  );
  await expect(student.getByTestId("update-banner")).toHaveCount(0);
  expect(await student.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
  await expect.poll(() => shellRevisions(student), { timeout: 30_000 }).toEqual([NEW_SHELL_REVISION]);
  expect(
    await student.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
  ).toBeNull();
  await student.context().close();
}

// The browser's standard library in two zips (decision 078), as npm start prepares them: a first
// Run imports only from the first (compiled: random comes from a .pyc) and never reads the second;
// a program importing a module only the second holds gets it, fetched by the worker when it is
// first needed; and once the service worker has precached it, the same import works offline in a
// reloaded tab, whose new Python fetches it again through the service worker.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { unzipSync, zipSync } from "fflate";
import { MORE_STDLIB_FILE, MORE_STDLIB_PATH } from "../../src/shared/grading/more-stdlib.mjs";
import { PYODIDE_BASE_PATH } from "../../src/shared/grading/pyodide-version.ts";
import { signUpVerified } from "./helpers/auth.ts";
import { setCode } from "./helpers/editor.ts";

test.use({ serviceWorkers: "allow" });
// Waits for npm start's preparation (≈1.5 min of CPU, more on a loaded machine), then starts
// Python twice.
test.setTimeout(480_000);

async function run(page: Page, code: string) {
  await setCode(page, code);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 60_000 });
  return page.getByTestId("output");
}

/** Until the preparation is done the server sends the whole library in both zips (and no
 * Brotli), which would prove nothing here. */
async function waitForPrepared(request: APIRequestContext) {
  await expect
    .poll(
      async () =>
        (
          await request.get(`${PYODIDE_BASE_PATH}python_stdlib.zip`, { headers: { "Accept-Encoding": "br" } })
        ).headers()["content-encoding"],
      { timeout: 360_000, intervals: [2000] },
    )
    .toBe("br");
}

async function openPlayground(page: Page) {
  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 60_000 });
}

const startedFrom = (page: Page) =>
  page.evaluate(
    () =>
      (performance.getEntriesByName("pyclass:python-startup", "measure").at(-1) as PerformanceMeasure).detail
        .snapshot as string,
  );

const LOADED_FROM_SECOND_ZIP = `import sys
print(sorted(m.__name__ for m in list(sys.modules.values()) if "${MORE_STDLIB_FILE}" in str(getattr(m, "__file__", ""))))
import random
print(random.__file__.rsplit("/", 1)[1])`;

test("a first Run never reads the second zip; a module only it holds is fetched when imported, offline too", async ({
  page,
  request,
}) => {
  await waitForPrepared(request);

  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 60_000 });

  await expect(await run(page, LOADED_FROM_SECOND_ZIP)).toHaveText("[]\nrandom.pyc\n");
  await expect(
    await run(page, "import statistics\nprint(statistics.mean([1, 2, 6]), statistics.__file__)"),
  ).toHaveText(`3 /lib/${MORE_STDLIB_FILE}/statistics.py\n`);
  // A module that is in neither is still an ordinary error.
  await expect(await run(page, "import numpy")).toContainText("File not found: numpy");

  // Offline, once the service worker holds the second zip: a reloaded tab starts a new Python
  // (from its snapshot) whose first import from the second zip is answered from the precache. The
  // signed-in shell registers the service worker (the playground stands outside it).
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 90_000,
  });
  await page.waitForFunction(
    async (file) => {
      const kept = await caches.open("pyclass-offline-reads");
      if (!(await kept.keys()).some((r) => new URL(r.url).pathname === "/api/me")) return false;
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        if ((await cache.keys()).some((r) => new URL(r.url).pathname.endsWith(file))) return true;
      }
      return false;
    },
    MORE_STDLIB_FILE,
    { timeout: 120_000, polling: 500 },
  );
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 60_000 });
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 60_000 });
  await expect(await run(page, LOADED_FROM_SECOND_ZIP)).toHaveText("[]\nrandom.pyc\n");
  await expect(
    await run(
      page,
      'import unittest, doctest\nprint("offline", unittest.TestCase.__name__, doctest.__name__)',
    ),
  ).toHaveText("offline TestCase doctest\n");
  await page.context().setOffline(false);
});

// Decision 078's hostile review: a school network that drops, an operator who deploys, a program
// that breaks what it can. No service worker: every request reaches the network, as in a browser
// that has none yet.
test.describe("without a service worker", () => {
  test.use({ serviceWorkers: "block" });

  test("a first visit and its first programs never request the second zip; a later import does, once", async ({
    page,
    request,
  }) => {
    await waitForPrepared(request);
    const requested: string[] = [];
    page.context().on("request", (r) => {
      if (new URL(r.url()).pathname.endsWith(MORE_STDLIB_FILE)) requested.push(r.url());
    });
    await openPlayground(page);
    await expect(await run(page, 'print("Hello", 6 * 7)')).toHaveText("Hello 42\n");
    await expect(await run(page, "import random, time\nprint(random.randint(1, 1))")).toHaveText("1\n");
    await expect(await run(page, "import datetime, csv\nprint(datetime.date(2026, 11, 26).year)")).toHaveText(
      "2026\n",
    );
    await expect(await run(page, "print(1 / 0)")).toContainText("ZeroDivisionError");
    expect(requested).toEqual([]);
    await expect(await run(page, "import statistics\nprint(statistics.mean([1, 2, 6]))")).toHaveText("3\n");
    await expect(await run(page, "import fractions, doctest\nprint(fractions.Fraction(1, 2))")).toHaveText(
      "1/2\n",
    );
    expect(requested).toHaveLength(1);
  });

  test("a failed download of the second zip says so and is tried again; Stop ends a download that hangs", async ({
    page,
    request,
  }) => {
    await waitForPrepared(request);
    let answer: "offline" | "error" | "sign-in page" | "hang" | "network" = "offline";
    await page.context().route(`**/${MORE_STDLIB_FILE}`, async (route) => {
      if (answer === "offline") return route.abort("internetdisconnected");
      if (answer === "error") return route.fulfill({ status: 500, body: "Internal Server Error" });
      // A school network's sign-in page, sent in place of what was asked for.
      if (answer === "sign-in page")
        return route.fulfill({
          status: 200,
          contentType: "text/html",
          body: "<html>Sign in to the Wi-Fi</html>",
        });
      if (answer === "hang") return new Promise<void>(() => {});
      return route.continue();
    });
    await openPlayground(page);
    const failed =
      "Error: ModuleNotFoundError: statistics could not be loaded: this part of Python's library could not be downloaded. Check the connection and run the program again. (line 1)";
    for (const state of ["offline", "error", "sign-in page"] as const) {
      answer = state;
      await expect(await run(page, "import statistics"), state).toHaveText(failed);
    }
    // Not a standard module: the usual message, whatever the network.
    await expect(await run(page, "import numpy")).toContainText(
      "File not found: numpy (only Python's standard",
    );
    answer = "hang";
    await setCode(page, "import statistics");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await expect(page.getByRole("button", { name: "Stop" })).toBeEnabled();
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 60_000 });
    answer = "network";
    await expect(await run(page, "import statistics\nprint(statistics.mean([1, 3]))")).toHaveText("2\n");
  });

  test("a first zip kept from an older deploy (cached for good) is completed by this deploy's second zip", async ({
    page,
    request,
  }) => {
    await waitForPrepared(request);
    // An older deploy whose first programs imported neither datetime nor csv: its first zip lacks
    // them, and this deploy's first zip holds them.
    const files = unzipSync(
      new Uint8Array(await (await request.get(`${PYODIDE_BASE_PATH}python_stdlib.zip`)).body()),
    );
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["datetime.pyc", "csv.pyc"]));
    delete files["datetime.pyc"];
    delete files["csv.pyc"];
    const older = Buffer.from(zipSync(files, { level: 0 }));
    await page
      .context()
      .route(`**${PYODIDE_BASE_PATH}python_stdlib.zip`, (route) =>
        route.fulfill({ status: 200, contentType: "application/zip", body: older }),
      );
    await openPlayground(page);
    await expect(
      await run(
        page,
        'import datetime, csv, io\nprint(datetime.date(2026, 1, 2).strftime("%d/%m"), next(csv.reader(io.StringIO("a,b"))))',
      ),
    ).toHaveText("02/01 ['a', 'b']\n");
  });

  test("a program that breaks the finder and the second zip harms only its tab: a reload, from the snapshot, is whole", async ({
    page,
    request,
  }) => {
    await waitForPrepared(request);
    await openPlayground(page);
    expect(await startedFrom(page)).toBe("made");
    // Run while the snapshot is being written: it was taken before the program ran.
    const harm = `import os, sys
finder = [f for f in sys.meta_path if getattr(f, "__name__", "") == "MoreStandardLibrary"][0]
class Poison:
    def find_spec(self, name, target=None):
        raise SystemExit("poisoned")
finder.importers["${MORE_STDLIB_PATH}"] = Poison()
os.chmod("${MORE_STDLIB_PATH}", 0o666)
with open("${MORE_STDLIB_PATH}", "r+b") as f:
    f.write(b"broken" * 1000)
os.remove("${MORE_STDLIB_PATH}")
import zipimport
zipimport._zip_directory_cache.clear()
print("done")`;
    await expect(await run(page, harm)).toHaveText("done\n");
    await expect(await run(page, "import statistics")).toHaveText("poisoned\n");
    await page.waitForFunction(() => performance.getEntriesByName("pyclass:snapshot-stored").length > 0);
    await page.reload();
    await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 60_000 });
    expect(await startedFrom(page)).toBe("loaded");
    await expect(await run(page, "import statistics\nprint(statistics.mean([1, 2, 6]))")).toHaveText("3\n");
    // The finder is a way to the library's files, not to JavaScript.
    await expect(await run(page, "import js")).toContainText("File not found: js (only Python's standard");
  });

  test("a tab closed while its snapshot is being written leaves a browser whose Python starts", async ({
    page,
    request,
  }) => {
    await waitForPrepared(request);
    await openPlayground(page);
    expect(await startedFrom(page)).toBe("made");
    await page.reload(); // at once: the worker ends while Cache Storage may still be writing
    await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 60_000 });
    // Written in time or not (then made again), never half of it.
    expect(["loaded", "made"]).toContain(await startedFrom(page));
    await expect(await run(page, "import statistics\nprint(statistics.mean([1, 2, 6]))")).toHaveText("3\n");
    if ((await startedFrom(page)) === "made")
      await page.waitForFunction(() => performance.getEntriesByName("pyclass:snapshot-stored").length > 0);
    await page.reload();
    await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 60_000 });
    expect(await startedFrom(page)).toBe("loaded");
    await expect(await run(page, "import fractions\nprint(fractions.Fraction(2, 4))")).toHaveText("1/2\n");
  });
});

// The browser's standard library in two zips (decision 078), as npm start prepares them: a first
// Run imports only from the first (compiled: random comes from a .pyc) and never reads the second;
// a program importing a module only the second holds gets it, fetched by the worker when it is
// first needed; and once the service worker has precached it, the same import works offline in a
// reloaded tab, whose new Python fetches it again through the service worker.
import { expect, type Page, test } from "@playwright/test";
import { MORE_STDLIB_FILE } from "../../src/shared/grading/more-stdlib.mjs";
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

const LOADED_FROM_SECOND_ZIP = `import sys
print(sorted(m.__name__ for m in list(sys.modules.values()) if "${MORE_STDLIB_FILE}" in str(getattr(m, "__file__", ""))))
import random
print(random.__file__.rsplit("/", 1)[1])`;

test("a first Run never reads the second zip; a module only it holds is fetched when imported, offline too", async ({
  page,
  request,
}) => {
  // Until the preparation is done the server sends the whole library in both zips (and no
  // Brotli), which would prove nothing here.
  await expect
    .poll(
      async () =>
        (
          await request.get(`${PYODIDE_BASE_PATH}python_stdlib.zip`, { headers: { "Accept-Encoding": "br" } })
        ).headers()["content-encoding"],
      { timeout: 360_000, intervals: [2000] },
    )
    .toBe("br");

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

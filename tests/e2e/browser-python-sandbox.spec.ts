// The browser's Python worker against a hostile program (decision 038, "Hostile review"), in real
// Chromium against the production build: code in the editor may be a teacher's starter code or a
// shared snippet, and runs with the student's session. It must not reach JavaScript (fetch with
// the student's cookies) through Pyodide's API left in its JS reference table, and every page load
// starts `random` from fresh entropy, not from the state saved in the snapshot.
import { expect, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";
import { setCode } from "./helpers/editor.ts";

/** Runs `code` (whose last line prints "end") in the playground and returns what it printed. */
async function runCode(page: Page, code: string) {
  await setCode(page, code);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  const output = page.getByTestId("output");
  await expect(output).toHaveText(/(^|\n)end\n$/);
  return (await output.textContent()) ?? "";
}

async function openPlayground(page: Page) {
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });
}

const PROBE_PATH = "/api/forged-reference-probe";

test("a forged JS reference (ctypes) reaches neither Pyodide's API nor fetch", async ({ page, context }) => {
  // A JsProxy's reference sits 36 bytes into it, (2 * slot + 1) | version << 26 in Pyodide 314's
  // encoding. Fixed slots 1-6 held jsglobals (the worker's globalThis unless loadPyodide is given
  // another), the public API, the internal API, a scheduler, the internal API again and {}. A
  // wrong version (or a freed slot) is a fatal error, so each guess is a page load of its own, and
  // one whose interpreter stopped reached nothing. Each way to fetch from a slot is tried (the
  // slot itself, its config.jsglobals, its API's), and the API's attributes are looked for.
  test.setTimeout(240_000);
  const probes: string[] = [];
  await context.route(`**${PROBE_PATH}?*`, async (route) => {
    probes.push(route.request().url());
    await route.fulfill({ status: 204 });
  });
  await signUpVerified(page, "student");
  const reachedSlots: number[] = [];
  for (const slot of [1, 2, 3, 4, 5, 6])
    for (const version of [0, 1, 2]) {
      await openPlayground(page);
      await setCode(
        page,
        [
          "import ctypes",
          "from pyodide.ffi import to_js",
          "ways = (lambda p: p, lambda p: p.config.jsglobals, lambda p: p._api.config.jsglobals)",
          "proxy = to_js([0])",
          "cell = ctypes.c_uint32.from_address(id(proxy) + 36)",
          `original, cell.value = cell.value, ${(2 * slot + 1) | (version << 26)}`,
          "reached = []",
          "for way, path in enumerate(ways):",
          "    try:",
          `        path(proxy).fetch('${PROBE_PATH}?slot=${slot}')`,
          "        reached.append(way)",
          "    except Exception:",
          "        pass",
          "names = ('config', '_api', 'public_api', 'runPython', 'fetch', 'globalThis')",
          "found = [n for n in names if hasattr(proxy, n)]",
          "cell.value = original  # dropping a proxy to a fixed slot would stop the interpreter",
          "print(reached, found)",
        ].join("\n"),
      );
      await page.getByRole("button", { name: "Run", exact: true }).click();
      const output = page.getByTestId("output");
      await expect(output).toHaveText(/^\[.*\] \[.*\]\n$|\[program stopped\]$/);
      const text = (await output.textContent()) ?? "";
      if (text.endsWith("[program stopped]")) continue;
      expect(text, `slot ${slot}, version ${version}`).toBe("[] []\n");
      reachedSlots.push(slot);
    }
  // The guesses do reach the slots that stay held (the API's, emptied): the probe can fail.
  expect(reachedSlots).toEqual(expect.arrayContaining([2, 3]));
  // A request the program started would have arrived by the time a second program has run.
  await setCode(page, 'print("after")');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByTestId("output")).toHaveText("after\n");
  expect(probes).toEqual([]);
});

test("every page load starts random from fresh entropy, not the snapshot's state", async ({ page }) => {
  await signUpVerified(page, "student");
  const first = async () => {
    await openPlayground(page);
    return runCode(page, "import random\nprint(random.random(), random.getrandbits(64))\nprint('end')");
  };
  // The second load starts from the snapshot the first one kept in Cache Storage (written while
  // the first program ran).
  const once = await first();
  await page.waitForFunction(() => performance.getEntriesByName("pyclass:snapshot-stored").length > 0);
  const numbers = [once, await first()];
  for (const n of numbers) expect(n).toMatch(/^0\.\d+ \d+\nend\n$/);
  expect(numbers[1]).not.toBe(numbers[0]);
  expect(
    await page.evaluate(
      () =>
        (performance.getEntriesByName("pyclass:python-startup", "measure").at(-1) as PerformanceMeasure)
          .detail.snapshot,
    ),
  ).toBe("loaded");
});

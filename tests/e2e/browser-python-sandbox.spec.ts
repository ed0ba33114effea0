// The browser's Python worker against a hostile program (decision 038, "Hostile review"), in real
// Chromium against the production build: code in the editor may be a teacher's starter code or a
// shared snippet, and runs with the student's session. It must not reach JavaScript (fetch with
// the student's cookies) through Pyodide's API left in its JS reference table, and every page load
// starts `random` from fresh entropy, not from the state saved in the snapshot.
import { expect, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";

async function setCode(page: Page, code: string) {
  const editor = page.getByTestId("code-editor").locator(".cm-content");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
  await expect(editor).toHaveText(code.split("\n").join(""));
}

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
  // Pyodide 314 keeps its public API in slot 2 of its JS reference table (reference 5) and its
  // internal API in slot 3 (reference 7); a JsProxy's reference sits 36 bytes into it. Both lead to
  // API.config.jsglobals, the worker's globalThis: fetch there carries the student's cookies.
  const probes: string[] = [];
  await context.route(`**${PROBE_PATH}?*`, async (route) => {
    probes.push(route.request().url());
    await route.fulfill({ status: 204 });
  });
  await signUpVerified(page, "student");
  await openPlayground(page);
  const output = await runCode(
    page,
    [
      "import ctypes",
      "from pyodide.ffi import to_js",
      "for ref in (5, 7):",
      "    proxy = to_js([0])",
      "    ctypes.c_uint32.from_address(id(proxy) + 36).value = ref",
      "    try:",
      "        api = proxy if ref == 7 else proxy._api",
      `        api.config.jsglobals.fetch('${PROBE_PATH}?ref=' + str(ref))`,
      "        print('reached fetch', ref)",
      "    except Exception as e:",
      "        print(type(e).__name__)",
      "print('end')",
    ].join("\n"),
  );
  expect(output).toBe("AttributeError\nAttributeError\nend\n");
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
  // The second load starts from the snapshot the first one kept in Cache Storage.
  const numbers = [await first(), await first()];
  for (const n of numbers) expect(n).toMatch(/^0\.\d+ \d+\nend\n$/);
  expect(numbers[1]).not.toBe(numbers[0]);
});

// Replaces everything in the code editor with `code`, as a person pasting over it would, and waits
// until the editor shows it.
import { expect, type Page } from "@playwright/test";

export async function setCode(page: Page, code: string) {
  const editor = page.getByTestId("code-editor").locator(".cm-content");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
  await expect(editor).toHaveText(code.split("\n").join(""));
}

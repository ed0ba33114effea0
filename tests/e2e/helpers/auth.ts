// Signs a new user up through the real API (sign-up → e-mail link → role), so a journey can
// start signed in. page.request shares the browser context's cookies.
import { expect, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config.ts";
import { linkFromMailbox, uniqueEmail } from "./mailbox.ts";

export async function signUpVerified(page: Page, role: "student" | "teacher", name = `Test ${role}`) {
  const email = uniqueEmail(role);
  const password = "Secret123!";
  const headers = { Origin: baseURL };
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password },
    headers,
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const link = await linkFromMailbox(page.request, email, /./);
  // Following the link verifies the address and signs in (cookie).
  const verified = await page.request.get(link);
  expect(verified.ok()).toBe(true);
  const chosen = await page.request.post("/api/me/role", { data: { role }, headers });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  return { email, password, name };
}

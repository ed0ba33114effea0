// Signs a new user up through the real API (sign-up → e-mail link → role), so a journey can
// start signed in. page.request shares the browser context's cookies.
import { expect, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config.ts";
import { linkFromMailbox, uniqueEmail } from "./mailbox.ts";

export async function signUpVerified(page: Page, role: "student" | "teacher", name = `Test ${role}`) {
  const account = await signUpPending(page, uniqueEmail(role), name);
  const chosen = await page.request.post("/api/me/role", { data: { role }, headers: { Origin: baseURL } });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  return account;
}

/** Signs up and follows the e-mail link: signed in, role still to choose (/select-role). */
export async function signUpPending(page: Page, email: string, name = "Test person") {
  const password = "Secret123!";
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password },
    headers: { Origin: baseURL },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const link = await linkFromMailbox(page.request, email, /./);
  // Following the link verifies the address and signs in (cookie).
  const verified = await page.request.get(link);
  expect(verified.ok()).toBe(true);
  return { email, password, name };
}

/** The admin of the run: ADMIN_EMAILS (playwright.config.ts) makes this address an admin at sign-up. */
export const ADMIN_EMAIL = "admin@e2e.example.com";

/** Signs the admin up (once per server) or in, through the real API; the page is signed in after. */
export async function signUpAdmin(page: Page, name = "Head of Computing") {
  const password = "Secret123!";
  const headers = { Origin: baseURL };
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: ADMIN_EMAIL, password },
    headers,
  });
  if (signIn.ok()) return { email: ADMIN_EMAIL, password, name };
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email: ADMIN_EMAIL, password },
    headers,
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const verified = await page.request.get(await linkFromMailbox(page.request, ADMIN_EMAIL, /./));
  expect(verified.ok()).toBe(true);
  return { email: ADMIN_EMAIL, password, name };
}

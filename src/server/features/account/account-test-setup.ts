// What the account tests (Download my data, Delete my account, their hostile review) share: the
// seeded school on a test app whose clock the test file moves, and the steps each one repeats.
import { strFromU8, unzipSync } from "fflate";
import { expect } from "vitest";
import type { DataExport } from "@/shared/api/account.ts";
import { seedSchool } from "../../../../tests/factories/data-rights-school.ts";
import type { TestUser } from "../../../../tests/factories/users.ts";
import { cookieFrom, createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { exportsSettled } from "./index.ts";

export const DAY = 24 * 3600 * 1000;
/** The day every account test starts on; each file moves its own clock from here. */
export const START = new Date("2026-11-26T10:00:00Z");

export type SeededSchool = Awaited<ReturnType<typeof seedSchool>>;

/** A fresh app on the clock `now` reads, with the seeded school in it. */
export async function seededApp(now: () => Date): Promise<{ t: TestApp; school: SeededSchool }> {
  const t = await createTestApp({}, { now });
  return { t, school: await seedSchool(t) };
}

/** Closes the app once no export is still being built in the background. */
export async function closeApp(t: TestApp) {
  await exportsSettled();
  await t.close();
}

export const tokenOf = (link: string | null) => new URL(link as string).searchParams.get("token") as string;

/** Signs in again (a new session, as on another device): its cookie. */
export async function signIn(t: TestApp, who: TestUser): Promise<string> {
  const res = await t.request("POST", "/api/auth/sign-in/email", {
    body: { email: who.email, password: who.password },
  });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

/** "Delete my account" with the right password: the token of the link in the confirmation e-mail. */
export async function requestDeletion(t: TestApp, who: TestUser): Promise<string> {
  const res = await t.request("POST", "/api/me/deletion", {
    cookie: who.cookie,
    body: { password: who.password },
  });
  expect(res.status).toBe(202);
  expect((await res.json()).status).toBe("requested");
  const mail = await t.lastMail(who.email);
  expect(mail.subject).toBe("Confirm: delete your PyClass account");
  expect(mail.link).toMatch(/^http:\/\/localhost:3000\/account\/delete\?token=/);
  return tokenOf(mail.link);
}

type Cookie = { cookie: string };

/** Asks for "Download my data" and waits for the build: the export as the owner's list shows it. */
export async function exportFor(t: TestApp, who: Cookie): Promise<DataExport> {
  const res = await t.request("POST", "/api/me/exports", { cookie: who.cookie, body: {} });
  expect(res.status).toBe(202);
  const started = (await res.json()) as DataExport;
  expect(started.status).toBe("preparing");
  await exportsSettled();
  const list = await (await t.request("GET", "/api/me/exports", { cookie: who.cookie })).json();
  return list.exports.find((e: DataExport) => e.id === started.id);
}

/** Downloads an export as its owner: every file of the ZIP as text, and data.json read. */
export async function openExport(t: TestApp, who: Cookie, e: DataExport) {
  const res = await t.request("GET", e.downloadUrl as string, { cookie: who.cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toMatch(
    /attachment; filename="pyclass-my-data-\d{4}-\d{2}-\d{2}\.zip"/,
  );
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const text = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]));
  return { text, data: JSON.parse(text["data.json"]) };
}

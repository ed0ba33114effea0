// Builders for people: a verified account with a password, signed in, with a session cookie.

import { account, user } from "../../src/server/db/schema.ts";
import type { Role } from "../../src/shared/domain/roles.ts";
import { cookieFrom, type TestApp } from "../setup/test-app.ts";

let counter = 0;

export type TestUser = {
  id: string;
  name: string;
  email: string;
  password: string;
  role: Role;
  cookie: string;
};

export async function createUser(
  t: TestApp,
  overrides: { role?: Role; name?: string; email?: string; password?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const role = overrides.role ?? "student";
  const id = crypto.randomUUID();
  const email = (overrides.email ?? `${role}${counter}-${id.slice(0, 6)}@example.com`).toLowerCase();
  const password = overrides.password ?? "Secret123!";
  const name = overrides.name ?? `${role[0].toUpperCase()}${role.slice(1)} ${counter}`;
  const ctx = await t.auth.$context;
  await t.db.insert(user).values({ id, name, email, emailVerified: true, role });
  await t.db.insert(account).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await ctx.password.hash(password),
  });
  const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
  return { id, name, email, password, role, cookie: cookieFrom(res) };
}

export const createTeacher = (t: TestApp, o: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { ...o, role: "teacher" });
export const createStudent = (t: TestApp, o: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { ...o, role: "student" });
export const createAdmin = (t: TestApp, o: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { ...o, role: "admin" });
export const createPending = (t: TestApp, o: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { ...o, role: "pending" });

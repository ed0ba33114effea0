// A hostile review of "Download my data", "Delete my account" and "Sign out everywhere" (decisions
// 059, 060): someone else's export or link, racing requests, forged and reused tokens, sessions
// that outlive a sign-out in the session cache, and what an erased account leaves in any table.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, dataExports, session, submissions, user } from "@/server/db/schema.ts";
import type { DataExport } from "@/shared/api/account.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import type { TestApp } from "../../../../tests/setup/test-app.ts";
import {
  closeApp,
  DAY,
  exportFor,
  openExport,
  requestDeletion as requestDeletionOf,
  type SeededSchool,
  START,
  seededApp,
  signIn as signInAt,
} from "./account-test-setup.ts";
import { exportsSettled, purgeDueAccountDeletions } from "./index.ts";

let clock = START;
let t: TestApp;
let school: SeededSchool;

beforeAll(async () => {
  ({ t, school } = await seededApp(() => clock));
}, 180_000);
afterAll(() => closeApp(t));

const confirm = (body: unknown) => t.request("POST", "/api/account/deletion/confirm", { body });
const me = (cookie: string) => t.request("GET", "/api/me", { cookie });

const signIn = (who: TestUser) => signInAt(t, who);
const requestDeletion = (who: TestUser) => requestDeletionOf(t, who);

/**
 * Every row of every table in the database, as text (`select t::text from "table" t`), that holds
 * one of the needles: what a `psql` session would find of a person.
 */
async function rowsHolding(needles: string[]): Promise<{ table: string; row: string }[]> {
  const tables = await t.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  expect(tables.rows.length).toBeGreaterThan(20);
  const found: { table: string; row: string }[] = [];
  for (const { name } of tables.rows) {
    const rows = await t.db.execute<{ row: string }>(
      sql`select x::text as row from ${sql.identifier(name)} x`,
    );
    for (const { row } of rows.rows)
      if (needles.some((n) => row.toLowerCase().includes(n.toLowerCase()))) found.push({ table: name, row });
  }
  return found;
}

describe("Download my data", () => {
  it("racing requests never pass the one-at-a-time and five-a-day checks together", async () => {
    const who = school.students[2];
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.request("POST", "/api/me/exports", { cookie: who.cookie, body: {} }),
      ),
    );
    await exportsSettled();
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 202).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 202).length).toBeLessThanOrEqual(5);
    expect(statuses.every((s) => [202, 409, 429].includes(s))).toBe(true);
    expect(
      (await t.db.select().from(dataExports).where(eq(dataExports.userId, who.id))).length,
    ).toBeLessThanOrEqual(5);
  });

  it("a student's whole export holds no hidden test's description, input or output", async () => {
    const student = school.students[0];
    const { text } = await openExport(t, student, await exportFor(t, student));
    const whole = Object.values(text).join("\n");
    expect(whole).toContain("(hidden test)");
    for (const secret of ["SECRET-INPUT", "Secret case", "hidden output"])
      expect(whole).not.toContain(secret);
  });

  it("someone else's export is not found, whether ready, expired or preparing; made-up ids too", async () => {
    const [owner, other] = school.students;
    const started = await t.request("POST", "/api/me/exports", { cookie: owner.cookie, body: {} });
    const { id } = (await started.json()) as DataExport;
    await exportsSettled();
    const url = `/api/me/exports/${id}/download`;
    expect((await t.request("GET", url, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request("GET", url, { cookie: school.teachers[0].cookie })).status).toBe(404);
    const saved = clock;
    clock = new Date(START.getTime() + 30 * DAY);
    try {
      // Expired for its owner (410), still "not found" for anyone else: no hint it ever existed.
      expect((await t.request("GET", url, { cookie: other.cookie })).status).toBe(404);
      expect((await t.request("GET", url, { cookie: owner.cookie })).status).toBe(410);
    } finally {
      clock = saved;
    }
    for (const bad of [
      crypto.randomUUID(),
      "00000000-0000-0000-0000-000000000000",
      "..%2F..%2Fetc",
      "' or 1=1 --",
    ])
      expect(
        (
          await t.request("GET", `/api/me/exports/${encodeURIComponent(bad)}/download`, {
            cookie: owner.cookie,
          })
        ).status,
      ).toBe(404);
  });
});

describe("a huge account", () => {
  // (Not timed: on a loaded machine the build took 3 s on PostgreSQL and 15 s on PGlite.)
  it("30,000 test runs and 20,000 activity events export whole, each run its own file", async () => {
    const student = await createStudent(t);
    const assignmentId = school.work[0].id;
    for (let b = 0; b < 30; b++)
      await t.db.insert(submissions).values(
        Array.from({ length: 1000 }, (_, i) => ({
          assignmentId,
          userId: student.id,
          code: `print(${b * 1000 + i})`,
          submittedAt: new Date(START.getTime() - (b * 1000 + i) * 1000),
        })),
      );
    const sessionId = crypto.randomUUID();
    for (let b = 0; b < 20; b++)
      await t.db.insert(activityEvents).values(
        Array.from({ length: 1000 }, (_, i) => ({
          assignmentId,
          studentId: student.id,
          sessionId,
          batchSeq: b,
          idx: i,
          type: "edit",
          payload: { changes: [[0, 0, "x"]], length: i },
          clientAt: i,
          time: START,
        })),
      );
    const ready = await exportFor(t, student);
    expect(ready.status).toBe("ready");
    const { text, data } = await openExport(t, student, ready);
    const work = data.assignments.find((a: { id: string }) => a.id === assignmentId);
    expect(work.submissions).toHaveLength(30_000);
    expect(data.activityHistory).toHaveLength(20_000);
    expect(Object.keys(text).filter((k) => k.endsWith(".py"))).toHaveLength(30_000);
  }, 300_000);
});

describe("Delete my account: the link", () => {
  it("a forged, truncated, oversized or non-text token is refused with a 4xx, never a 500", async () => {
    for (const body of [
      { token: "forged" },
      { token: "A".repeat(43) },
      { token: "A".repeat(200) },
      { token: "' or '1'='1" },
    ])
      expect((await confirm(body)).status).toBe(404);
    for (const body of [{}, { token: "" }, { token: 42 }, { token: ["x"] }, { token: "A".repeat(201) }, null])
      expect((await confirm(body)).status).toBe(400);
  });

  it("a link works once, an older link stops working when a new one is sent, and it deletes only its owner", async () => {
    const student = await createStudent(t);
    const bystander = await createStudent(t);
    const first = await requestDeletion(student);
    const second = await requestDeletion(student);
    expect((await confirm({ token: first })).status).toBe(404);
    const ok = await confirm({ token: second });
    expect(ok.status).toBe(200);
    expect((await confirm({ token: second })).status).toBe(404);
    expect((await me(bystander.cookie)).status).toBe(200);
    // Signing in cancels, and the used link stays dead.
    await signIn(student);
    expect((await confirm({ token: second })).status).toBe(404);
    expect(await purgeDueAccountDeletions(t.db, new Date(START.getTime() + 60 * DAY))).toBe(0);
    expect(await t.db.select().from(user).where(eq(user.id, student.id))).toHaveLength(1);
  });

  it("a teacher who made a class after asking is refused at the link (409), and stays signed in", async () => {
    const teacher = await createTeacher(t);
    const token = await requestDeletion(teacher);
    const made = await t.request("POST", "/api/classes", {
      cookie: teacher.cookie,
      body: { name: "7C", description: "" },
    });
    expect(made.status).toBe(201);
    const res = await confirm({ token });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("OWNS_CLASSES");
    expect((await me(teacher.cookie)).status).toBe(200);
  });

  it("Better Auth's own delete-user, which would skip the link, the grace period and the grade book, is off", async () => {
    const student = await createStudent(t);
    const res = await t.request("POST", "/api/auth/delete-user", {
      cookie: student.cookie,
      body: { password: student.password },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await t.db.select().from(user).where(eq(user.id, student.id))).toHaveLength(1);
    expect((await me(student.cookie)).status).toBe(200);
  });

  it("an admin may delete their own account (ADMIN_EMAILS makes a returning address admin again)", async () => {
    const admin = await createAdmin(t);
    expect((await confirm({ token: await requestDeletion(admin) })).status).toBe(200);
    expect((await me(admin.cookie)).status).toBe(401);
  });
});

describe("sessions really end", () => {
  it("Sign out everywhere: a session this instance had cached is refused at once", async () => {
    const student = await createStudent(t);
    const phone = await signIn(student);
    expect((await me(phone)).status).toBe(200); // cached now
    const res = await t.request("POST", "/api/me/sessions/revoke", {
      cookie: student.cookie,
      body: { includeThisDevice: false },
    });
    expect(res.status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(student.cookie)).status).toBe(200);
    expect(await t.db.select().from(session).where(eq(session.userId, student.id))).toHaveLength(1);
  });

  it("confirming a deletion from another browser ends a session this instance had cached", async () => {
    const student = await createStudent(t);
    const token = await requestDeletion(student);
    expect((await me(student.cookie)).status).toBe(200); // cached now
    expect((await confirm({ token })).status).toBe(200);
    expect((await me(student.cookie)).status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, student.id))).toEqual([]);
  });
});

describe("after the grace period", () => {
  it("no table holds the student's id, name, e-mail or code, but the audit log's ids", async () => {
    const student = school.students[1];
    await t.request("POST", "/api/me/exports", { cookie: student.cookie, body: {} });
    await exportsSettled();
    // A classmate's help request mentioning nothing of them stays; theirs goes.
    await confirm({ token: await requestDeletion(student) });
    expect(await purgeDueAccountDeletions(t.db, new Date(START.getTime() + 15 * DAY))).toBeGreaterThan(0);
    const found = await rowsHolding([student.id, student.name, student.email, student.marker]);
    expect(found.filter((f) => f.table !== "audit_log")).toEqual([]);
    // The audit log: the id alone, never the name, address or code.
    const audit = found.filter((f) => f.table === "audit_log").map((f) => f.row);
    expect(audit.length).toBeGreaterThan(0);
    for (const row of audit)
      for (const n of [student.name, student.email, student.marker]) expect(row).not.toContain(n);
  });

  it("mails sent to an address the account used before are gone too", async () => {
    const student = await createStudent(t, { name: "Rafa Renamed-Address" });
    // A reset link to the first address, then the address changes (the link to the new one opened).
    expect(
      (await t.request("POST", "/api/auth/request-password-reset", { body: { email: student.email } }))
        .status,
    ).toBe(200);
    const newEmail = `moved-${student.id.slice(0, 6)}@example.com`;
    const change = await t.request("POST", "/api/auth/change-email", {
      cookie: student.cookie,
      body: { newEmail, callbackURL: "/dashboard" },
    });
    expect(change.status).toBe(200);
    const link = new URL((await t.lastMail(newEmail)).link as string);
    expect((await t.request("GET", link.pathname + link.search, { cookie: student.cookie })).status).toBe(
      302,
    );
    const moved = { ...student, email: newEmail, cookie: await signIn({ ...student, email: newEmail }) };
    await confirm({ token: await requestDeletion(moved) });
    expect(await purgeDueAccountDeletions(t.db, new Date(START.getTime() + 15 * DAY))).toBeGreaterThan(0);
    const found = await rowsHolding([student.id, student.name, student.email, newEmail]);
    expect(found.filter((f) => f.table !== "audit_log")).toEqual([]);
  });

  it("a deleted teacher's name is left nowhere, not even in an offer e-mail another teacher received", async () => {
    const leaving = await createTeacher(t, { name: "Mrs Leaving Unique" });
    const staying = await createTeacher(t);
    const cls = await t.request("POST", "/api/classes", {
      cookie: leaving.cookie,
      body: { name: "9Z", description: "" },
    });
    const { id: classId } = (await cls.json()) as { id: string };
    const offer = await t.request("POST", `/api/classes/${classId}/transfer`, {
      cookie: leaving.cookie,
      body: { email: staying.email },
    });
    const { id: offerId } = (await offer.json()) as { id: string };
    expect(
      (await t.request("POST", `/api/transfers/${offerId}/accept`, { cookie: staying.cookie })).status,
    ).toBe(200);
    await confirm({ token: await requestDeletion(leaving) });
    expect(await purgeDueAccountDeletions(t.db, new Date(START.getTime() + 15 * DAY))).toBeGreaterThan(0);
    const found = await rowsHolding([leaving.id, leaving.name, leaving.email]);
    expect(found.filter((f) => f.table !== "audit_log")).toEqual([]);
  });
});

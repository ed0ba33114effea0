// A hostile review of the retention job and policy (decision 062), with the real erasure of
// "Delete my account" (decision 060) as the server and `npm run retention` wire it: what a quiet
// teacher, a "Former student" stand-in and an operator acting as if it were another day get, and
// what the admin API says to periods that are not periods.
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "@/server/auth/mail.ts";
import {
  accountSignIns,
  assignments,
  auditLog,
  classes,
  classMembers,
  mailOutbox,
  submissions,
  user,
} from "@/server/db/schema.ts";
import { eraseAccount, purgeDueAccountDeletions } from "@/server/features/account/index.ts";
import { FORMER_STUDENT_ROLE } from "@/shared/domain/former-student.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { type RetentionJobDeps, runRetention } from "./retention-job.ts";

const AS_OF = new Date("2040-11-25T12:00:00Z");
const LATER = new Date("2040-12-27T12:00:00Z"); // past the 30-day warning
const RECENT = new Date("2040-10-01T09:00:00Z");

let t: TestApp;
let deps: RetentionJobDeps;
let quietTeacher: TestUser;
let liveTeacher: TestUser;
let leaver: TestUser;
let admin: TestUser;
let quietClassId: string;
let liveClassId: string;
let liveAssignmentId: string;

async function makeClass(owner: TestUser, name: string, joinCode: string) {
  const [c] = await t.db.insert(classes).values({ name, ownerId: owner.id, joinCode }).returning();
  const [a] = await t.db
    .insert(assignments)
    .values({ classId: c.id, name: `${name} work` })
    .returning();
  return { classId: c.id, assignmentId: a.id };
}

const ran = async (now: Date) => {
  const run = await runRetention(deps, now, "test");
  if (!run.ran) throw new Error("the run did not take its lease");
  return run.counts;
};
const standIns = () => t.db.select().from(user).where(eq(user.role, FORMER_STUDENT_ROLE));

beforeAll(async () => {
  t = await createTestApp();
  // As main.ts and the command line wire it: the real erasure, which refuses an owner of classes.
  deps = {
    db: t.db,
    mailer: createMailer(t.db, t.config),
    publicUrl: t.config.publicUrl,
    defaults: t.config,
    purgeDueAccountDeletions,
    eraseAccount,
  };
  quietTeacher = await createTeacher(t);
  liveTeacher = await createTeacher(t);
  leaver = await createStudent(t);
  admin = await createAdmin(t);
  quietClassId = (await makeClass(quietTeacher, "Quiet 8A", "RTNATK01")).classId;
  const live = await makeClass(liveTeacher, "Live 11B", "RTNATK02");
  liveClassId = live.classId;
  liveAssignmentId = live.assignmentId;
  await t.db.insert(classMembers).values({ classId: liveClassId, userId: leaver.id });
  await t.db.insert(submissions).values({
    assignmentId: liveAssignmentId,
    userId: leaver.id,
    code: "print(1)",
    isFinal: true,
    teacherGrade: 7,
  });
  // The live class is in use in 2040, and the live teacher signed in then.
  await t.db.insert(classMembers).values({
    classId: liveClassId,
    userId: (await createStudent(t)).id,
    joinedAt: RECENT,
  });
  await t.db
    .update(accountSignIns)
    .set({ lastSignInAt: RECENT })
    .where(inArray(accountSignIns.userId, [liveTeacher.id]));
});
afterAll(() => t.close());

describe("acting as if it were another day", () => {
  it("a date in the past deletes and warns nothing (two runs at once: retention.test.ts)", async () => {
    const counts = await ran(new Date("2000-01-01T12:00:00Z"));
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    expect(await t.db.select().from(submissions)).toHaveLength(1);
  });
});

describe("a 'Former student' stand-in", () => {
  it("is never warned or e-mailed, and goes only with its last hand-in", async () => {
    // The student is erased in 2030: the stand-in looks ten years quiet by 2040.
    expect(await eraseAccount(t.db, leaver.id, new Date("2030-01-01T12:00:00Z"))).toMatchObject({
      erased: true,
    });
    const [standIn] = await standIns();
    expect(standIn).toBeDefined();
    const counts = await ran(AS_OF);
    expect(await t.db.select().from(mailOutbox).where(like(mailOutbox.to, "%@deleted.invalid"))).toEqual([]);
    expect(await standIns()).toHaveLength(1);
    await ran(LATER);
    expect(await standIns()).toHaveLength(1);
    expect(counts.accountsWarned).toBe(2); // the quiet teacher and the other student
    // The class is deleted by its teacher: the line has nothing left to stand in for.
    await t.db.delete(classes).where(eq(classes.id, liveClassId));
    await ran(LATER);
    expect(await standIns()).toEqual([]);
  });
});

describe("a quiet teacher", () => {
  it("is erased with their quiet classes by the real erasure, and counted and logged once", async () => {
    // Warned at AS_OF above and not signed in since: erased at LATER (the previous test's runs).
    expect(await t.db.select().from(user).where(eq(user.id, quietTeacher.id))).toEqual([]);
    expect(await t.db.select().from(classes).where(eq(classes.id, quietClassId))).toEqual([]);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, quietTeacher.id));
    expect(entries.map((e) => e.action)).toEqual(["account.inactive.delete"]);
    expect(entries[0].details).toMatchObject({ classesDeleted: 1 });
    // The teacher whose class was in use is untouched, and so is the admin.
    const left = (await t.db.select({ id: user.id }).from(user)).map((u) => u.id);
    expect(left).toEqual(expect.arrayContaining([liveTeacher.id, admin.id]));
  });

  it("a teacher the erasure refuses is not counted as deleted", async () => {
    const stubborn = await createTeacher(t);
    await makeClass(stubborn, "Quiet 9C", "RTNATK03");
    await t.db
      .update(accountSignIns)
      .set({ lastSignInAt: new Date("2030-01-01T00:00:00Z"), inactivityWarnedAt: AS_OF })
      .where(eq(accountSignIns.userId, stubborn.id));
    const refusing: RetentionJobDeps = { ...deps, eraseAccount: async () => ({ erased: false }) };
    const run = await runRetention(refusing, LATER, "test");
    expect(run.ran && run.counts.accountsDeleted).toBe(0);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, stubborn.id))).toEqual([]);
  });
});

describe("the policy through the admin API", () => {
  const valid = {
    activityDays: null,
    classWorkYears: 2,
    inactiveAccountMonths: 24,
    inactiveGraceDays: 30,
    exportDays: 7,
    auditLogMonths: 24,
  };

  it("refuses every period that is not one with a 400 naming the bounds, never a 500", async () => {
    const put = (body: unknown) => t.request("PUT", "/api/admin/retention", { cookie: admin.cookie, body });
    const bad: Record<string, unknown>[] = [];
    for (const key of Object.keys(valid))
      for (const value of [0, -1, -0.5, 1.5, 1e9, 2 ** 31, 2 ** 53, "7", "", true, [], {}, "NaN", undefined])
        bad.push({ ...valid, [key]: value });
    bad.push({ ...valid, classWorkYears: null }, { ...valid, exportDays: null });
    // The audit log's period: a whole school year at least (an admin cannot empty the log of
    // recent entries), ten years at most, and never left out.
    const { auditLogMonths: _, ...withoutAudit } = valid;
    bad.push({ ...valid, auditLogMonths: 11 }, { ...valid, auditLogMonths: 121 }, withoutAudit);
    for (const body of bad) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).code).toBe("VALIDATION");
    }
    for (const raw of ["", "{", "[]", "null", '{"exportDays": 1e400}', '"text"'])
      expect(
        (
          await t.app.request("http://localhost:3000/api/admin/retention", {
            method: "PUT",
            headers: {
              Cookie: admin.cookie,
              Origin: "http://localhost:3000",
              "Content-Type": "application/json",
            },
            body: raw,
          })
        ).status,
        raw,
      ).toBe(400);
    expect((await put(valid)).status).toBe(200);
    for (const auditLogMonths of [12, 120])
      expect((await put({ ...valid, auditLogMonths })).status).toBe(200);
    const refused = await put({ ...valid, auditLogMonths: 6 });
    expect((await errorOf(refused)).message).toBe("Enter a whole number of months from 12 to 120.");
  });

  it("a teacher or student is refused (403), a stranger 401; the public page reads it", async () => {
    const teacher = await createTeacher(t);
    expect(
      (await t.request("PUT", "/api/admin/retention", { cookie: teacher.cookie, body: valid })).status,
    ).toBe(403);
    expect((await t.request("GET", "/api/admin/retention", { cookie: teacher.cookie })).status).toBe(403);
    expect((await t.request("PUT", "/api/admin/retention", { body: valid })).status).toBe(401);
    expect((await t.request("GET", "/api/retention")).status).toBe(200);
  });
});

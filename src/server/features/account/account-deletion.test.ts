// "Delete my account" against a seeded school: the password again, the e-mailed link, the grace
// period (signing in cancels it, restoring everything), then erasure by the daily job, after which
// the student's name, address and code are in no response, sheet or export, while the teacher's
// grade book keeps a "Former student" line with the grade. And "Sign out everywhere".
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountDeletions,
  activityEvents,
  auditLog,
  classMembers,
  codeComments,
  exerciseAttempts,
  exerciseSubmissions,
  helpRequests,
  mailOutbox,
  session,
  submissions,
  user,
} from "@/server/db/schema.ts";
import { createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import type { TestApp } from "../../../../tests/setup/test-app.ts";
import {
  closeApp,
  DAY,
  exportFor,
  openExport,
  requestDeletion,
  type SeededSchool,
  START,
  seededApp,
  signIn as signInAt,
  tokenOf,
} from "./account-test-setup.ts";
import { purgeDueAccountDeletions } from "./index.ts";

let clock = START;
let t: TestApp;
let school: SeededSchool;

beforeAll(async () => {
  ({ t, school } = await seededApp(() => clock));
}, 120_000);
afterAll(() => closeApp(t));

const signIn = (who: TestUser) => signInAt(t, who);

/** Asks, then opens the e-mailed link: when the account will be erased. */
async function requestAndConfirm(who: TestUser): Promise<string> {
  const confirmed = await t.request("POST", "/api/account/deletion/confirm", {
    body: { token: await requestDeletion(t, who) },
  });
  expect(confirmed.status).toBe(200);
  return (await confirmed.json()).dueAt;
}

/** Every row that is this person's, counted per table. */
async function rowsOf(userId: string) {
  const n = (rows: { n: number }[]) => rows[0].n;
  const c = { n: count() };
  return {
    submissions: n(await t.db.select(c).from(submissions).where(eq(submissions.userId, userId))),
    activity: n(await t.db.select(c).from(activityEvents).where(eq(activityEvents.studentId, userId))),
    help: n(await t.db.select(c).from(helpRequests).where(eq(helpRequests.studentId, userId))),
    comments: n(await t.db.select(c).from(codeComments).where(eq(codeComments.studentId, userId))),
    saves: n(await t.db.select(c).from(exerciseAttempts).where(eq(exerciseAttempts.userId, userId))),
    latestSaves: n(
      await t.db.select(c).from(exerciseSubmissions).where(eq(exerciseSubmissions.userId, userId)),
    ),
    memberships: n(await t.db.select(c).from(classMembers).where(eq(classMembers.userId, userId))),
  };
}

describe("Delete my account", () => {
  it("refuses a teacher who still owns classes, naming them", async () => {
    const [teacher] = school.teachers;
    const res = await t.request("POST", "/api/me/deletion", {
      cookie: teacher.cookie,
      body: { password: teacher.password },
    });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: "OWNS_CLASSES",
      message:
        "You still own a class (10X Computing). Transfer each class to another teacher or delete it first, so your students keep their work.",
    });
  });

  it("asks for the right password, and refuses an empty body with a 400", async () => {
    const [student] = school.students;
    const wrong = await t.request("POST", "/api/me/deletion", {
      cookie: student.cookie,
      body: { password: "nope" },
    });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toEqual({
      code: "WRONG_PASSWORD",
      message: "That password is not right. Please try again.",
    });
    const empty = await t.request("POST", "/api/me/deletion", { cookie: student.cookie, body: {} });
    expect(empty.status).toBe(400);
    const status = await (await t.request("GET", "/api/me/deletion", { cookie: student.cookie })).json();
    expect(status).toMatchObject({ status: "none", graceDays: 14 });
  });

  it("a link not opened can be withdrawn, and an old link has expired", async () => {
    const student = school.students[2];
    await t.request("POST", "/api/me/deletion", {
      cookie: student.cookie,
      body: { password: student.password },
    });
    const first = tokenOf((await t.lastMail(student.email)).link);
    expect(
      (await (await t.request("GET", "/api/me/deletion", { cookie: student.cookie })).json()).status,
    ).toBe("requested");
    expect((await t.request("DELETE", "/api/me/deletion", { cookie: student.cookie })).status).toBe(204);
    const withdrawn = await t.request("POST", "/api/account/deletion/confirm", { body: { token: first } });
    expect(withdrawn.status).toBe(404);

    await t.request("POST", "/api/me/deletion", {
      cookie: student.cookie,
      body: { password: student.password },
    });
    const second = tokenOf((await t.lastMail(student.email)).link);
    clock = new Date(START.getTime() + DAY + 1000);
    try {
      const late = await t.request("POST", "/api/account/deletion/confirm", { body: { token: second } });
      expect(late.status).toBe(410);
      expect((await errorOf(late)).code).toBe("LINK_EXPIRED");
    } finally {
      clock = START;
    }
    await t.request("DELETE", "/api/me/deletion", { cookie: student.cookie });
    // Nothing changed: still signed in, everything there.
    expect((await t.request("GET", "/api/me", { cookie: student.cookie })).status).toBe(200);
  });

  it("signing in during the grace period cancels it and restores everything", async () => {
    const student = school.students[1];
    const before = await rowsOf(student.id);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    const dueAt = await requestAndConfirm(student);
    expect(new Date(dueAt).getTime() - START.getTime()).toBe(14 * DAY);
    // Confirming signed the account out everywhere.
    expect((await t.request("GET", "/api/me", { cookie: student.cookie })).status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, student.id))).toEqual([]);

    clock = new Date(START.getTime() + 5 * DAY);
    try {
      student.cookie = await signIn(student);
      const status = await (await t.request("GET", "/api/me/deletion", { cookie: student.cookie })).json();
      expect(status).toMatchObject({ status: "cancelled", cancelledAt: clock.toISOString() });
      expect((await t.lastMail(student.email)).subject).toBe("Your PyClass account will not be deleted");
      // The notice is read: it goes.
      expect((await t.request("DELETE", "/api/me/deletion", { cookie: student.cookie })).status).toBe(204);
      expect(
        (await (await t.request("GET", "/api/me/deletion", { cookie: student.cookie })).json()).status,
      ).toBe("none");
      expect(await purgeDueAccountDeletions(t.db, new Date(START.getTime() + 30 * DAY))).toBe(0);
      expect(await rowsOf(student.id)).toEqual(before);
      const [me] = await t.db.select().from(user).where(eq(user.id, student.id));
      expect(me).toMatchObject({ name: student.name, email: student.email, role: "student" });
    } finally {
      clock = START;
    }
  });

  it("after the grace period erases the student everywhere; the grade book keeps 'Former student'", async () => {
    const student = school.students[0];
    const [teacher, otherTeacher] = school.teachers;
    const needles = [student.name, student.email, student.marker, student.id];
    const dueAt = new Date(await requestAndConfirm(student));
    expect(await purgeDueAccountDeletions(t.db, new Date(dueAt.getTime() - 1000))).toBe(0);
    expect(await t.db.select().from(user).where(eq(user.id, student.id))).toHaveLength(1);

    expect(await purgeDueAccountDeletions(t.db, dueAt)).toBe(1);
    expect(await t.db.select().from(user).where(eq(user.id, student.id))).toEqual([]);
    expect(await rowsOf(student.id)).toEqual({
      submissions: 0,
      activity: 0,
      help: 0,
      comments: 0,
      saves: 0,
      latestSaves: 0,
      memberships: 0,
    });
    expect(await t.db.select().from(accountDeletions).where(eq(accountDeletions.userId, student.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, student.email))).toEqual([]);

    // The teacher's progress table: one "Former student" line with the grade, no address.
    const [cls] = school.classes;
    const [work] = school.work;
    const progress = await t.request("GET", `/api/assignments/${work.id}/progress`, {
      cookie: teacher.cookie,
    });
    const progressText = await progress.text();
    const rows = JSON.parse(progressText).students as {
      student: { name: string; email: string };
      grade: number;
    }[];
    const former = rows.filter((r) => r.student.name === "Former student");
    expect(former).toHaveLength(1);
    expect(former[0]).toMatchObject({ student: { email: "" }, grade: 70, leftClass: true, passedTests: 1 });

    // The assignment's and the class's grade sheets keep the line: grade, score, no name or code.
    const sheet = await (
      await t.request("GET", `/api/assignments/${work.id}/export.csv`, { cookie: teacher.cookie })
    ).text();
    expect(sheet).toContain("Former student");
    const classSheet = await (
      await t.request("GET", `/api/classes/${cls.id}/export.csv`, { cookie: teacher.cookie })
    ).text();
    const line = classSheet.split(/\r?\n/).find((l) => l.startsWith("Former student"));
    expect(line).toBe("Former student,,70,50,Left the class");

    // The kept hand-in has no code, notes, results or comments.
    const submissionsText = await (
      await t.request("GET", `/api/assignments/${work.id}/submissions`, { cookie: teacher.cookie })
    ).text();
    const kept = JSON.parse(submissionsText).filter(
      (s: { teacherGrade: number | null }) => s.teacherGrade === 70,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ code: "", teacherNotes: null, results: [] });

    // Nothing of the student in any response a teacher, a classmate or an admin can read.
    const classmate = school.students[1];
    const responses = [
      progressText,
      sheet,
      classSheet,
      submissionsText,
      await (await t.request("GET", `/api/classes/${cls.id}/help`, { cookie: teacher.cookie })).text(),
      await (await t.request("GET", `/api/classes/${cls.id}`, { cookie: teacher.cookie })).text(),
      await (await t.request("GET", "/api/teacher/dashboard", { cookie: teacher.cookie })).text(),
      await (await t.request("GET", "/api/insights", { cookie: teacher.cookie })).text(),
      await (
        await t.request("GET", `/api/insights/assignments/${work.id}`, { cookie: teacher.cookie })
      ).text(),
      await (await t.request("GET", `/api/classes/${cls.id}/live`, { cookie: teacher.cookie })).text(),
      await (
        await t.request("GET", `/api/classes/${school.classes[1].id}/export.csv`, {
          cookie: otherTeacher.cookie,
        })
      ).text(),
      await (await t.request("GET", `/api/classes/${cls.id}`, { cookie: classmate.cookie })).text(),
    ];
    // And the teacher's own export.
    responses.push(...Object.values((await openExport(t, teacher, await exportFor(t, teacher))).text));
    for (const text of responses) for (const needle of needles) expect(text).not.toContain(needle);
    // The audit log names the erased account by its id alone (decision 061).
    const audit = JSON.stringify(await t.db.select().from(auditLog));
    for (const needle of [student.name, student.email, student.marker]) expect(audit).not.toContain(needle);

    const log = await t.db.select().from(auditLog).where(eq(auditLog.targetId, student.id));
    expect(log.map((l) => l.action)).toEqual(["account.delete.request", "account.delete"]);
    expect(log[1]).toMatchObject({ actorId: null, details: { keptGradeLines: 2 } });
  });

  it("a teacher with no classes can go", async () => {
    const teacher = await createTeacher(t);
    await requestAndConfirm(teacher);
    expect(await purgeDueAccountDeletions(t.db, new Date(START.getTime() + 15 * DAY))).toBe(1);
    expect(await t.db.select().from(user).where(eq(user.id, teacher.id))).toEqual([]);
  });
});

describe("Sign out everywhere", () => {
  it("ends the other sessions, then this one too", async () => {
    const student = school.students[2];
    const phone = await signIn(student);
    const laptop = student.cookie;
    const others = await t.request("POST", "/api/me/sessions/revoke", {
      cookie: laptop,
      body: { includeThisDevice: false },
    });
    expect(others.status).toBe(200);
    expect((await others.json()).ended).toBe(1);
    expect((await t.request("GET", "/api/me", { cookie: phone })).status).toBe(401);
    expect((await t.request("GET", "/api/me", { cookie: laptop })).status).toBe(200);

    expect((await t.request("POST", "/api/me/sessions/revoke", { cookie: laptop, body: {} })).status).toBe(
      400,
    );
    const all = await t.request("POST", "/api/me/sessions/revoke", {
      cookie: laptop,
      body: { includeThisDevice: true },
    });
    expect(all.status).toBe(200);
    expect(all.headers.getSetCookie().join(";")).toMatch(/better-auth\.session_token=;/);
    expect((await t.request("GET", "/api/me", { cookie: laptop })).status).toBe(401);
    const log = await t.db.select().from(auditLog).where(eq(auditLog.action, "sessions.revoke"));
    expect(log.map((l) => l.details)).toEqual([
      { ended: 1, includeThisDevice: false },
      { ended: 1, includeThisDevice: true },
    ]);
  });

  it("a session cookie sent twice, the first not URL-decodable, is a 401, never a 500", async () => {
    const student = school.students[2];
    for (const bad of ["%E0%A4%A", "%", "abc%zz.sig"]) {
      const cookie = await signIn(student);
      const name = cookie.split("=")[0];
      const res = await t.request("POST", "/api/me/sessions/revoke", {
        cookie: `${name}=${bad}; ${cookie}`,
        body: { includeThisDevice: false },
      });
      // The guard reads the first cookie of that name, as the route does: not signed in.
      expect(res.status, bad).toBe(401);
    }
  });
});

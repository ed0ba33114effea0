// "Download my data" against a seeded school: every row of the user is in the ZIP, no row of anyone
// else; the link is the owner's only, expires, and the build runs after the request has answered.
import { eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountSignIns,
  activityEvents,
  auditLog,
  classTransfers,
  codeComments,
  dataExports,
  exerciseAttempts,
  helpRequests,
  submissions,
} from "@/server/db/schema.ts";
import type { DataExport } from "@/shared/api/account.ts";
import { createAdmin, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import type { TestApp } from "../../../../tests/setup/test-app.ts";
import {
  closeApp,
  DAY,
  exportFor as exportOf,
  openExport,
  type SeededSchool,
  START,
  seededApp,
} from "./account-test-setup.ts";

let clock = START;
let t: TestApp;
let school: SeededSchool;

beforeAll(async () => {
  ({ t, school } = await seededApp(() => clock));
}, 120_000);
afterAll(() => closeApp(t));

type Cookie = { cookie: string };
const exportFor = (who: Cookie) => exportOf(t, who);
const openZip = (who: Cookie, e: DataExport) => openExport(t, who, e);

const ids = (rows: { id: unknown }[]) => rows.map((r) => String(r.id)).sort();

describe("Download my data", () => {
  it("holds every row of the student and nothing of anyone else", async () => {
    const [me, ...others] = school.students;
    const i = 0;
    const e = await exportFor(me);
    expect(e.status).toBe("ready");
    expect(e.sizeBytes).toBeGreaterThan(0);
    const { text, data } = await openZip(me, e);

    expect(data.profile).toMatchObject({ id: me.id, name: me.name, email: me.email, role: "student" });
    expect(data.classesJoined.map((c: { name: string }) => c.name).sort()).toEqual([
      "10X Computing",
      "11Y Computing",
    ]);
    expect(data.classesJoined.map((c: { teacher: string }) => c.teacher).sort()).toEqual([
      "Mr Alan Teacher",
      "Ms Ada Teacher",
    ]);

    // Every submission (hand-ins and test runs), each with its code as a .py file.
    const mySubs = await t.db.select().from(submissions).where(eq(submissions.userId, me.id));
    const exported = data.assignments.flatMap(
      (a: { submissions: { id: string; codeFile: string }[] }) => a.submissions,
    );
    expect(ids(exported)).toEqual(ids(mySubs));
    for (const s of exported) {
      const row = mySubs.find((r) => r.id === s.id)!;
      expect(text[s.codeFile]).toBe(row.code);
    }
    const graded = exported.filter((s: { grade: number | null }) => s.grade !== null);
    expect(graded.map((s: { teacherNotes: string }) => s.teacherNotes)).toEqual([`Notes ${i}`, `Notes ${i}`]);
    // A hidden test shows pass or fail only, as on the results page.
    const results = exported.flatMap((s: { testResults: unknown[] }) => s.testResults);
    expect(JSON.stringify(results)).not.toContain("SECRET-INPUT");
    expect(JSON.stringify(results)).not.toContain("hidden output");
    expect(results).toContainEqual({ test: "(hidden test)", passed: false });

    const myEvents = await t.db.select().from(activityEvents).where(eq(activityEvents.studentId, me.id));
    expect(ids(data.activityHistory)).toEqual(ids(myEvents));
    const myHelp = await t.db.select().from(helpRequests).where(eq(helpRequests.studentId, me.id));
    expect(ids(data.helpRequests)).toEqual(ids(myHelp));
    expect(data.helpRequests.map((h: { answer: string }) => h.answer)).toEqual([
      `Answer ${i}`,
      `Answer ${i}`,
    ]);
    const myComments = await t.db.select().from(codeComments).where(eq(codeComments.studentId, me.id));
    expect(ids(data.codeComments.onMyCode)).toEqual(ids(myComments));
    const mySaves = await t.db.select().from(exerciseAttempts).where(eq(exerciseAttempts.userId, me.id));
    const exportedSaves = data.exerciseSaves.flatMap((x: { saves: { id: string }[] }) => x.saves);
    expect(ids(exportedSaves)).toEqual(ids(mySaves));
    expect(text[data.exerciseSaves[0].latest.codeFile]).toBe(`print(2)  # ${me.marker}`);

    // The sign-in record the inactivity rule keeps (decisions 062, 071), and no transfers.
    const [signedIn] = await t.db.select().from(accountSignIns).where(eq(accountSignIns.userId, me.id));
    expect(data.signIns).toEqual({
      about: expect.stringContaining("When you last signed in."),
      lastSignedInAt: signedIn.lastSignInAt.toISOString(),
      deletionWarningSentAt: null,
    });
    expect(data.classTransfers).toEqual([]);

    // No one else: not a classmate's name, address, code, rows or ids, anywhere in the ZIP.
    const whole = Object.values(text).join("\n");
    for (const other of others) {
      for (const needle of [other.name, other.email, other.marker, other.id])
        expect(whole).not.toContain(needle);
      const theirs = await t.db
        .select({ id: submissions.id })
        .from(submissions)
        .where(eq(submissions.userId, other.id));
      for (const s of theirs) expect(whole).not.toContain(s.id);
    }
    for (const teacher of school.teachers) expect(whole).not.toContain(teacher.email);
  });

  it("gives a teacher what they wrote, not their students' names", async () => {
    const [teacher] = school.teachers;
    const { text, data } = await openZip(teacher, await exportFor(teacher));
    expect(data.classesOwned.map((c: { name: string }) => c.name)).toEqual(["10X Computing"]);
    expect(data.assignmentsCreated[0].testCases).toHaveLength(2);
    const written = await t.db
      .select({ id: codeComments.id })
      .from(codeComments)
      .where(eq(codeComments.authorId, teacher.id));
    expect(ids(data.codeComments.written)).toEqual(ids(written));
    expect(data.helpAnswersWritten).toHaveLength(3);
    const whole = Object.values(text).join("\n");
    for (const s of school.students)
      for (const needle of [s.name, s.email, s.marker]) expect(whole).not.toContain(needle);
  });

  it("holds the class transfers a teacher offered or was offered: names, never addresses", async () => {
    const [ada, alan] = school.teachers;
    const carol = await createTeacher(t, { name: "Mrs Carol Teacher" });
    const offer = async (from: TestUser, classId: string, to: TestUser) => {
      const res = await t.request("POST", `/api/classes/${classId}/transfer`, {
        cookie: from.cookie,
        body: { email: to.email },
      });
      expect(res.status).toBe(201);
      return (await res.json()).id as string;
    };
    const declined = await offer(ada, school.classes[0].id, alan);
    expect((await t.request("POST", `/api/transfers/${declined}/decline`, alan)).status).toBe(200);
    const waiting = await offer(ada, school.classes[0].id, carol);
    const notAdas = await offer(alan, school.classes[1].id, carol);

    const { text, data } = await openZip(ada, await exportFor(ada));
    const adas = await t.db
      .select()
      .from(classTransfers)
      .where(or(eq(classTransfers.fromUserId, ada.id), eq(classTransfers.toUserId, ada.id)));
    expect(ids(data.classTransfers)).toEqual(ids(adas));
    const [answered] = await t.db.select().from(classTransfers).where(eq(classTransfers.id, declined));
    expect(data.classTransfers).toEqual([
      {
        id: declined,
        class: "10X Computing",
        offeredBy: "Ms Ada Teacher",
        offeredTo: "Mr Alan Teacher",
        status: "declined",
        offeredAt: answered.createdAt.toISOString(),
        answeredAt: answered.respondedAt?.toISOString(),
      },
      {
        id: waiting,
        class: "10X Computing",
        offeredBy: "Ms Ada Teacher",
        offeredTo: "Mrs Carol Teacher",
        status: "pending",
        offeredAt: expect.any(String),
        answeredAt: null,
      },
    ]);
    const whole = Object.values(text).join("\n");
    for (const needle of [alan.email, carol.email, notAdas]) expect(whole).not.toContain(needle);

    // The recipient's holds both offers made to them, with the senders' names and no address.
    const received = await openZip(carol, await exportFor(carol));
    expect(ids(received.data.classTransfers)).toEqual([waiting, notAdas].sort());
    expect(received.data.classTransfers.map((x: { offeredBy: string }) => x.offeredBy).sort()).toEqual([
      "Mr Alan Teacher",
      "Ms Ada Teacher",
    ]);
    const carolsWhole = Object.values(received.text).join("\n");
    for (const needle of [ada.email, alan.email]) expect(carolsWhole).not.toContain(needle);
  });

  it("says when the inactivity rule warned the account that it would be deleted", async () => {
    const me = school.students[2];
    const warnedAt = new Date("2026-11-20T08:00:00Z");
    await t.db
      .update(accountSignIns)
      .set({ inactivityWarnedAt: warnedAt })
      .where(eq(accountSignIns.userId, me.id));
    const { data } = await openZip(me, await exportFor(me));
    expect(data.signIns.deletionWarningSentAt).toBe(warnedAt.toISOString());
  });

  it("works for an admin too (profile only)", async () => {
    const admin = await createAdmin(t);
    const { data } = await openZip(admin, await exportFor(admin));
    expect(data.profile.role).toBe("admin");
    expect(data.assignments).toEqual([]);
  });

  it("serves the file to its owner only, and records export and download in the audit log", async () => {
    const [me, other] = school.students;
    const e = await exportFor(me);
    const theirs = await t.request("GET", e.downloadUrl as string, other);
    expect(theirs.status).toBe(404);
    expect((await errorOf(theirs)).code).toBe("NOT_FOUND");
    expect((await t.request("GET", e.downloadUrl as string)).status).toBe(401);
    expect((await t.request("GET", "/api/me/exports/not-a-uuid/download", me)).status).toBe(404);
    const listed = await (await t.request("GET", "/api/me/exports", other)).json();
    expect(listed.exports.map((x: DataExport) => x.id)).not.toContain(e.id);
    await openZip(me, e);
    const log = await t.db.select().from(auditLog).where(eq(auditLog.targetId, me.id));
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(["data.export", "data.export.download"]));
    expect(JSON.stringify(log)).not.toContain(me.email);
  });

  it("expires after 7 days: 410, and the bytes are dropped", async () => {
    const me = school.students[2];
    const e = await exportFor(me);
    expect(new Date(e.expiresAt).getTime() - new Date(e.readyAt as string).getTime()).toBe(7 * DAY);
    const saved = clock;
    clock = new Date(new Date(e.expiresAt).getTime() + 1000);
    try {
      const res = await t.request("GET", e.downloadUrl as string, me);
      expect(res.status).toBe(410);
      expect(await errorOf(res)).toEqual({
        code: "EXPORT_EXPIRED",
        message: "This download has expired. Ask for a new one in Settings.",
      });
      const list = await (await t.request("GET", "/api/me/exports", me)).json();
      expect(list.exports.find((x: DataExport) => x.id === e.id)).toMatchObject({
        status: "expired",
        downloadUrl: null,
      });
      const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, e.id));
      expect(row.content).toBeNull();
    } finally {
      clock = saved;
    }
  });

  it("prepares one at a time, five a day", async () => {
    const me = school.students[1];
    await t.db.delete(dataExports).where(eq(dataExports.userId, me.id));
    const [preparing] = await t.db
      .insert(dataExports)
      .values({ userId: me.id, createdAt: clock, expiresAt: new Date(clock.getTime() + 7 * DAY) })
      .returning();
    const busy = await t.request("POST", "/api/me/exports", { ...me, body: {} });
    expect(busy.status).toBe(409);
    expect((await errorOf(busy)).code).toBe("EXPORT_IN_PROGRESS");
    // Not yet ready: no download.
    const early = await t.request("GET", `/api/me/exports/${preparing.id}/download`, me);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).code).toBe("EXPORT_NOT_READY");
    await t.db.update(dataExports).set({ status: "failed" }).where(eq(dataExports.id, preparing.id));
    for (let i = 0; i < 4; i++) expect((await exportFor(me)).status).toBe("ready");
    const sixth = await t.request("POST", "/api/me/exports", { ...me, body: {} });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBeTruthy();
    expect((await errorOf(sixth)).message).toBe(
      "You can ask for your data 5 times a day. Please try again tomorrow.",
    );
  });

  it("e-mails the owner a link to Settings when ready", async () => {
    const me = school.students[0];
    await exportFor(me);
    const mail = await t.lastMail(me.email);
    expect(mail.subject).toBe("Your PyClass data is ready to download");
    expect(mail.link).toBe("http://localhost:3000/student/settings#my-data");
  });

  it("lists only the owner's exports", async () => {
    const all = await t.db
      .select({ userId: dataExports.userId })
      .from(dataExports)
      .where(
        or(
          inArray(
            dataExports.userId,
            school.students.map((s) => s.id),
          ),
        ),
      );
    expect(all.length).toBeGreaterThan(2);
    const me = school.students[0];
    const list = await (await t.request("GET", "/api/me/exports", me)).json();
    const mine = all.filter((r) => r.userId === me.id).length;
    expect(list.exports).toHaveLength(mine);
  });
});

// Class transfers (decision 061): only the owner offers, only to a teacher account; nothing changes
// until the recipient accepts; the sender may cancel; a third party can see or answer nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, classes } from "@/server/db/schema.ts";
import type { ClassDetail, ClassSummary } from "@/shared/api/classes.ts";
import { type ClassTransfer, type PendingTransfers, TRANSFER_MESSAGES } from "@/shared/api/transfers.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let owner: TestUser;
let recipient: TestUser;
let bystander: TestUser;
let student: TestUser;
let cls: ClassSummary;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTeacher(t, { name: "Ms Owner" });
  recipient = await createTeacher(t, { name: "Mr Next" });
  bystander = await createTeacher(t);
  student = await createStudent(t);
  cls = await createClass(t, owner, { name: "Year 10 Python" });
  await addMember(t, cls, student);
  await createAssignment(t, owner, cls.id);
});
afterAll(() => t.close());

const offer = (who: TestUser, email: string, classId = cls.id) =>
  t.request("POST", `/api/classes/${classId}/transfer`, { cookie: who.cookie, body: { email } });
const answer = (who: TestUser, id: string, verb: "accept" | "decline" | "cancel") =>
  t.request("POST", `/api/transfers/${id}/${verb}`, { cookie: who.cookie });
const pending = async (who: TestUser) =>
  (await (await t.request("GET", "/api/transfers", { cookie: who.cookie })).json()) as PendingTransfers;
const ownerOf = async () => (await t.db.select().from(classes).where(eq(classes.id, cls.id)))[0].ownerId;

describe("offering a class", () => {
  it("refuses anyone but the owner, and anyone but a teacher account as recipient", async () => {
    expect((await offer(bystander, recipient.email)).status).toBe(404);
    const unknown = await offer(owner, "nobody@example.com");
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe(TRANSFER_MESSAGES.noSuchTeacher);
    expect((await errorOf(await offer(owner, student.email))).message).toBe(TRANSFER_MESSAGES.noSuchTeacher);
    expect((await errorOf(await offer(owner, owner.email))).message).toBe(TRANSFER_MESSAGES.notYourself);
    expect((await offer(owner, "not an address")).status).toBe(400);
    expect((await offer(owner, recipient.email, "not-a-uuid")).status).toBe(404);
    expect((await t.request("POST", "/api/transfers", { cookie: student.cookie })).status).toBe(404);
  });

  it("an offer changes nothing until it is accepted, and e-mails the recipient", async () => {
    const res = await offer(owner, `  ${recipient.email.toUpperCase()} `);
    expect(res.status).toBe(201);
    const made = (await res.json()) as ClassTransfer;
    expect(made).toMatchObject({ className: "Year 10 Python", studentCount: 1, status: "pending" });
    expect(made.to.name).toBe("Mr Next");
    expect(await ownerOf()).toBe(owner.id);
    expect((await t.request("GET", `/api/classes/${cls.id}`, { cookie: recipient.cookie })).status).toBe(404);
    const mail = await t.lastMail(recipient.email);
    expect(mail.subject).toBe('Ms Owner offers you the class "Year 10 Python" on PyClass');
    expect(mail.link).toBe(`${t.config.publicUrl}/teacher/dashboard`);

    expect((await pending(recipient)).incoming.map((x) => x.id)).toEqual([made.id]);
    expect((await pending(owner)).outgoing.map((x) => x.id)).toEqual([made.id]);
    expect(await pending(bystander)).toEqual({ incoming: [], outgoing: [] });
    // One offer a class at a time.
    expect((await offer(owner, bystander.email)).status).toBe(409);
  });

  it("only the recipient answers and only the sender cancels; a decided offer stays decided", async () => {
    const [made] = (await pending(owner)).outgoing;
    expect((await answer(bystander, made.id, "accept")).status).toBe(404);
    expect((await answer(owner, made.id, "accept")).status).toBe(404);
    expect((await answer(recipient, made.id, "cancel")).status).toBe(404);
    const declined = await answer(recipient, made.id, "decline");
    expect(((await declined.json()) as ClassTransfer).status).toBe("declined");
    expect((await answer(recipient, made.id, "accept")).status).toBe(409);
    expect(await ownerOf()).toBe(owner.id);

    const again = (await (await offer(owner, recipient.email)).json()) as ClassTransfer;
    expect((await answer(owner, again.id, "cancel")).status).toBe(200);
    const late = await answer(recipient, again.id, "accept");
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(TRANSFER_MESSAGES.notPending);
    expect(await ownerOf()).toBe(owner.id);
  });

  it("accepting moves the class with its students and work, and is in the audit log", async () => {
    const made = (await (await offer(owner, recipient.email)).json()) as ClassTransfer;
    const res = await answer(recipient, made.id, "accept");
    expect(res.status).toBe(200);
    expect(await ownerOf()).toBe(recipient.id);
    const detail = (await (
      await t.request("GET", `/api/classes/${cls.id}`, { cookie: recipient.cookie })
    ).json()) as ClassDetail;
    expect(detail.members.map((m) => m.id)).toEqual([student.id]);
    expect((await t.request("GET", `/api/classes/${cls.id}`, { cookie: owner.cookie })).status).toBe(404);
    const list = await t.request("GET", "/api/assignments", { cookie: recipient.cookie });
    expect(((await list.json()) as unknown[]).length).toBe(1);
    const seen = (await (
      await t.request("GET", "/api/classes", { cookie: student.cookie })
    ).json()) as ClassSummary[];
    expect(seen[0].teacher.name).toBe("Mr Next");

    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, cls.id))).map(
      (e) => e.action,
    );
    expect(actions).toEqual([
      "class.transfer.offer",
      "class.transfer.decline",
      "class.transfer.offer",
      "class.transfer.cancel",
      "class.transfer.offer",
      "class.transfer.accept",
    ]);
  });
});

describe("a teacher's e-mail address", () => {
  it("is shown to students by default, hidden when the teacher chooses, on every class response", async () => {
    const teacher = await createTeacher(t);
    const pupil = await createStudent(t);
    const own = await createClass(t, teacher);
    const emailsSeen = async () => {
      const list = (await (
        await t.request("GET", "/api/classes", { cookie: pupil.cookie })
      ).json()) as ClassSummary[];
      const one = (await (
        await t.request("GET", `/api/classes/${own.id}`, { cookie: pupil.cookie })
      ).json()) as ClassDetail;
      return [list.find((c) => c.id === own.id)?.teacher.email, one.teacher.email];
    };
    const joined = await t.request("POST", "/api/classes/join", {
      cookie: pupil.cookie,
      body: { code: own.joinCode },
    });
    expect(((await joined.json()) as ClassSummary).teacher.email).toBe(teacher.email);
    expect(await emailsSeen()).toEqual([teacher.email, teacher.email]);

    expect(await (await t.request("GET", "/api/me/privacy", { cookie: teacher.cookie })).json()).toEqual({
      showEmailToStudents: true,
    });
    const put = await t.request("PUT", "/api/me/privacy", {
      cookie: teacher.cookie,
      body: { showEmailToStudents: false },
    });
    expect(await put.json()).toEqual({ showEmailToStudents: false });
    expect(await emailsSeen()).toEqual([null, null]);
    // A second student joining now gets the class without it too; the teacher still sees their own.
    const late = await createStudent(t);
    const lateJoin = await t.request("POST", "/api/classes/join", {
      cookie: late.cookie,
      body: { code: own.joinCode },
    });
    expect(((await lateJoin.json()) as ClassSummary).teacher.email).toBeNull();
    const mine = (await (
      await t.request("GET", "/api/classes", { cookie: teacher.cookie })
    ).json()) as ClassSummary[];
    expect(mine[0].teacher.email).toBe(teacher.email);
    expect(
      JSON.stringify(await (await t.request("GET", "/api/assignments", { cookie: pupil.cookie })).json()),
    ).not.toContain(teacher.email);

    expect(
      (
        await t.request("PUT", "/api/me/privacy", {
          cookie: teacher.cookie,
          body: { showEmailToStudents: "no" },
        })
      ).status,
    ).toBe(400);
    expect((await t.request("GET", "/api/me/privacy", { cookie: pupil.cookie })).status).toBe(403);
  });
});

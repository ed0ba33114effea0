// A hostile review of class transfers (decision 061): offers to the wrong people, answers by the
// wrong people or twice at once, a class deleted under an offer, and a flood of offers (each one
// an e-mail, and an answer to "is this address a teacher's?").
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classes, classTransfers, mailOutbox } from "@/server/db/schema.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { type ClassTransfer, TRANSFER_MESSAGES, TRANSFER_OFFERS_PER_DAY } from "@/shared/api/transfers.ts";
import { createClass } from "../../../../tests/factories/classroom.ts";
import {
  createAdmin,
  createPending,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let owner: TestUser;
let recipient: TestUser;
let student: TestUser;
let admin: TestUser;
let pending: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTeacher(t);
  recipient = await createTeacher(t);
  student = await createStudent(t);
  admin = await createAdmin(t);
  pending = await createPending(t);
});
afterAll(() => t.close());

const offer = (who: TestUser, classId: string, email: string) =>
  t.request("POST", `/api/classes/${classId}/transfer`, { cookie: who.cookie, body: { email } });
const answer = (who: TestUser, id: string, verb: "accept" | "decline" | "cancel") =>
  t.request("POST", `/api/transfers/${id}/${verb}`, { cookie: who.cookie });
const offered = async (res: Response) => {
  expect(res.status).toBe(201);
  return ((await res.json()) as ClassTransfer).id;
};

describe("who an offer may go to, and who may answer", () => {
  it("a student, an admin, a pending account and an unknown address get the same answer", async () => {
    const cls = await createClass(t, owner);
    const answers = [];
    for (const email of [student.email, admin.email, pending.email, "nobody-here@example.com"]) {
      const res = await offer(owner, cls.id, email);
      expect(res.status).toBe(400);
      answers.push((await errorOf(res)).message);
    }
    expect(new Set(answers)).toEqual(new Set([TRANSFER_MESSAGES.noSuchTeacher]));
    expect((await offer(owner, cls.id, owner.email)).status).toBe(400);
    // No e-mail went anywhere for any of them.
    expect(
      (await t.db.select({ n: count() }).from(mailOutbox).where(like(mailOutbox.subject, "%offers you%")))[0]
        .n,
    ).toBe(0);
  });

  it("students, admins and pending accounts can neither offer, list nor answer (403)", async () => {
    const cls = await createClass(t, owner);
    const id = await offered(await offer(owner, cls.id, recipient.email));
    for (const who of [student, admin, pending]) {
      expect((await offer(who, cls.id, recipient.email)).status).toBe(403);
      expect((await t.request("GET", "/api/transfers", { cookie: who.cookie })).status).toBe(403);
      for (const verb of ["accept", "decline", "cancel"] as const)
        expect((await answer(who, id, verb)).status).toBe(403);
    }
    for (const bad of ["not-a-uuid", crypto.randomUUID(), "%27%20or%201%3D1"])
      expect((await answer(recipient, bad, "accept")).status).toBe(404);
    expect((await answer(owner, id, "cancel")).status).toBe(200);
  });

  it("two acceptances at once: one wins, the other is told it was answered", async () => {
    const cls = await createClass(t, owner);
    const id = await offered(await offer(owner, cls.id, recipient.email));
    const [a, b] = await Promise.all([answer(recipient, id, "accept"), answer(recipient, id, "accept")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(classes).where(eq(classes.id, cls.id));
    expect(row.ownerId).toBe(recipient.id);
    // Accept and cancel at once: one of them, never both.
    const other = await createClass(t, owner);
    const id2 = await offered(await offer(owner, other.id, recipient.email));
    const [x, y] = await Promise.all([answer(recipient, id2, "accept"), answer(owner, id2, "cancel")]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const [offerRow] = await t.db.select().from(classTransfers).where(eq(classTransfers.id, id2));
    const [classRow] = await t.db.select().from(classes).where(eq(classes.id, other.id));
    expect(classRow.ownerId).toBe(offerRow.status === "accepted" ? recipient.id : owner.id);
  });

  it("a class deleted under its offer: the offer is gone (404), nothing is created", async () => {
    const cls = await createClass(t, owner);
    const id = await offered(await offer(owner, cls.id, recipient.email));
    expect((await t.request("DELETE", `/api/classes/${cls.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await answer(recipient, id, "accept")).status).toBe(404);
    expect(await t.db.select().from(classes).where(eq(classes.id, cls.id))).toEqual([]);
  });

  it("bad bodies are 400s", async () => {
    const cls = await createClass(t, owner);
    for (const body of [
      {},
      { email: 42 },
      { email: "" },
      { email: `${"a".repeat(300)}@example.com` },
      { email: ["x@y.z"] },
      null,
    ])
      expect(
        (await t.request("POST", `/api/classes/${cls.id}/transfer`, { cookie: owner.cookie, body })).status,
      ).toBe(400);
  });
});

describe("a flood of offers", () => {
  let cls: ClassSummary;
  beforeAll(async () => {
    cls = await createClass(t, owner);
    await t.db.delete(classTransfers);
    t.config.rateLimit = true;
  });
  afterAll(() => {
    t.config.rateLimit = false;
  });

  it(`offer-and-cancel stops after ${TRANSFER_OFFERS_PER_DAY} a day: a 429, and no more e-mails`, async () => {
    const spammed = await createTeacher(t);
    for (let i = 0; i < TRANSFER_OFFERS_PER_DAY; i++) {
      const id = await offered(await offer(owner, cls.id, spammed.email));
      expect((await answer(owner, id, "cancel")).status).toBe(200);
    }
    const next = await offer(owner, cls.id, spammed.email);
    expect(next.status).toBe(429);
    expect(next.headers.get("retry-after")).toBeTruthy();
    expect((await errorOf(next)).message).toBe(TRANSFER_MESSAGES.tooManyOffers);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, spammed.email));
    expect(mails).toHaveLength(TRANSFER_OFFERS_PER_DAY);
    // Trying addresses counts too: the sender can't ask "is this a teacher?" in bulk.
    expect((await offer(owner, cls.id, "guess@example.com")).status).toBe(429);
  });

  it(`many senders can't flood one teacher past ${TRANSFER_OFFERS_PER_DAY} offers a day`, async () => {
    const target = await createTeacher(t);
    let made = 0;
    let refused: Response | null = null;
    for (let i = 0; i <= TRANSFER_OFFERS_PER_DAY; i++) {
      const sender = await createTeacher(t);
      const own = await createClass(t, sender);
      const res = await offer(sender, own.id, target.email);
      if (res.status === 201) made++;
      else refused = res;
    }
    expect(made).toBe(TRANSFER_OFFERS_PER_DAY);
    expect(refused?.status).toBe(429);
    expect((await errorOf(refused as Response)).message).toBe(TRANSFER_MESSAGES.recipientBusy);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { helpRequests } from "@/server/db/schema.ts";
import { liveBus } from "@/server/live/index.ts";
import type { TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { HELP_MESSAGES, HelpQueue, HelpRequest, MyHelpRequest } from "@/shared/api/help.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { readEvents } from "../../../../tests/setup/sse-events.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { openHelpRequestsFor } from "./index.ts";

let t: TestApp;
let clock = new Date("2026-11-25T10:00:00Z");
let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let ann: TestUser;
let ben: TestUser;
let outsider: TestUser; // a student of another class
let cls: ClassSummary;
let a: TeacherAssignmentDetail;
let b: TeacherAssignmentDetail;

const at = (hhmm: string) => {
  clock = new Date(`2026-11-25T${hhmm}:00Z`);
};
const CODE = 'name = input("Name? ")\nprint("Hello " + nme)\n';

const raise = (
  who: TestUser,
  assignmentId: string,
  body: unknown = { question: "Why NameError?", code: CODE },
) => t.request("POST", `/api/assignments/${assignmentId}/help`, { cookie: who.cookie, body });
const queue = async (who = teacher) => {
  const res = await t.request("GET", `/api/classes/${cls.id}/help`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return HelpQueue.parse(await res.json());
};
const mine = async (who: TestUser, assignmentId = a.id) => {
  const res = await t.request("GET", `/api/assignments/${assignmentId}/help/mine`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return MyHelpRequest.parse(await res.json()).request;
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  teacher = await createTeacher(t);
  otherTeacher = await createTeacher(t);
  admin = await createAdmin(t);
  ann = await createStudent(t, { name: "Ann" });
  ben = await createStudent(t, { name: "Ben" });
  outsider = await createStudent(t, { name: "Olu" });
  cls = await createClass(t, teacher);
  await addMember(t, cls, ann);
  await addMember(t, cls, ben);
  const other = await createClass(t, otherTeacher);
  await addMember(t, other, outsider);
  a = await createAssignment(t, teacher, cls.id);
  b = await createAssignment(t, teacher, cls.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(helpRequests);
  at("10:00");
});

describe("raising a hand", () => {
  it("stores the question and the code, and refuses a second open request with a plain 409", async () => {
    const res = await raise(ann, a.id);
    expect(res.status).toBe(201);
    const request = HelpRequest.parse(await res.json());
    expect(request).toMatchObject({
      status: "open",
      question: "Why NameError?",
      code: CODE,
      studentName: "Ann",
    });

    const again = await raise(ann, b.id, { code: "print(1)" });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: "HELP_ALREADY_OPEN", message: HELP_MESSAGES.alreadyOpen });
  });

  it("takes no question at all, but holds a question to 500 characters", async () => {
    expect((await raise(ann, a.id, { code: "" })).status).toBe(201);
    expect((await raise(ben, a.id, { question: "x".repeat(501), code: "" })).status).toBe(400);
    expect((await raise(ben, a.id, { question: "Help" })).status).toBe(400); // no code attached
  });

  it("is only for a class the student belongs to, and only on work that exists", async () => {
    expect((await raise(outsider, a.id)).status).toBe(404);
    expect((await raise(ann, crypto.randomUUID())).status).toBe(404);
    expect((await raise(ann, "not-an-id")).status).toBe(404);
    expect((await raise(teacher, a.id)).status).toBe(403);
    expect((await t.request("POST", `/api/assignments/${a.id}/help`, { body: { code: "" } })).status).toBe(
      401,
    );
  });

  it("withdraws in one request; then a new one may be raised", async () => {
    await raise(ann, a.id);
    const res = await t.request("DELETE", `/api/assignments/${a.id}/help`, { cookie: ann.cookie });
    expect(res.status).toBe(204);
    expect(await mine(ann)).toBeNull();
    expect((await queue()).requests).toEqual([]);
    // Nothing left to withdraw, and another student cannot withdraw Ann's.
    await raise(ann, a.id);
    expect((await t.request("DELETE", `/api/assignments/${a.id}/help`, { cookie: ben.cookie })).status).toBe(
      404,
    );
    expect((await queue()).requests).toHaveLength(1);
    expect((await raise(ann, a.id)).status).toBe(409);
  });
});

describe("the teacher's queue", () => {
  it("lists open requests oldest first with the minutes waited, then answered ones", async () => {
    at("10:00");
    await raise(ben, b.id, { question: "First", code: "x = 1" });
    at("10:02");
    await raise(ann, a.id);
    at("10:05");
    const q = await queue();
    expect(q.requests.map((r) => [r.studentName, r.assignmentName, r.waitingMinutes, r.status])).toEqual([
      ["Ben", b.name, 5, "open"],
      ["Ann", a.name, 3, "open"],
    ]);
    const [first] = q.requests;
    await t.request("POST", `/api/help/${first!.id}/answer`, {
      cookie: teacher.cookie,
      body: { message: "Look at x" },
    });
    at("10:09");
    const after = await queue();
    expect(after.requests.map((r) => [r.studentName, r.status, r.waitingMinutes])).toEqual([
      ["Ann", "open", 7],
      ["Ben", "answered", 5], // waited until the answer
    ]);
    // The live view reads open ones only.
    expect((await openHelpRequestsFor(t.db, cls.id)).map((r) => r.studentId)).toEqual([ann.id]);
  });

  it("is the class's teacher's alone", async () => {
    await raise(ann, a.id);
    for (const who of [otherTeacher]) {
      const res = await t.request("GET", `/api/classes/${cls.id}/help`, { cookie: who.cookie });
      expect(res.status).toBe(404);
    }
    for (const who of [ann, admin]) {
      const res = await t.request("GET", `/api/classes/${cls.id}/help`, { cookie: who.cookie });
      expect(res.status).toBe(403);
    }
    expect((await t.request("GET", `/api/classes/${cls.id}/help`)).status).toBe(401);
  });
});

describe("answering", () => {
  it("answers with a message and line comments; the student reads them with their request", async () => {
    const raised = HelpRequest.parse(await (await raise(ann, a.id)).json());
    const res = await t.request("POST", `/api/help/${raised.id}/answer`, {
      cookie: teacher.cookie,
      body: { message: "Check the spelling.", comments: [{ line: 2, body: "nme → name" }] },
    });
    expect(res.status).toBe(200);
    const answered = HelpRequest.parse(await res.json());
    expect(answered).toMatchObject({ status: "answered", answer: "Check the spelling." });
    const seen = await mine(ann);
    expect(seen).toMatchObject({ id: raised.id, status: "answered", answer: "Check the spelling." });
    expect(seen!.comments.map((c) => [c.line, c.body, c.lineText])).toEqual([
      [2, "nme → name", 'print("Hello " + nme)'],
    ]);
    // Ben sees nothing of Ann's.
    expect(await mine(ben)).toBeNull();
  });

  it("refuses an empty answer and a line outside the attached code", async () => {
    const raised = HelpRequest.parse(await (await raise(ann, a.id)).json());
    const answer = (body: unknown) =>
      t.request("POST", `/api/help/${raised.id}/answer`, { cookie: teacher.cookie, body });
    expect((await answer({})).status).toBe(400);
    expect((await answer({ comments: [{ line: 9, body: "no such line" }] })).status).toBe(400);
    expect((await answer({ comments: [{ line: 0, body: "zero" }] })).status).toBe(400);
    expect((await answer({ comments: [{ line: 1, body: "   " }] })).status).toBe(400);
    expect((await mine(ann))!.status).toBe("open");
  });

  it("resolves; a resolved request leaves the queue and cannot be answered", async () => {
    const raised = HelpRequest.parse(await (await raise(ann, a.id)).json());
    const res = await t.request("POST", `/api/help/${raised.id}/resolve`, { cookie: teacher.cookie });
    expect(res.status).toBe(200);
    expect(HelpRequest.parse(await res.json()).status).toBe("resolved");
    expect((await queue()).requests).toEqual([]);
    expect(await mine(ann)).toBeNull();
    const late = await t.request("POST", `/api/help/${raised.id}/answer`, {
      cookie: teacher.cookie,
      body: { message: "hi" },
    });
    expect(late.status).toBe(409);
  });

  it("an answer stays with the student after the teacher marks it resolved", async () => {
    const raised = HelpRequest.parse(await (await raise(ann, a.id)).json());
    await t.request("POST", `/api/help/${raised.id}/answer`, {
      cookie: teacher.cookie,
      body: { comments: [{ line: 1, body: "Prompt is fine" }] },
    });
    await t.request("POST", `/api/help/${raised.id}/resolve`, { cookie: teacher.cookie });
    expect(await mine(ann)).toMatchObject({ id: raised.id, status: "resolved", answer: null });
    expect((await mine(ann))!.comments.map((c) => c.body)).toEqual(["Prompt is fine"]);
    expect((await queue()).requests).toEqual([]);
  });

  it("a new hand resolves the student's answered one", async () => {
    const raised = HelpRequest.parse(await (await raise(ann, a.id)).json());
    await t.request("POST", `/api/help/${raised.id}/answer`, {
      cookie: teacher.cookie,
      body: { message: "ok" },
    });
    expect((await raise(ann, a.id, { question: "Next one", code: "" })).status).toBe(201);
    expect((await queue()).requests.map((r) => [r.question, r.status])).toEqual([["Next one", "open"]]);
  });

  it("no other teacher, student, admin or signed-out client reaches a request", async () => {
    const raised = HelpRequest.parse(await (await raise(ann, a.id)).json());
    for (const action of ["answer", "resolve"]) {
      const path = `/api/help/${raised.id}/${action}`;
      const body = { message: "mine now" };
      expect((await t.request("POST", path, { cookie: otherTeacher.cookie, body })).status).toBe(404);
      expect((await t.request("POST", path, { cookie: ann.cookie, body })).status).toBe(403);
      expect((await t.request("POST", path, { cookie: admin.cookie, body })).status).toBe(403);
      expect((await t.request("POST", path, { body })).status).toBe(401);
    }
    expect(
      (await t.request("POST", "/api/help/nope/answer", { cookie: teacher.cookie, body: { message: "x" } }))
        .status,
    ).toBe(404);
    expect((await mine(ann))!.status).toBe("open");
    // A student of another class cannot read help on this assignment.
    const res = await t.request("GET", `/api/assignments/${a.id}/help/mine`, { cookie: outsider.cookie });
    expect(res.status).toBe(404);
  });
});

describe("GET /api/me/live/stream", () => {
  it("pings the student when their request is answered (not when a classmate's is), and ends at sign-out", async () => {
    const me = await createStudent(t);
    await addMember(t, cls, me);
    const res = await t.request("GET", "/api/me/live/stream", { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect((await readEvents(res, 1)).events).toEqual(["hello"]);
    await liveBus(t.db).ready();

    const other = HelpRequest.parse(await (await raise(ben, a.id)).json());
    await t.request("POST", `/api/help/${other.id}/answer`, {
      cookie: teacher.cookie,
      body: { message: "Ben" },
    });
    expect((await readEvents(res, 1, 600)).events).toEqual([]);

    const raised = HelpRequest.parse(await (await raise(me, a.id)).json());
    await readEvents(res, 1, 600); // their own raise pings too
    await t.request("POST", `/api/help/${raised.id}/answer`, {
      cookie: teacher.cookie,
      body: { message: "You" },
    });
    expect((await readEvents(res, 1)).events).toEqual(["changed"]);

    expect((await t.request("POST", "/api/auth/sign-out", { cookie: me.cookie, body: {} })).status).toBe(200);
    expect((await readEvents(res, 1)).done).toBe(true);
  });

  it("is a student's: teachers are refused, signed-out callers too", async () => {
    expect((await t.request("GET", "/api/me/live/stream", { cookie: teacher.cookie })).status).toBe(403);
    expect((await t.request("GET", "/api/me/live/stream")).status).toBe(401);
  });
});

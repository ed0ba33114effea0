import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissions } from "@/server/db/schema.ts";
import type { TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { CodeComment, CodeComments } from "@/shared/api/comments.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let ann: TestUser;
let ben: TestUser;
let cls: ClassSummary;
let a: TeacherAssignmentDetail;
let finalId: string;
let runId: string;
let benFinalId: string;

const CODE = "x = int(input())\nprint(x * 2)\n";

/** A stored hand-in (the grader's work is not what these tests are about). */
async function hand(who: TestUser, isFinal: boolean, code = CODE) {
  const [row] = await t.db
    .insert(submissions)
    .values({
      assignmentId: a.id,
      userId: who.id,
      code,
      isFinal,
      verified: isFinal,
      passedTests: 1,
      totalTests: 1,
    })
    .returning({ id: submissions.id });
  return row!.id;
}
const comment = (who: TestUser | null, submissionId: string, body: unknown) =>
  t.request("POST", `/api/submissions/${submissionId}/comments`, { cookie: who?.cookie, body });

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createTeacher(t);
  otherTeacher = await createTeacher(t);
  admin = await createAdmin(t);
  ann = await createStudent(t, { name: "Ann" });
  ben = await createStudent(t, { name: "Ben" });
  cls = await createClass(t, teacher);
  await addMember(t, cls, ann);
  await addMember(t, cls, ben);
  a = await createAssignment(t, teacher, cls.id);
  runId = await hand(ann, false);
  finalId = await hand(ann, true);
  benFinalId = await hand(ben, true, "print(1)");
});
afterAll(() => t.close());

describe("comments while grading", () => {
  it("the class's teacher comments on a line of a final submission; the student reads it beside that line", async () => {
    const res = await comment(teacher, finalId, { line: 2, body: "Good: doubling with *." });
    expect(res.status).toBe(201);
    const c = CodeComment.parse(await res.json());
    expect(c).toMatchObject({ line: 2, lineText: "print(x * 2)", submissionId: finalId, studentId: ann.id });

    for (const path of [`/api/submissions/${finalId}/comments`, `/api/assignments/${a.id}/comments`]) {
      const seen = await t.request("GET", path, { cookie: ann.cookie });
      expect(seen.status).toBe(200);
      expect(CodeComments.parse(await seen.json()).map((x) => [x.line, x.body])).toEqual([
        [2, "Good: doubling with *."],
      ]);
    }
    const forTeacher = await t.request("GET", `/api/assignments/${a.id}/comments?studentId=${ann.id}`, {
      cookie: teacher.cookie,
    });
    expect(CodeComments.parse(await forTeacher.json())).toHaveLength(1);
  });

  it("refuses a test run, a line outside the code, an empty or over-long body", async () => {
    expect((await comment(teacher, runId, { line: 1, body: "x" })).status).toBe(400);
    expect((await comment(teacher, finalId, { line: 4, body: "x" })).status).toBe(400);
    expect((await comment(teacher, finalId, { line: 0, body: "x" })).status).toBe(400);
    expect((await comment(teacher, finalId, { line: 1, body: "  " })).status).toBe(400);
    expect((await comment(teacher, finalId, { line: 1, body: "x".repeat(2001) })).status).toBe(400);
  });

  it("nobody else writes or reads: another teacher, a classmate, an admin, a signed-out client", async () => {
    expect((await comment(otherTeacher, finalId, { line: 1, body: "x" })).status).toBe(404);
    expect((await comment(ben, finalId, { line: 1, body: "x" })).status).toBe(403);
    expect((await comment(admin, finalId, { line: 1, body: "x" })).status).toBe(403);
    expect((await comment(null, finalId, { line: 1, body: "x" })).status).toBe(401);
    const read = (who: TestUser | null, path: string) => t.request("GET", path, { cookie: who?.cookie });
    expect((await read(ben, `/api/submissions/${finalId}/comments`)).status).toBe(404);
    expect((await read(otherTeacher, `/api/submissions/${finalId}/comments`)).status).toBe(404);
    expect((await read(admin, `/api/submissions/${finalId}/comments`)).status).toBe(403);
    expect((await read(null, `/api/submissions/${finalId}/comments`)).status).toBe(401);
    expect((await read(otherTeacher, `/api/assignments/${a.id}/comments?studentId=${ann.id}`)).status).toBe(
      404,
    );
    // Ben asking for the assignment's comments gets his own (none), never Ann's.
    const bens = await read(ben, `/api/assignments/${a.id}/comments?studentId=${ann.id}`);
    expect(CodeComments.parse(await bens.json())).toEqual([]);
    // A student of another class: the same 404 as for the assignment itself.
    const outsider = await createStudent(t);
    expect((await read(outsider, `/api/assignments/${a.id}/comments`)).status).toBe(404);
    expect((await read(outsider, `/api/assignments/not-an-id/comments`)).status).toBe(404);
  });

  it("only the author edits or deletes a comment", async () => {
    const c = CodeComment.parse(
      await (await comment(teacher, finalId, { line: 1, body: "Name it n?" })).json(),
    );
    const patch = (who: TestUser | null, body: unknown) =>
      t.request("PATCH", `/api/comments/${c.id}`, { cookie: who?.cookie, body });
    expect((await patch(otherTeacher, { body: "mine" })).status).toBe(404);
    expect((await patch(ann, { body: "mine" })).status).toBe(403);
    expect((await patch(null, { body: "mine" })).status).toBe(401);
    expect((await patch(teacher, { body: "" })).status).toBe(400);
    const edited = await patch(teacher, { body: "Call it n?" });
    expect(edited.status).toBe(200);
    expect(CodeComment.parse(await edited.json()).body).toBe("Call it n?");

    expect((await t.request("DELETE", `/api/comments/${c.id}`, { cookie: otherTeacher.cookie })).status).toBe(
      404,
    );
    expect((await t.request("DELETE", `/api/comments/${c.id}`, { cookie: ann.cookie })).status).toBe(403);
    expect((await t.request("DELETE", `/api/comments/${c.id}`, { cookie: teacher.cookie })).status).toBe(204);
    expect((await t.request("DELETE", `/api/comments/${c.id}`, { cookie: teacher.cookie })).status).toBe(404);
  });

  it("counts in the assignment's CSV as a number", async () => {
    await comment(teacher, benFinalId, { line: 1, body: "One" });
    await comment(teacher, benFinalId, { line: 1, body: "Two" });
    const res = await t.request("GET", `/api/assignments/${a.id}/export.csv`, { cookie: teacher.cookie });
    const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    const header = lines[0]!.split(",");
    const col = header.indexOf("Comments");
    expect(col).toBe(header.length - 1);
    const cell = (name: string) => lines.find((l) => l.startsWith(`${name},`))!.split(",")[col];
    expect(cell("Ann")).toBe("1"); // the earlier comment on line 2 (line 1's was deleted)
    expect(cell("Ben")).toBe("2");
  });
});

// Builders for the classroom: classes, members, assignments and submissions, written through the
// real HTTP API (so every builder also exercises its route) by the user who may do it.

import type {
  CreateAssignmentBody,
  GradeBody,
  Submission,
  TeacherAssignmentDetail,
  TestCaseInput,
} from "../../src/shared/api/assignments.ts";
import type { ClassSummary } from "../../src/shared/api/classes.ts";
import type { TestApp } from "../setup/test-app.ts";
import type { TestUser } from "./users.ts";

let counter = 0;

async function ok<T>(res: Response, what: string, status = 201): Promise<T> {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function createClass(
  t: TestApp,
  owner: TestUser,
  overrides: { name?: string; description?: string } = {},
): Promise<ClassSummary> {
  counter += 1;
  const body = { name: overrides.name ?? `Class ${counter}`, description: overrides.description ?? "" };
  return ok(await t.request("POST", "/api/classes", { cookie: owner.cookie, body }), "create class");
}

/** The student joins with the class code, as in the Join Class modal. */
export async function addMember(t: TestApp, cls: ClassSummary, student: TestUser): Promise<void> {
  await ok(
    await t.request("POST", "/api/classes/join", { cookie: student.cookie, body: { code: cls.joinCode } }),
    "join class",
  );
}

/** One visible case by default: print("hello") passes it. */
export const HELLO_CASE: TestCaseInput = { description: "Says hello", input: "", expectedOutput: "hello" };

export async function createAssignment(
  t: TestApp,
  owner: TestUser,
  classId: string,
  overrides: Partial<Omit<CreateAssignmentBody, "classId">> = {},
): Promise<TeacherAssignmentDetail> {
  counter += 1;
  const body = { name: `Assignment ${counter}`, testCases: [HELLO_CASE], ...overrides, classId };
  return ok(await t.request("POST", "/api/assignments", { cookie: owner.cookie, body }), "create assignment");
}

/** Submit Code: graded on the server (needs the app's grader). */
export async function submitFinal(
  t: TestApp,
  student: TestUser,
  assignmentId: string,
  code: string,
): Promise<Submission> {
  return ok(
    await t.request("POST", `/api/assignments/${assignmentId}/submissions`, {
      cookie: student.cookie,
      body: { code, final: true },
    }),
    "submit",
  );
}

/** A Run Tests attempt with the browser's counts (no grader involved). */
export async function recordRun(
  t: TestApp,
  student: TestUser,
  assignmentId: string,
  code: string,
  browserResult = { passed: 0, total: 0 },
): Promise<Submission> {
  return ok(
    await t.request("POST", `/api/assignments/${assignmentId}/submissions`, {
      cookie: student.cookie,
      body: { code, final: false, browserResult },
    }),
    "run tests attempt",
  );
}

export async function gradeSubmission(
  t: TestApp,
  teacher: TestUser,
  submissionId: string,
  body: GradeBody,
): Promise<Submission> {
  return ok(
    await t.request("PUT", `/api/submissions/${submissionId}/grade`, { cookie: teacher.cookie, body }),
    "grade",
    200,
  );
}

// A class for tests that drive real server processes (app-process.ts): accounts are written
// straight into the database (sign-up's e-mail round trip would cost a password hash and a
// mailbox poll per person), everything else goes through the HTTP API as a browser would.
import { hashPassword } from "better-auth/crypto";
import type { Db } from "../../src/server/db/client.ts";
import { account, user } from "../../src/server/db/schema.ts";
import type { TeacherAssignmentDetail, TestCaseInput } from "../../src/shared/api/assignments.ts";
import type { ClassSummary } from "../../src/shared/api/classes.ts";
import type { AppProcess } from "./app-process.ts";

export const PASSWORD = "Secret123!";

export type Person = { id: string; email: string; role: "teacher" | "student" };

/** Verified accounts with the password PASSWORD; nobody is signed in yet. */
export async function seedPeople(db: Db, teachers: number, students: number): Promise<Person[]> {
  const hash = await hashPassword(PASSWORD);
  const people: Person[] = [
    ...Array.from({ length: teachers }, (_, i) => ({ role: "teacher" as const, n: i + 1 })),
    ...Array.from({ length: students }, (_, i) => ({ role: "student" as const, n: i + 1 })),
  ].map(({ role, n }) => ({ id: crypto.randomUUID(), email: `${role}${n}@school.example.com`, role }));
  await db.insert(user).values(
    people.map((p) => ({
      id: p.id,
      name: p.email.split("@")[0],
      email: p.email,
      emailVerified: true,
      role: p.role,
    })),
  );
  await db.insert(account).values(
    people.map((p) => ({
      id: crypto.randomUUID(),
      accountId: p.id,
      providerId: "credential",
      userId: p.id,
      password: hash,
    })),
  );
  return people;
}

/** The body of a response with the expected status, or an error that shows what came instead. */
export async function expectJson<T>(res: Response, status: number, what: string): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Signs in through `app`; returns the cookie header a browser would send back. */
export async function signIn(app: AppProcess, email: string, password = PASSWORD): Promise<string> {
  const res = await app.request("POST", "/api/auth/sign-in/email", { body: { email, password } });
  await expectJson(res, 200, `sign-in of ${email}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Runs `task` over `items`, `width` at a time (a class arriving, not one stampede). */
export async function inBatches<T, R>(
  items: T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return out;
}

/** Three cases, one hidden: a submission stored whole has three results. */
export const ECHO_CASES: TestCaseInput[] = [
  { description: "Echoes a word", input: "hello", expectedOutput: "hello" },
  { description: "Echoes a number", input: "42", expectedOutput: "42" },
  { description: "Echoes a secret", input: "zanzibar", expectedOutput: "zanzibar", hidden: true },
];

/** The teacher's class with one assignment (ECHO_CASES), created through `app`. */
export async function createClassWithAssignment(app: AppProcess, teacherCookie: string) {
  const cls = await expectJson<ClassSummary>(
    await app.request("POST", "/api/classes", { cookie: teacherCookie, body: { name: "10Y Computing" } }),
    201,
    "create class",
  );
  const assignment = await expectJson<TeacherAssignmentDetail>(
    await app.request("POST", "/api/assignments", {
      cookie: teacherCookie,
      body: { classId: cls.id, name: "Echo", testCases: ECHO_CASES },
    }),
    201,
    "create assignment",
  );
  return { cls, assignment };
}

export async function joinClass(app: AppProcess, studentCookie: string, joinCode: string) {
  await expectJson(
    await app.request("POST", "/api/classes/join", { cookie: studentCookie, body: { code: joinCode } }),
    201,
    "join class",
  );
}

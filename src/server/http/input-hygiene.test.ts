// Input hygiene on every write: body size limits (413, also for chunked bodies on a real socket)
// and U+0000 refused (400) in every text field of every write route, Better Auth's included.
// After all the abuse the server still answers /api/health.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissions } from "@/server/db/schema.ts";
import type { Submission, TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { addMember, createAssignment, createClass, recordRun } from "../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../tests/factories/users.ts";
import { errorOf } from "../../../tests/setup/error-body.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../tests/setup/test-app.ts";
import { BODY_LIMITS, bodyLimitFor, INPUT_MESSAGES } from "./input-hygiene.ts";

let t: TestApp;
let teacher: TestUser;
let student: TestUser;
let cls: ClassSummary;
let assignment: TeacherAssignmentDetail;
let run: Submission;
let finalId: string;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createTeacher(t);
  student = await createStudent(t);
  cls = await createClass(t, teacher);
  await addMember(t, cls, student);
  assignment = await createAssignment(t, teacher, cls.id);
  run = await recordRun(t, student, assignment.id, "print(1)");
  // A final submission to grade, without a trip to the grader.
  const [final] = await t.db
    .insert(submissions)
    .values({
      assignmentId: assignment.id,
      userId: student.id,
      code: "print(1)",
      isFinal: true,
      verified: true,
    })
    .returning();
  finalId = final.id;
});
afterAll(async () => {
  await t.close();
});

const NUL = "\u0000";
const MB = 1024 * 1024;

describe("body size limits", () => {
  /** A JSON body of about `bytes` bytes: one long string field beside `extra`. */
  const bigBody = (bytes: number, extra: Record<string, unknown> = {}) => ({
    ...extra,
    padding: "x".repeat(bytes),
  });

  it("refuses an assignment write over 12 MB with 413 and the JSON error", async () => {
    const res = await t.request("POST", "/api/assignments", {
      cookie: teacher.cookie,
      body: bigBody(BODY_LIMITS.assignments + 1000, { classId: cls.id, name: "Huge" }),
    });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({ code: "PAYLOAD_TOO_LARGE", message: INPUT_MESSAGES.tooLarge(12) });
    const patch = await t.request("PATCH", `/api/assignments/${assignment.id}`, {
      cookie: teacher.cookie,
      body: bigBody(BODY_LIMITS.assignments + 1000),
    });
    expect(patch.status).toBe(413);
  });

  it("gives only a teacher's session the 12 MB allowance: anyone else gets 1 MB there too", async () => {
    for (const who of [undefined, student]) {
      const res = await t.request("POST", "/api/assignments", {
        cookie: who?.cookie,
        body: bigBody(2 * MB, { classId: cls.id, name: "Not mine to set" }),
      });
      expect(res.status, who ? "student" : "anonymous").toBe(413);
      expect(await errorOf(res)).toEqual({ code: "PAYLOAD_TOO_LARGE", message: INPUT_MESSAGES.tooLarge(1) });
    }
  });

  it.each([
    ["POST", "/api/assignments", "teacher", BODY_LIMITS.assignments],
    ["PATCH", "/api/assignments/abc", "teacher", BODY_LIMITS.assignments],
    ["PUT", "/api/assignments/abc/test-cases", "teacher", BODY_LIMITS.assignments],
    ["POST", "/api/assignments/abc/test-cases/def", "teacher", BODY_LIMITS.assignments],
    ["POST", "/api/assignments/abc/submissions", "teacher", BODY_LIMITS.default],
    ["POST", "/api/assignments", "student", BODY_LIMITS.default],
    ["POST", "/api/assignments", undefined, BODY_LIMITS.default],
    ["POST", "/api/classes", "teacher", BODY_LIMITS.default],
    ["POST", "/api/auth/sign-up/email", undefined, BODY_LIMITS.default],
  ] as const)("%s %s as %s: limit %i bytes", (method, path, role, limit) => {
    expect(bodyLimitFor(method, path, role)).toBe(limit);
  });

  it("accepts the largest valid assignment (50 cases of 100,000-character input and output)", async () => {
    const testCases = Array.from({ length: 50 }, (_, i) => ({
      description: `Case ${i}`,
      input: "i".repeat(100_000),
      expectedOutput: "o".repeat(100_000),
    }));
    const res = await t.request("POST", "/api/assignments", {
      cookie: teacher.cookie,
      body: { classId: cls.id, name: "Largest", description: "d".repeat(20_000), testCases },
    });
    expect(res.status).toBe(201);
  });

  it("refuses more than 1 MB on every other route, Better Auth's included", async () => {
    const cases: [string, string, TestUser | undefined, Record<string, unknown>][] = [
      ["POST", "/api/classes", teacher, { name: "Big" }],
      ["POST", `/api/assignments/${assignment.id}/submissions`, student, { final: false }],
      ["PUT", `/api/submissions/${run.id}/grade`, teacher, { grade: 1 }],
      ["PATCH", "/api/me", student, {}],
      ["POST", "/api/auth/sign-up/email", undefined, { email: "big@example.com", password: "Secret123!" }],
      ["POST", "/api/auth/sign-in/email", undefined, { email: "big@example.com", password: "Secret123!" }],
    ];
    for (const [method, path, who, extra] of cases) {
      const res = await t.request(method, path, {
        cookie: who?.cookie,
        body: bigBody(BODY_LIMITS.default + 10, extra),
      });
      expect(res.status, `${method} ${path}`).toBe(413);
      expect(await errorOf(res)).toEqual({ code: "PAYLOAD_TOO_LARGE", message: INPUT_MESSAGES.tooLarge(1) });
    }
  });

  it("answers 16 oversized bodies at once with 413, and /api/health meanwhile", async () => {
    const body = JSON.stringify(bigBody(4 * MB));
    const flood = Array.from({ length: 16 }, (_, i) =>
      t.app.request(`http://localhost:3000/api/${i % 2 ? "classes" : "auth/sign-up/email"}`, {
        method: "POST",
        headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", Cookie: teacher.cookie },
        body,
      }),
    );
    const health = t.request("GET", "/api/health");
    expect((await Promise.all(flood)).map((r) => r.status)).toEqual(Array(16).fill(413));
    expect((await health).status).toBe(200);
  });

  it("lets Better Auth read a body that passed the check intact", async () => {
    const res = await t.request("POST", "/api/auth/sign-up/email", {
      body: { name: "Intact Body", email: "intact@example.com", password: "Secret123!" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()) as { user: { name: string } }).toMatchObject({ user: { name: "Intact Body" } });
  });

  describe("on a real socket", () => {
    let server: ReturnType<typeof serve>;
    let port: number;
    beforeAll(async () => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
      await new Promise<void>((resolve) => server.once("listening", () => resolve()));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    /**
     * Sends `chunks` (1 MB each) chunked, without Content-Length, or with `contentLength` declared;
     * resolves with the status and body as soon as the server answers (it may answer early).
     */
    function send(
      path: string,
      opts: { chunks: number; contentLength?: number; cookie?: string; json?: string },
    ): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        const headers: Record<string, string | number> = {
          "Content-Type": "application/json",
          Origin: TEST_ORIGIN,
        };
        if (opts.cookie) headers.Cookie = opts.cookie;
        if (opts.contentLength !== undefined) headers["Content-Length"] = opts.contentLength;
        // A fresh connection each time: the server may close one after refusing a body.
        const req = http.request(
          { host: "127.0.0.1", port, path, method: "POST", headers, agent: false },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (d) => {
              body += d;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        // The server may close the connection after refusing: that is not a failure of the test.
        req.on("error", (e) =>
          e.message.includes("EPIPE") || e.message.includes("ECONNRESET") ? undefined : reject(e),
        );
        if (opts.json !== undefined) {
          req.end(opts.json);
          return;
        }
        const chunk = Buffer.alloc(MB, "x");
        let sent = 0;
        const pump = () => {
          while (sent < opts.chunks) {
            sent += 1;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          req.end();
        };
        pump();
      });
    }

    it("refuses a chunked body without Content-Length once it passes the limit", async () => {
      const res = await send("/api/classes", { chunks: 20, cookie: teacher.cookie });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error.code).toBe("PAYLOAD_TOO_LARGE");
      const auth = await send("/api/auth/sign-up/email", { chunks: 20 });
      expect(auth.status).toBe(413);
    });

    it("refuses a declared Content-Length over the limit before reading it", async () => {
      const res = await send("/api/auth/sign-in/email", { chunks: 3, contentLength: 3 * MB });
      expect(res.status).toBe(413);
    });

    it("passes a small chunked sign-up to Better Auth intact", async () => {
      const json = JSON.stringify({ name: "Chunked", email: "chunked@example.com", password: "Secret123!" });
      const res = await send("/api/auth/sign-up/email", { chunks: 0, json });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).user.name).toBe("Chunked");
    });

    it("still answers /api/health after the oversized bodies", async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
    });
  });
});

describe("U+0000 in a text field", () => {
  type Case = {
    name: string;
    method: string;
    path: () => string;
    who: () => TestUser | undefined;
    body: (s: string) => unknown;
  };
  const tc = (over: Record<string, string>) => [
    { description: "d", input: "i", expectedOutput: "o", ...over },
  ];
  const CASES: Case[] = [
    {
      name: "create class: name",
      method: "POST",
      path: () => "/api/classes",
      who: () => teacher,
      body: (s) => ({ name: `A${s}B` }),
    },
    {
      name: "create class: description",
      method: "POST",
      path: () => "/api/classes",
      who: () => teacher,
      body: (s) => ({ name: "Ok", description: `x${s}` }),
    },
    {
      name: "join class: code",
      method: "POST",
      path: () => "/api/classes/join",
      who: () => student,
      body: (s) => ({ code: `${cls.joinCode}${s}` }),
    },
    {
      name: "create assignment: name",
      method: "POST",
      path: () => "/api/assignments",
      who: () => teacher,
      body: (s) => ({ classId: cls.id, name: `N${s}`, testCases: tc({}) }),
    },
    {
      name: "create assignment: description",
      method: "POST",
      path: () => "/api/assignments",
      who: () => teacher,
      body: (s) => ({ classId: cls.id, name: "N", description: s, testCases: tc({}) }),
    },
    {
      name: "create assignment: starter code",
      method: "POST",
      path: () => "/api/assignments",
      who: () => teacher,
      body: (s) => ({ classId: cls.id, name: "N", starterCode: s, testCases: tc({}) }),
    },
    {
      name: "create assignment: test input",
      method: "POST",
      path: () => "/api/assignments",
      who: () => teacher,
      body: (s) => ({ classId: cls.id, name: "N", testCases: tc({ input: s }) }),
    },
    {
      name: "create assignment: expected output",
      method: "POST",
      path: () => "/api/assignments",
      who: () => teacher,
      body: (s) => ({ classId: cls.id, name: "N", testCases: tc({ expectedOutput: s }) }),
    },
    {
      name: "create assignment: test description",
      method: "POST",
      path: () => "/api/assignments",
      who: () => teacher,
      body: (s) => ({ classId: cls.id, name: "N", testCases: tc({ description: s }) }),
    },
    {
      name: "edit assignment: description",
      method: "PATCH",
      path: () => `/api/assignments/${assignment.id}`,
      who: () => teacher,
      body: (s) => ({ description: s }),
    },
    {
      name: "edit assignment: test input",
      method: "PATCH",
      path: () => `/api/assignments/${assignment.id}`,
      who: () => teacher,
      body: (s) => ({ testCases: tc({ input: s }) }),
    },
    {
      name: "Run Tests attempt: code",
      method: "POST",
      path: () => `/api/assignments/${assignment.id}/submissions`,
      who: () => student,
      body: (s) => ({ code: `print(1)${s}`, final: false }),
    },
    {
      name: "Submit Code: code",
      method: "POST",
      path: () => `/api/assignments/${assignment.id}/submissions`,
      who: () => student,
      body: (s) => ({ code: `print(1)${s}`, final: true }),
    },
    {
      name: "grade: notes",
      method: "PUT",
      path: () => `/api/submissions/${finalId}/grade`,
      who: () => teacher,
      body: (s) => ({ grade: 10, notes: `n${s}` }),
    },
    {
      name: "my name",
      method: "PATCH",
      path: () => "/api/me",
      who: () => student,
      body: (s) => ({ name: `Ada${s}` }),
    },
    {
      name: "my role",
      method: "POST",
      path: () => "/api/me/role",
      who: () => student,
      body: (s) => ({ role: `student${s}` }),
    },
    {
      name: "sign-up: name",
      method: "POST",
      path: () => "/api/auth/sign-up/email",
      who: () => undefined,
      body: (s) => ({ name: `Ada${s}`, email: "nul-name@example.com", password: "Secret123!" }),
    },
    {
      name: "sign-up: password",
      method: "POST",
      path: () => "/api/auth/sign-up/email",
      who: () => undefined,
      body: (s) => ({ name: "Ada", email: "nul-pw@example.com", password: `Secret123!${s}` }),
    },
    {
      name: "sign-in: email",
      method: "POST",
      path: () => "/api/auth/sign-in/email",
      who: () => undefined,
      body: (s) => ({ email: `${student.email}${s}`, password: "Secret123!" }),
    },
    {
      name: "update-user: name",
      method: "POST",
      path: () => "/api/auth/update-user",
      who: () => student,
      body: (s) => ({ name: `Ada${s}` }),
    },
    {
      name: "change-password",
      method: "POST",
      path: () => "/api/auth/change-password",
      who: () => student,
      body: (s) => ({ currentPassword: "Secret123!", newPassword: `Secret123!${s}` }),
    },
    {
      name: "change-email",
      method: "POST",
      path: () => "/api/auth/change-email",
      who: () => student,
      body: (s) => ({ newEmail: `new${s}@example.com` }),
    },
    {
      name: "request-password-reset",
      method: "POST",
      path: () => "/api/auth/request-password-reset",
      who: () => undefined,
      body: (s) => ({ email: `${student.email}${s}`, redirectTo: "/" }),
    },
    {
      name: "a key, deep inside",
      method: "POST",
      path: () => "/api/classes",
      who: () => teacher,
      body: (s) => ({ name: "Ok", extra: [{ [`k${s}`]: 1 }] }),
    },
  ];

  it.each(CASES.map((c) => [c.name, c] as const))("%s → 400", async (_name, c) => {
    const res = await t.request(c.method, c.path(), { cookie: c.who()?.cookie, body: c.body(NUL) });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: "INVALID_CHARACTER", message: INPUT_MESSAGES.nul });
  });

  it("in form-encoded bodies too", async () => {
    const res = await t.app.request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: `email=${encodeURIComponent(student.email)}%00&password=x`,
    });
    expect(res.status).toBe(400);
  });

  it("in the address: a path or query with %00", async () => {
    for (const path of [
      `/api/submissions/%00`,
      `/api/assignments/${assignment.id}/submissions?studentId=%00`,
    ]) {
      const res = await t.request("GET", path, { cookie: teacher.cookie });
      expect(res.status, path).toBe(400);
    }
  });

  it("an escaped backslash followed by u0000 is ordinary text, not NUL", async () => {
    const res = await t.request("POST", "/api/classes", {
      cookie: teacher.cookie,
      body: { name: "A\\u0000B" },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as ClassSummary).name).toBe("A\\u0000B");
  });

  it("the server still answers /api/health", async () => {
    expect((await t.request("GET", "/api/health")).status).toBe(200);
  });
});

// Every /api route the app registers must be covered by a rule here: anonymous callers get 401,
// signed-in users of a wrong role get 403, the right roles get through the guard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "@/shared/domain/roles.ts";
import { createUser, type TestUser } from "../../tests/factories/users.ts";
import { errorOf } from "../../tests/setup/error-body.ts";
import { createTestApp, type TestApp } from "../../tests/setup/test-app.ts";

// Confirming an account deletion: the e-mailed token is the proof, from any browser (account.test.ts).
const PUBLIC = [
  /^\/api\/health$/,
  /^\/api\/auth\//,
  /^\/api\/dev\/mailbox/,
  /^\/api\/account\/deletion\/confirm$/,
  // The retention periods in force, for the public "How long we keep data" page (decision 062).
  /^\/api\/retention$/,
  // What the school pack says about this server: the SMTP host (never its credentials), the database kind.
  /^\/api\/schools\/facts$/,
];
const ID = "[^/]+";
/** The first rule that matches wins: a string is a path prefix, a RegExp the whole path; `method` narrows. */
const RULES: { prefix: string | RegExp; method?: string; roles: readonly Role[] }[] = [
  // The student's own live stream (an answer or a comment for them): students only.
  { prefix: "/api/me/live/stream", roles: ["student"] },
  // A teacher's choice to show their e-mail address to their students (decision 061).
  { prefix: "/api/me/privacy", roles: ["teacher"] },
  // Everyone's own data rights too: exports, account deletion, sign out everywhere (decisions 059, 060).
  { prefix: "/api/me", roles: ROLES },
  { prefix: "/api/admin/", roles: ["admin"] },
  // Classroom (finer checks — owner teacher, member student — are in features/classroom-access.test.ts).
  { prefix: "/api/classes/join", roles: ["student"] },
  { prefix: new RegExp(`^/api/classes/${ID}/membership$`), roles: ["student"] },
  { prefix: new RegExp(`^/api/classes/${ID}/export\\.csv$`), roles: ["teacher"] },
  // Deleting a class, removing a member, and what either would cost: the owner teacher only.
  {
    prefix: new RegExp(`^/api/classes/${ID}(/deletion|/members/${ID})?$`),
    method: "DELETE",
    roles: ["teacher"],
  },
  { prefix: new RegExp(`^/api/classes/${ID}/deletion$`), roles: ["teacher"] },
  { prefix: new RegExp(`^/api/assignments/${ID}/deletion$`), roles: ["teacher"] },
  { prefix: new RegExp(`^/api/assignments/${ID}$`), method: "DELETE", roles: ["teacher"] },
  // The live lesson (summary, one student's code, the stream): the class's teacher only, never a
  // student or an admin (owner checks and the stream's end at sign-out in features/live/live.test.ts).
  { prefix: new RegExp(`^/api/classes/${ID}/live(/stream|/students/${ID})?$`), roles: ["teacher"] },
  // Help requests: a student raises, withdraws and reads their own; the class's teacher reads the
  // queue, answers and resolves (owner and member checks in features/help/help.test.ts).
  { prefix: new RegExp(`^/api/classes/${ID}/help$`), roles: ["teacher"] },
  { prefix: new RegExp(`^/api/assignments/${ID}/help(/mine)?$`), roles: ["student"] },
  { prefix: new RegExp(`^/api/help/${ID}/(answer|resolve)$`), roles: ["teacher"] },
  // Line comments: the class's teacher writes, the author edits and deletes; the teacher and the
  // student whose code it is read (features/comments/comments.test.ts).
  { prefix: new RegExp(`^/api/submissions/${ID}/comments$`), method: "POST", roles: ["teacher"] },
  { prefix: new RegExp(`^/api/(submissions|assignments)/${ID}/comments$`), roles: ["teacher", "student"] },
  { prefix: new RegExp(`^/api/comments/${ID}$`), roles: ["teacher"] },
  // Class transfers: teachers only (owner, recipient and sender checks in features/classroom-access.test.ts).
  { prefix: new RegExp(`^/api/classes/${ID}/transfer$`), roles: ["teacher"] },
  { prefix: "/api/transfers", roles: ["teacher"] },
  { prefix: "/api/classes", method: "POST", roles: ["teacher"] },
  { prefix: "/api/classes", roles: ["teacher", "student"] },
  { prefix: new RegExp(`^/api/assignments/${ID}/submissions$`), method: "POST", roles: ["student"] },
  { prefix: new RegExp(`^/api/assignments/${ID}/(progress|export\\.csv)$`), roles: ["teacher"] },
  // The similarity report and its side-by-side view: the class's teacher only (owner checks in
  // features/similarity/similarity.test.ts).
  { prefix: new RegExp(`^/api/assignments/${ID}/similarity(/pairs/${ID}/${ID})?$`), roles: ["teacher"] },
  // The activity record: a student sends their own; only the class's teacher reads a history or
  // the paste evidence, never a student (not even their own) nor an admin (features/activity).
  { prefix: "/api/activity", method: "POST", roles: ["student"] },
  { prefix: new RegExp(`^/api/assignments/${ID}/students/${ID}/activity$`), roles: ["teacher"] },
  { prefix: new RegExp(`^/api/assignments/${ID}/activity/evidence$`), roles: ["teacher"] },
  { prefix: new RegExp(`^/api/assignments/${ID}/activity/latest-code$`), roles: ["student"] },
  { prefix: "/api/assignments", method: "POST", roles: ["teacher"] },
  { prefix: "/api/assignments", method: "PATCH", roles: ["teacher"] },
  { prefix: "/api/assignments", roles: ["teacher", "student"] },
  { prefix: new RegExp(`^/api/submissions/${ID}/grade$`), roles: ["teacher"] },
  { prefix: "/api/submissions/", roles: ["teacher", "student"] },
  { prefix: "/api/teacher/", roles: ["teacher"] },
  // Insights: the teacher's own classes only (owner checks in features/classroom-access.test.ts).
  { prefix: "/api/insights", roles: ["teacher"] },
  // Exercise library: everyone with a role browses; the solution is for teachers and admins;
  // Save and a save's results are a student's (finer checks in features/exercises/exercises.test.ts).
  { prefix: new RegExp(`^/api/exercises/${ID}/solution$`), roles: ["teacher", "admin"] },
  { prefix: new RegExp(`^/api/exercises/${ID}/attempts(/${ID})?$`), roles: ["student"] },
  // A student's own activity record of an exercise: history and latest code (decision 072).
  { prefix: new RegExp(`^/api/exercises/${ID}/activity(/latest-code)?$`), roles: ["student"] },
  { prefix: "/api/exercises", roles: ["student", "teacher", "admin"] },
  // Imports and exports (decision 065): the library's are the admin's, assignments' the teacher's
  // (owner checks in features/classroom-access.test.ts and features/interchange).
  { prefix: "/api/interchange/coderunner/exercises", roles: ["admin"] },
  { prefix: new RegExp(`^/api/interchange/exercises/${ID}/coderunner\\.xml$`), roles: ["admin"] },
  { prefix: "/api/interchange/", roles: ["teacher"] },
];

let t: TestApp;
const users = {} as Record<Role, TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) users[role] = await createUser(t, { role });
});
afterAll(() => t.close());

function apiRoutes() {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !PUBLIC.some((p) => p.test(r.path)))
    .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z]+/g, crypto.randomUUID()) }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const ruleFor = (method: string, path: string) =>
  RULES.find(
    (r) =>
      (!r.method || r.method === method) &&
      (typeof r.prefix === "string" ? path === r.prefix || path.startsWith(r.prefix) : r.prefix.test(path)),
  );

describe("route guards", () => {
  it("has a rule for every non-public route", () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(2);
    expect(routes.filter((r) => !ruleFor(r.method, r.path)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("answers 401 to anonymous callers on every non-public route", async () => {
    for (const r of apiRoutes()) {
      const res = await t.request(r.method, r.path, { body: r.method === "GET" ? undefined : {} });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect((await res.json()).error.code).toBe("UNAUTHORIZED");
    }
  });

  it("answers 403 to a wrong role and lets the right roles past the guard", async () => {
    for (const r of apiRoutes()) {
      const allowed = ruleFor(r.method, r.path)!.roles;
      for (const role of ROLES) {
        const res = await t.request(r.method, r.path, {
          cookie: users[role].cookie,
          body: r.method === "GET" ? undefined : {},
        });
        if (allowed.includes(role))
          expect([401, 403], `${role} ${r.method} ${r.path}`).not.toContain(res.status);
        else expect(res.status, `${role} ${r.method} ${r.path}`).toBe(403);
      }
    }
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await t.request("GET", "/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "NOT_FOUND", message: "Not found." });
  });

  it("counts real rows in the admin overview", async () => {
    const res = await t.request("GET", "/api/admin/overview", { cookie: users.admin.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.users).toEqual({ pending: 1, student: 1, teacher: 1, admin: 1 });
    expect(body.classes).toBe(0);
  });
});

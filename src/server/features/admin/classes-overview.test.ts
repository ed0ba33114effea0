// GET /api/admin/classes-overview: admins see every class with its owner and members' profiles;
// nobody else gets past the guard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClassesOverview } from "@/shared/api/admin.ts";
import { addMember, createClass } from "../../../../tests/factories/classroom.ts";
import {
  createAdmin,
  createPending,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let student: TestUser;
let pending: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  teacher = await createTeacher(t, { name: "Ms Owner" });
  student = await createStudent(t, { name: "Ada Member" });
  pending = await createPending(t);
});
afterAll(() => t.close());

const PATH = "/api/admin/classes-overview";

describe("classes overview", () => {
  it("lists every class with its owner and its members' profiles", async () => {
    const empty = await createClass(t, teacher, { name: "Empty class" });
    const full = await createClass(t, teacher, { name: "Year 10", description: "Tuesdays" });
    await addMember(t, full, student);

    const res = await t.request("GET", PATH, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ClassesOverview;
    const byId = new Map(body.classes.map((c) => [c.id, c]));
    expect(byId.get(empty.id)).toMatchObject({ name: "Empty class", members: [] });
    expect(byId.get(full.id)).toMatchObject({
      name: "Year 10",
      description: "Tuesdays",
      joinCode: full.joinCode,
      owner: { id: teacher.id, name: "Ms Owner", email: teacher.email, role: "teacher" },
      members: [{ id: student.id, name: "Ada Member", email: student.email, role: "student" }],
    });
  });

  it("refuses students, teachers and pending users (403) and anonymous callers (401)", async () => {
    for (const u of [student, teacher, pending]) {
      const res = await t.request("GET", PATH, { cookie: u.cookie });
      expect(res.status, u.role).toBe(403);
      expect((await res.json()).error.code).toBe("FORBIDDEN");
    }
    const anonymous = await t.request("GET", PATH);
    expect(anonymous.status).toBe(401);
  });
});

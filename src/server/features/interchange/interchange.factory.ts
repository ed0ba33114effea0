// The school both interchange test files start from (interchange.test.ts and its attacks): the
// real app on a fresh database, two teachers with a class each, a student in both classes and an
// admin, with the routes' POST and a table's row count (the imports save all or nothing).
import { count } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { assignments, exercises, testCases } from "@/server/db/schema.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { addMember, createClass } from "../../../../tests/factories/classroom.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

export type InterchangeSchool = {
  t: TestApp;
  teacher: TestUser;
  otherTeacher: TestUser;
  student: TestUser;
  admin: TestUser;
  /** The teacher's class, "10X Computing". */
  cls: ClassSummary;
  otherCls: ClassSummary;
  post: (path: string, who: TestUser, body: unknown) => Promise<Response>;
  rowsIn: (table: typeof assignments | typeof testCases | typeof exercises) => Promise<number>;
};

/**
 * Made before the calling file's tests and closed after them (hooks the file registers after this
 * run after it): read its fields inside tests and hooks, not when the file loads.
 */
export function setUpInterchangeSchool(): InterchangeSchool {
  const school = {} as InterchangeSchool;
  beforeAll(async () => {
    const t = await createTestApp();
    const [teacher, otherTeacher, student, admin] = [
      await createTeacher(t),
      await createTeacher(t),
      await createStudent(t),
      await createAdmin(t),
    ];
    const cls = await createClass(t, teacher, { name: "10X Computing" });
    const otherCls = await createClass(t, otherTeacher);
    await addMember(t, cls, student);
    await addMember(t, otherCls, student);
    Object.assign(school, {
      t,
      teacher,
      otherTeacher,
      student,
      admin,
      cls,
      otherCls,
      post: (path, who, body) => t.request("POST", `/api/interchange${path}`, { cookie: who.cookie, body }),
      rowsIn: async (table) => (await t.db.select({ n: count() }).from(table))[0].n,
    } satisfies InterchangeSchool);
  });
  afterAll(() => school.t.close());
  return school;
}

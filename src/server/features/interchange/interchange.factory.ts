// The school both interchange test files start from (interchange.test.ts and its attacks): the
// real app on a fresh database, two teachers with a class each, a student in both classes and an
// admin; with the routes' POST, a table's row count, and a file's refusal (nothing saved).
import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { assignments, type exercises, type testCases } from "@/server/db/schema.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { addMember, createClass } from "../../../../tests/factories/classroom.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
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
  /** Preview and save of a CodeRunner file both refuse with the same 4xx, and nothing is written. */
  refused: (file: string) => Promise<{ status: number; code: string; message: string }>;
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
    const post: InterchangeSchool["post"] = (path, who, body) =>
      t.request("POST", `/api/interchange${path}`, { cookie: who.cookie, body });
    const rowsIn: InterchangeSchool["rowsIn"] = async (table) =>
      (await t.db.select({ n: count() }).from(table))[0].n;
    Object.assign(school, {
      t,
      teacher,
      otherTeacher,
      student,
      admin,
      cls,
      otherCls,
      post,
      rowsIn,
      async refused(file) {
        const before = await rowsIn(assignments);
        const preview = await post("/coderunner/assignments/preview", teacher, { file });
        const save = await post("/coderunner/assignments", teacher, {
          file,
          classId: cls.id,
          questions: [1],
        });
        expect(await rowsIn(assignments)).toBe(before);
        expect(save.status).toBe(preview.status);
        return { status: preview.status, ...(await errorOf(preview)) };
      },
    } satisfies InterchangeSchool);
  });
  afterAll(() => school.t.close());
  return school;
}

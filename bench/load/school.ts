// The school `npm run load` plays: teachers with one class each, students spread over the classes,
// and per class a few assignments made from the GCSE fixture programs (their model answer is what
// a student submits). Written straight into the database before the clock starts, so the run
// measures the students' and teachers' traffic, not the seeding.
import { readFileSync } from "node:fs";
import { hashPassword } from "better-auth/crypto";
import type { Db } from "../../src/server/db/client.ts";
import { account, assignments, classes, classMembers, testCases, user } from "../../src/server/db/schema.ts";

export type SchoolSize = { students: number; teachers: number; assignmentsPerClass: number };
export type Person = { id: string; email: string };
export type SeededAssignment = { id: string; code: string; cases: number };
export type SeededClass = { teacher: Person; students: Person[]; assignments: SeededAssignment[] };
export type School = { password: string; classes: SeededClass[] };

type FixtureJob = { name: string; code: string; tests: { input: string; expected_output: string }[] };
const fixtures = JSON.parse(
  readFileSync(new URL("../fixtures/gcse-jobs.json", import.meta.url), "utf8"),
) as FixtureJob[];

const DAY = 24 * 3600_000;

/** The school (500 students, 20 teachers) times `scale`; at least one of each. */
export function schoolSize(scale: number): SchoolSize {
  return {
    students: Math.max(1, Math.round(500 * scale)),
    teachers: Math.max(1, Math.round(20 * scale)),
    assignmentsPerClass: 3,
  };
}

/** Inserts in slices: PostgreSQL takes at most 65,535 parameters per statement. */
async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

export async function seedSchool(db: Db, size: SchoolSize): Promise<School> {
  const run = crypto.randomUUID().slice(0, 8); // several runs can share one database
  const password = `Load-${run}-pw!`;
  // Better Auth's own hasher (scrypt), once: every account verifies the same stored hash, which
  // costs a sign-in exactly what a per-user salt would.
  const hash = await hashPassword(password);
  const person = (kind: string, i: number): Person => ({
    id: crypto.randomUUID(),
    email: `load-${kind}${i}-${run}@load.test`,
  });
  const teachers = Array.from({ length: size.teachers }, (_, i) => person("teacher", i));
  const students = Array.from({ length: size.students }, (_, i) => person("student", i));
  const people = [
    ...teachers.map((p, i) => ({ ...p, name: `Load Teacher ${i + 1}`, role: "teacher" })),
    ...students.map((p, i) => ({ ...p, name: `Load Student ${i + 1}`, role: "student" })),
  ];
  await insertAll(people, (slice) =>
    db.insert(user).values(slice.map((p) => ({ ...p, emailVerified: true }))),
  );
  await insertAll(people, (slice) =>
    db.insert(account).values(
      slice.map((p) => ({
        id: crypto.randomUUID(),
        accountId: p.id,
        providerId: "credential",
        userId: p.id,
        password: hash,
      })),
    ),
  );

  const school: School = { password, classes: [] };
  for (const [t, teacher] of teachers.entries()) {
    const members = students.filter((_, s) => s % teachers.length === t);
    const [cls] = await db
      .insert(classes)
      .values({
        name: `Load ${t + 1}`,
        joinCode: `L${run.slice(0, 5)}${t}`.toUpperCase(),
        ownerId: teacher.id,
      })
      .returning({ id: classes.id });
    await insertAll(members, (slice) =>
      db.insert(classMembers).values(slice.map((m) => ({ classId: cls.id, userId: m.id }))),
    );
    const seeded: SeededAssignment[] = [];
    for (let a = 0; a < size.assignmentsPerClass; a++) {
      const job = fixtures[(t * size.assignmentsPerClass + a) % fixtures.length];
      const [row] = await db
        .insert(assignments)
        .values({
          classId: cls.id,
          name: `${job.name} (${t + 1}.${a + 1})`,
          description: "Write the program the tests describe.",
          dueDate: new Date(Date.now() + 7 * DAY),
        })
        .returning({ id: assignments.id });
      await db.insert(testCases).values(
        job.tests.map((c, position) => ({
          assignmentId: row.id,
          position,
          input: c.input,
          expectedOutput: c.expected_output,
        })),
      );
      seeded.push({ id: row.id, code: job.code, cases: job.tests.length });
    }
    school.classes.push({ teacher, students: members, assignments: seeded });
  }
  return school;
}

// The demo school seeded into a fresh embedded database (never in production): one teacher,
// three students, one admin, one class, two assignments with test cases, and a few submissions
// graded by the real server grader (so the teacher's views show real results from the start).
import { eq } from "drizzle-orm";
import type { Auth } from "../../auth/auth.ts";
import { toSessionUser } from "../../auth/guards.ts";
import { createSubmission, gradeSubmission } from "../../features/submissions/index.ts";
import type { GraderPool } from "../../python/index.ts";
import type { Db } from "../client.ts";
import { account, assignments, classes, classMembers, testCases, user } from "../schema.ts";

export const DEMO_JOIN_CODE = "PYCLASS2";
export const DEMO_LOGINS = [
  { role: "teacher", name: "Ms Ada Lovelace", email: "teacher@pyclass.test", password: "Teacher123!" },
  { role: "student", name: "Amara Okafor", email: "amara@pyclass.test", password: "Student123!" },
  { role: "student", name: "Ben Carter", email: "ben@pyclass.test", password: "Student123!" },
  { role: "student", name: "Chloe Singh", email: "chloe@pyclass.test", password: "Student123!" },
  { role: "admin", name: "Sam Admin", email: "admin@pyclass.test", password: "Admin123!" },
] as const;

export async function hasDemoData(db: Db): Promise<boolean> {
  const row = await db.query.user.findFirst({
    where: eq(user.email, DEMO_LOGINS[0].email),
    columns: { id: true },
  });
  return Boolean(row);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.query.user.findFirst({ columns: { id: true } });
  return !row;
}

export async function seedDemo(db: Db, auth: Auth, grader: GraderPool): Promise<void> {
  const ctx = await auth.$context;
  const ids: Record<string, string> = {};
  for (const login of DEMO_LOGINS) {
    const id = crypto.randomUUID();
    ids[login.email] = id;
    await db
      .insert(user)
      .values({ id, name: login.name, email: login.email, emailVerified: true, role: login.role });
    await db.insert(account).values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: await ctx.password.hash(login.password),
    });
  }
  const teacherId = ids["teacher@pyclass.test"];
  const [klass] = await db
    .insert(classes)
    .values({
      name: "Year 10 Computer Science",
      description: "GCSE Python, Set 1",
      joinCode: DEMO_JOIN_CODE,
      ownerId: teacherId,
    })
    .returning();
  for (const login of DEMO_LOGINS.filter((l) => l.role === "student")) {
    await db.insert(classMembers).values({ classId: klass.id, userId: ids[login.email] });
  }

  const inTwoWeeks = new Date(Date.now() + 14 * 24 * 3600 * 1000);
  const [greeting] = await db
    .insert(assignments)
    .values({
      classId: klass.id,
      name: "Greeting Program",
      description:
        'Ask the user for their name with input("What is your name? ") and then print Hello, followed by the name and an exclamation mark.',
      dueDate: inTwoWeeks,
      starterCode: "# Ask for a name, then greet the user\\n",
    })
    .returning();
  await db.insert(testCases).values([
    {
      assignmentId: greeting.id,
      position: 0,
      description: "Greets Alex",
      input: "Alex",
      expectedOutput: "What is your name? Alex\nHello, Alex!",
    },
    {
      assignmentId: greeting.id,
      position: 1,
      description: "Greets Sam",
      input: "Sam",
      expectedOutput: "Hello, Sam!",
    },
  ]);

  const [evens] = await db
    .insert(assignments)
    .values({
      classId: klass.id,
      name: "Even or Odd",
      description: "Read a whole number with input() and print Even if it is even, otherwise Odd.",
      starterCode: "number = int(input())\\n# Your code here\\n",
    })
    .returning();
  await db.insert(testCases).values([
    {
      assignmentId: evens.id,
      position: 0,
      description: "An even number",
      input: "4",
      expectedOutput: "Even",
    },
    { assignmentId: evens.id, position: 1, description: "An odd number", input: "7", expectedOutput: "Odd" },
    {
      assignmentId: evens.id,
      position: 2,
      description: "Zero is even",
      input: "0",
      expectedOutput: "Even",
      hidden: true,
    },
  ]);

  // Some work handed in, graded by the server exactly as a student's Submit Code would be.
  const as = async (email: string) => {
    const row = await db.query.user.findFirst({ where: eq(user.email, email) });
    return toSessionUser(row!);
  };
  const [amara, ben, chloe, teacher] = await Promise.all(
    ["amara", "ben", "chloe", "teacher"].map((n) => as(`${n}@pyclass.test`)),
  );
  const graded = await createSubmission(db, grader, amara, greeting.id, {
    code: 'name = input("What is your name? ")\nprint(f"Hello, {name}!")\n',
    final: true,
  });
  await gradeSubmission(db, teacher, graded.id, {
    grade: 92,
    notes: "Clear and correct. Next time add a comment saying what the program does.",
  });
  await createSubmission(db, grader, ben, greeting.id, {
    code: 'name = input("What is your name? ")\nprint("Hello " + name)\n',
    final: false,
    browserResult: { passed: 0, total: 2 },
  });
  await createSubmission(db, grader, ben, greeting.id, {
    code: 'name = input("What is your name? ")\nprint("Hello, " + name + "!")\n',
    final: true,
  });
  // Passes the visible cases but not the hidden "zero" one: the assignment's Challenging Areas.
  await createSubmission(db, grader, chloe, evens.id, {
    code: 'number = int(input())\nif number > 0 and number % 2 == 0:\n    print("Even")\nelse:\n    print("Odd")\n',
    final: true,
  });
}

export function printDemoLogins(log: (line: string) => void = console.log) {
  log("Demo logins (embedded database, development only):");
  for (const l of DEMO_LOGINS) log(`  ${l.role.padEnd(8)} ${l.email.padEnd(24)} ${l.password}`);
  log(`  class join code: ${DEMO_JOIN_CODE}`);
}

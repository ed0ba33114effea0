// The demo school seeded into a fresh embedded database (never in production): one teacher,
// three students, one admin, one class, two assignments with test cases, and a few submissions
// graded by the real server grader (so the teacher's views show real results from the start).
// The demo passwords are random, made when the school is seeded, kept (0600) in
// <DATA_DIR>/demo-logins.json so every start can print them, and usable only from this computer.
import { randomInt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Auth } from "@/server/auth/auth.ts";
import { DEMO_ACCOUNTS, type DemoLogin } from "@/server/auth/demo-accounts.ts";
import { toSessionUser } from "@/server/auth/guards.ts";
import type { Db } from "@/server/db/client.ts";
import { account, assignments, classes, classMembers, testCases, user } from "@/server/db/schema.ts";
import { createSubmission, gradeSubmission } from "@/server/features/submissions/index.ts";
import type { GraderPool } from "@/server/python/index.ts";

export { DEMO_ACCOUNTS, type DemoLogin } from "@/server/auth/demo-accounts.ts";

export const DEMO_JOIN_CODE = "PYCLASS2";

// No look-alikes (0/O, 1/l/I), so a password read off a terminal types right the first time.
const PASSWORD_SYMBOLS = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 3 groups of 4 symbols (about 70 bits), e.g. `k7Pm-4Qz9-rTbx`. */
export function generateDemoPassword(): string {
  const group = () =>
    Array.from({ length: 4 }, () => PASSWORD_SYMBOLS[randomInt(PASSWORD_SYMBOLS.length)]).join("");
  return [group(), group(), group()].join("-");
}

export async function hasDemoData(db: Db): Promise<boolean> {
  const row = await db.query.user.findFirst({
    where: eq(user.email, DEMO_ACCOUNTS[0].email),
    columns: { id: true },
  });
  return Boolean(row);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.query.user.findFirst({ columns: { id: true } });
  return !row;
}

/** Seeds the demo school and returns its logins with their freshly generated passwords. */
export async function seedDemo(db: Db, auth: Auth, grader: GraderPool): Promise<DemoLogin[]> {
  const ctx = await auth.$context;
  const ids: Record<string, string> = {};
  const logins: DemoLogin[] = DEMO_ACCOUNTS.map((a) => ({ ...a, password: generateDemoPassword() }));
  for (const login of logins) {
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
  for (const login of DEMO_ACCOUNTS.filter((l) => l.role === "student")) {
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
  return logins;
}

/** Gives every demo account a new random password (a data directory from before they were random). */
export async function resetDemoPasswords(db: Db, auth: Auth): Promise<DemoLogin[]> {
  const ctx = await auth.$context;
  const logins: DemoLogin[] = [];
  for (const a of DEMO_ACCOUNTS) {
    const row = await db.query.user.findFirst({ where: eq(user.email, a.email), columns: { id: true } });
    if (!row) continue;
    const login = { ...a, password: generateDemoPassword() };
    await db
      .update(account)
      .set({ password: await ctx.password.hash(login.password) })
      .where(and(eq(account.userId, row.id), eq(account.providerId, "credential")));
    logins.push(login);
  }
  return logins;
}

const loginsFile = (dataDir: string) => path.join(dataDir, "demo-logins.json");

export function saveDemoLogins(dataDir: string, logins: DemoLogin[]): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = loginsFile(dataDir);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `${JSON.stringify(logins, null, 2)}\n`, { flag: "wx", mode: 0o600 });
}

/** The saved logins, or null when there are none (or they are unreadable). */
export function loadDemoLogins(dataDir: string): DemoLogin[] | null {
  try {
    const logins = JSON.parse(fs.readFileSync(loginsFile(dataDir), "utf8")) as DemoLogin[];
    return Array.isArray(logins) && logins.every((l) => typeof l.password === "string") ? logins : null;
  } catch {
    return null;
  }
}

export function printDemoLogins(
  logins: DemoLogin[],
  baseUrl: string,
  log: (line: string) => void = console.log,
) {
  log(`Demo logins (development only; they work only from this computer, e.g. ${baseUrl}):`);
  for (const l of logins) log(`  ${l.role.padEnd(8)} ${l.email.padEnd(24)} ${l.password}`);
  log(`  class join code: ${DEMO_JOIN_CODE}`);
}

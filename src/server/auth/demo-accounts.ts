// Who the demo school's people are. Their passwords are not here: they are generated when the
// demo school is seeded (see demo.ts), and the demo accounts sign in only from this computer.
export const DEMO_ACCOUNTS = [
  { role: "teacher", name: "Ms Ada Lovelace", email: "teacher@pyclass.test" },
  { role: "student", name: "Amara Okafor", email: "amara@pyclass.test" },
  { role: "student", name: "Ben Carter", email: "ben@pyclass.test" },
  { role: "student", name: "Chloe Singh", email: "chloe@pyclass.test" },
  { role: "admin", name: "Sam Admin", email: "admin@pyclass.test" },
] as const;

export type DemoLogin = (typeof DEMO_ACCOUNTS)[number] & { password: string };

const DEMO_EMAILS = new Set<string>(DEMO_ACCOUNTS.map((a) => a.email));

export function isDemoEmail(email: unknown): boolean {
  return typeof email === "string" && DEMO_EMAILS.has(email.trim().toLowerCase());
}

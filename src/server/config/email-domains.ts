// TEACHER_EMAIL_DOMAINS (opt-in, decision 043): who may take the teacher role. Teachers see every
// exercise's model solution, so a school can keep the role to its staff addresses. The domain
// must match exactly: schools often give students a subdomain of the staff domain
// (`pupils.school.sch.uk`), so a subdomain is not the same school's staff.

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `"@School.sch.uk, trust.org.uk"` → `["school.sch.uk", "trust.org.uk"]`, or what is wrong. */
export function parseEmailDomains(value: string): string[] | { error: string } {
  const domains = value
    .split(",")
    .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
    .filter(Boolean);
  const bad = domains.find((d) => !DOMAIN.test(d));
  if (bad !== undefined) return { error: `"${bad}" is not an e-mail domain (e.g. school.example.sch.uk)` };
  return [...new Set(domains)];
}

/** Whether this address may be a teacher: always with no domains configured. */
export function mayTeach(email: string, emailVerified: boolean, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const at = email.lastIndexOf("@");
  return emailVerified && at > 0 && domains.includes(email.slice(at + 1).toLowerCase());
}

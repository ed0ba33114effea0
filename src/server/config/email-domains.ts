// TEACHER_EMAIL_DOMAINS (opt-in, decision 043), read once at start by config.ts; the matcher that
// uses the list is auth/teacher-domains.ts. Bottom floor: imports nothing else in the server.

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

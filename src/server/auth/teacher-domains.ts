// TEACHER_EMAIL_DOMAINS (opt-in, decision 043): who may take the teacher role. Teachers see every
// exercise's model solution, so a school can keep the role to its staff addresses. The domain
// must match exactly: schools often give students a subdomain of the staff domain
// (`pupils.school.sch.uk`), so a subdomain is not the same school's staff. The setting is parsed
// by config/email-domains.ts.

/** Whether this address may be a teacher: always with no domains configured. */
export function mayTeach(email: string, emailVerified: boolean, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const at = email.lastIndexOf("@");
  return emailVerified && at > 0 && domains.includes(email.slice(at + 1).toLowerCase());
}

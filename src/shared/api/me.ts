import { z } from "zod";
import { NAME_MAX_LENGTH, NAME_MESSAGES } from "../domain/auth-rules.ts";
import { ROLES, SELECTABLE_ROLES } from "../domain/roles.ts";

export const Me = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
});
export type Me = z.infer<typeof Me>;

export const UpdateMeBody = z.object({
  name: z.string().trim().min(1, NAME_MESSAGES.required).max(NAME_MAX_LENGTH, NAME_MESSAGES.tooLong),
});
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

export const ChooseRoleBody = z.object({
  role: z.enum(SELECTABLE_ROLES, { message: "Please choose teacher or student." }),
});
export type ChooseRoleBody = z.infer<typeof ChooseRoleBody>;

export const ROLE_MESSAGES = {
  alreadyChosen: "Your role has already been chosen.",
  saveFailed: "Error saving role. Please try again.",
  notAuthenticated: "User not authenticated",
} as const;

/** The refusal code when TEACHER_EMAIL_DOMAINS keeps the teacher role to staff addresses. */
export const TEACHER_EMAIL_DOMAIN_CODE = "TEACHER_EMAIL_DOMAIN";

/** Names the domains, so the person knows which address to sign up with (decision 043). */
export function teacherEmailDomainMessage(domains: readonly string[]): string {
  const listed = domains.map((d) => `@${d}`);
  const either = listed.length > 1 ? `${listed.slice(0, -1).join(", ")} or ${listed.at(-1)}` : listed[0];
  return `Teacher accounts here need a school e-mail address ending in ${either}. Create an account with your school address to teach, or choose student.`;
}

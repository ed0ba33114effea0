// Contracts of /api/classes: request bodies (validated on both sides) and response shapes.
import { z } from "zod";
import { parseJoinCode } from "../domain/join-code.ts";

export const CLASS_MESSAGES = {
  invalidCode: "Invalid class code. Please check and try again.",
  notFound: "Class not found. Please check the code and try again.",
  notAuthenticated: "User not authenticated.",
  joinFailed: "Failed to join class. You might already be a member.",
  nameRequired: "Please enter a class name.",
  /** A class id that does not exist or is not yours (owner teacher / member student). */
  classNotFound: "Class not found.",
  notAMember: "This student is not in the class.",
} as const;

/** The form counts towards these and says so; nothing typed is ever cut off silently. */
export const CLASS_NAME_MAX = 100;
export const CLASS_DESCRIPTION_MAX = 1000;

export const CreateClassBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, CLASS_MESSAGES.nameRequired)
    .max(CLASS_NAME_MAX, `Class names can be at most ${CLASS_NAME_MAX} characters.`),
  description: z
    .string()
    .trim()
    .max(CLASS_DESCRIPTION_MAX, `Descriptions can be at most ${CLASS_DESCRIPTION_MAX} characters.`)
    .default(""),
});
export type CreateClassBody = z.input<typeof CreateClassBody>;

/** The code as typed; parsing leaves it upper-cased without spaces, or refuses it. */
export const JoinClassBody = z.object({
  code: z.string({ message: CLASS_MESSAGES.invalidCode }).transform((raw, ctx) => {
    const code = parseJoinCode(raw);
    if (code === null) ctx.addIssue({ code: "custom", message: CLASS_MESSAGES.invalidCode });
    return code ?? z.NEVER;
  }),
});
export type JoinClassBody = z.input<typeof JoinClassBody>;

export const Person = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Person = z.output<typeof Person>;

export const ClassSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Shown to the owning teacher (and to members, who joined with it). */
  joinCode: z.string(),
  /** `email` is null to students when the teacher chose not to show it (decision 061). */
  teacher: Person.extend({ email: z.string().nullable() }),
  studentCount: z.number().int(),
  createdAt: z.string(),
});
export type ClassSummary = z.output<typeof ClassSummary>;

export const ClassMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  joinedAt: z.string(),
});
export type ClassMember = z.output<typeof ClassMember>;

/** Members see each other's names; only the teacher sees their e-mail addresses. */
export const ClassDetail = ClassSummary.extend({ members: z.array(ClassMember) });
export type ClassDetail = z.output<typeof ClassDetail>;

/** What deleting a class takes with it, for the confirmation dialog. */
export const ClassDeletionImpact = z.object({
  assignments: z.number().int(),
  submissions: z.number().int(),
  students: z.number().int(),
});
export type ClassDeletionImpact = z.output<typeof ClassDeletionImpact>;

// Contracts of /api/classes: request bodies (validated on both sides) and response shapes.
import { z } from "zod";

export const CLASS_MESSAGES = {
  invalidCode: "Invalid class code. Please check and try again.",
  notFound: "Class not found. Please check the code and try again.",
  notAuthenticated: "User not authenticated.",
  joinFailed: "Failed to join class. You might already be a member.",
  nameRequired: "Please enter a class name.",
  /** A class id that does not exist or is not yours (owner teacher / member student). */
  classNotFound: "Class not found.",
} as const;

export const CreateClassBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, CLASS_MESSAGES.nameRequired)
    .max(100, "Class names can be at most 100 characters."),
  description: z.string().trim().max(1000, "Descriptions can be at most 1000 characters.").default(""),
});
export type CreateClassBody = z.input<typeof CreateClassBody>;

export const JoinClassBody = z.object({ code: z.string({ message: CLASS_MESSAGES.invalidCode }) });
export type JoinClassBody = z.infer<typeof JoinClassBody>;

export type Person = { id: string; name: string; email: string };

export type ClassSummary = {
  id: string;
  name: string;
  description: string;
  /** Shown to the owning teacher (and to members, who joined with it). */
  joinCode: string;
  teacher: Person;
  studentCount: number;
  createdAt: string;
};

export type ClassMember = { id: string; name: string; email: string | null; joinedAt: string };

/** Members see each other's names; only the teacher sees their e-mail addresses. */
export type ClassDetail = ClassSummary & { members: ClassMember[] };

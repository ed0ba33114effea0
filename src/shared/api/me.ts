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

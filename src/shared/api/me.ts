import { z } from "zod";
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
  name: z.string().trim().min(1, "Please enter your name").max(100, "Names can be at most 100 characters."),
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

// Contracts of the admin area beyond the exercise library (./exercises.ts): the classes overview.
import { z } from "zod";
import { ROLES } from "../domain/roles.ts";

/** A person as the overview shows them: their profile (spec 02 §3 user_profiles). */
export const OverviewProfile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type OverviewProfile = z.output<typeof OverviewProfile>;

/** One class of GET /api/admin/classes-overview: its owner and every member with their profile. */
export const OverviewClass = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  joinCode: z.string(),
  createdAt: z.string(),
  owner: OverviewProfile,
  members: z.array(OverviewProfile.extend({ joinedAt: z.string() })),
});
export type OverviewClass = z.output<typeof OverviewClass>;

/** GET /api/admin/classes-overview (admins only): every class, newest first. */
export const ClassesOverview = z.object({ classes: z.array(OverviewClass) });
export type ClassesOverview = z.output<typeof ClassesOverview>;

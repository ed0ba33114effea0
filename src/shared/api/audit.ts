// Contract of the admin audit log (decision 061): the actions recorded, an entry as the admin page
// and its CSV read it, and the page's query.
import { z } from "zod";

/** Every action the log records; a new kind is added here first, so its label is never missing. */
export const AUDIT_ACTIONS = {
  "data.export": "Data export prepared",
  "data.export.download": "Data export downloaded",
  "account.delete.request": "Account deletion requested",
  "account.delete.cancel": "Account deletion cancelled",
  "account.delete": "Account deleted",
  "account.inactive.warn": "Inactive account warned",
  "account.inactive.delete": "Inactive account deleted",
  "sessions.revoke": "Signed out everywhere",
  "class.transfer.offer": "Class transfer offered",
  "class.transfer.accept": "Class transfer accepted",
  "class.transfer.decline": "Class transfer declined",
  "class.transfer.cancel": "Class transfer cancelled",
  "retention.run": "Retention job ran",
  "retention.policy": "Retention policy changed",
  "role.change": "Role changed",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  /** The action in words ("Class transfer accepted"). */
  label: z.string(),
  /** Who did it: a name while the account exists, "Deleted account" after, "System" for jobs. */
  actor: z.string(),
  actorId: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.output<typeof AuditEntry>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  /** Pass as `before` for the next (older) page; null at the oldest entry. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.output<typeof AuditPage>;

export const AUDIT_PAGE_SIZE = 100;

export const AuditQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  action: z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]).optional(),
});

// Contract of the user's own data rights (decisions 059, 060): "Download my data", "Delete my
// account" and "Sign out everywhere", with the words both sides show.
import { z } from "zod";

/** How many exports a user may ask for in a day: enough to try again, not enough to load a server. */
export const EXPORTS_PER_DAY = 5;

export const DataExport = z.object({
  id: z.string(),
  /** `failed` also covers one that stopped being prepared (a server restarted meanwhile). */
  status: z.enum(["preparing", "ready", "failed", "expired"]),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string(),
  sizeBytes: z.number().int().nullable(),
  /** Where the owner's browser downloads it (their session only); null unless ready. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.output<typeof DataExport>;

export const DataExportList = z.object({ exports: z.array(DataExport) });
export type DataExportList = z.output<typeof DataExportList>;

export const DeleteAccountBody = z.object({
  password: z.string().min(1, "Enter your password to confirm it is you."),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const ConfirmDeletionBody = z.object({
  token: z.string().min(1, "This link is not complete. Open it again from the e-mail.").max(200),
});
export type ConfirmDeletionBody = z.infer<typeof ConfirmDeletionBody>;

export const SignOutEverywhereBody = z.object({
  /** false: every other browser and device, this one stays signed in. */
  includeThisDevice: z.boolean({ message: "Say whether this device signs out too." }),
});
export type SignOutEverywhereBody = z.infer<typeof SignOutEverywhereBody>;

/**
 * The signed-in user's deletion, as Settings shows it: none; requested (the e-mail was sent, the
 * link not yet opened); or cancelled (by signing in during the grace period: shown once).
 * A scheduled deletion is never seen signed in: confirming signs out everywhere, signing in cancels.
 */
export const DeletionStatus = z.object({
  status: z.enum(["none", "requested", "cancelled"]),
  requestedAt: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  /** When a scheduled deletion was cancelled by signing in. */
  cancelledAt: z.string().nullable(),
  /** Days between opening the link and the deletion (ACCOUNT_DELETION_GRACE_DAYS). */
  graceDays: z.number().int(),
});
export type DeletionStatus = z.output<typeof DeletionStatus>;

export const DeletionConfirmed = z.object({ dueAt: z.string() });
export type DeletionConfirmed = z.output<typeof DeletionConfirmed>;

export const ACCOUNT_MESSAGES = {
  exportInProgress: "Your data is already being prepared. We will e-mail you when it is ready.",
  tooManyExports: `You can ask for your data ${EXPORTS_PER_DAY} times a day. Please try again tomorrow.`,
  exportNotReady: "This download is not ready yet. We will e-mail you when it is.",
  exportExpired: "This download has expired. Ask for a new one in Settings.",
  wrongPassword: "That password is not right. Please try again.",
  noPassword: "Your account has no password. Set one with “Forgot password?” first.",
  linkInvalid: "This link does not work. It may have been used already; ask again in Settings.",
  linkExpired: "This link has expired. Ask again in Settings to get a new one.",
  ownsClasses: (names: string[]) =>
    `You still own ${names.length === 1 ? "a class" : `${names.length} classes`} (${names.join(", ")}). ` +
    "Transfer each class to another teacher or delete it first, so your students keep their work.",
} as const;

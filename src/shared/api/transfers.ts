// Contract of class transfers (decision 061): a class's owner offers it to another teacher by
// e-mail; nothing changes until the recipient accepts. Pending offers only are listed.
import { z } from "zod";
import { AUTH_MESSAGES, isValidEmail } from "../domain/auth-rules.ts";

/**
 * Offers a teacher may make in a day, and receive: enough to hand on every class of a timetable,
 * too few to flood someone's inbox or to try addresses in bulk (an offer says whether an address
 * is a teacher's).
 */
export const TRANSFER_OFFERS_PER_DAY = 20;

export const TRANSFER_MESSAGES = {
  emailRequired: "Enter the e-mail address of the teacher who will take the class.",
  noSuchTeacher: "No teacher account uses that e-mail address. Ask them to sign up and choose Teacher first.",
  notYourself: "This class is already yours. Enter another teacher's e-mail address.",
  alreadyOffered: "This class is already offered to another teacher. Cancel that offer first.",
  notFound: "This transfer offer no longer exists.",
  notPending: "This offer has already been answered or cancelled.",
  ownerChanged: "This class no longer belongs to the teacher who offered it, so the offer has lapsed.",
  tooManyOffers: `You can offer classes ${TRANSFER_OFFERS_PER_DAY} times a day. Please try again tomorrow.`,
  recipientBusy: `That teacher has been offered ${TRANSFER_OFFERS_PER_DAY} classes today. Please try again tomorrow.`,
} as const;

/**
 * The offer e-mail's subject. It names the sender, so erasing the sender's account deletes the
 * recipient's copy in the outbox too (decision 060): found by this prefix.
 */
export const transferOfferSubject = (sender: string, className: string) =>
  `${transferOfferSubjectPrefix(sender)}${className}" on PyClass`;
export const transferOfferSubjectPrefix = (sender: string) => `${sender} offers you the class "`;

export const OfferTransferBody = z.object({
  email: z
    .string({ message: TRANSFER_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, TRANSFER_MESSAGES.emailRequired)
    .max(254, TRANSFER_MESSAGES.emailRequired)
    .refine(isValidEmail, AUTH_MESSAGES.invalidEmail),
});
export type OfferTransferBody = z.input<typeof OfferTransferBody>;

export const ClassTransfer = z.object({
  id: z.string(),
  classId: z.string(),
  className: z.string(),
  studentCount: z.number().int(),
  from: z.object({ name: z.string(), email: z.string() }),
  to: z.object({ name: z.string(), email: z.string() }),
  status: z.enum(["pending", "accepted", "declined", "cancelled"]),
  createdAt: z.string(),
});
export type ClassTransfer = z.output<typeof ClassTransfer>;

/** GET /api/transfers: offers made to me, and offers I made, still waiting for an answer. */
export const PendingTransfers = z.object({
  incoming: z.array(ClassTransfer),
  outgoing: z.array(ClassTransfer),
});
export type PendingTransfers = z.output<typeof PendingTransfers>;

// A hand-in made offline and sent later (decision 068): it keeps the time it was made, for late
// work, if the server can believe that time. It can't be in the future (beyond a clock's drift),
// nor more than a few minutes before the first thing the server heard of that work (its first
// activity event): a claim older than that would let a queue in the browser backdate work.
export const OFFLINE_HAND_IN_RULES = {
  /** How far before the work's first activity event a claimed time may be (clock drift, an
   * activity batch still queued when the hand-in was made). */
  beforeFirstEventMs: 5 * 60_000,
  /** How far after the server's own clock a claimed time may be (a fast device clock). */
  aheadOfServerMs: 2 * 60_000,
} as const;

export type MadeAtProblem = "in-the-future" | "before-the-work";

export const MADE_AT_MESSAGES: Record<MadeAtProblem, string> = {
  "in-the-future": "The time this work was made is later than now. Check the date and time on this device.",
  "before-the-work":
    "The time this work was made is before PyClass saw you start it, so it cannot be used. Submit it again to hand it in now.",
};

/** Null when the claimed time can stand; otherwise what is wrong with it. No first event: the
 * server has nothing to vouch for the work's start, so no earlier time is believed. */
export function madeAtProblem(
  madeAt: Date,
  { receivedAt, firstEventAt }: { receivedAt: Date; firstEventAt: Date | null },
): MadeAtProblem | null {
  if (madeAt.getTime() > receivedAt.getTime() + OFFLINE_HAND_IN_RULES.aheadOfServerMs) return "in-the-future";
  if (firstEventAt === null) return "before-the-work";
  if (madeAt.getTime() < firstEventAt.getTime() - OFFLINE_HAND_IN_RULES.beforeFirstEventMs)
    return "before-the-work";
  return null;
}

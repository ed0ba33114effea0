// Reads the development outbox (/api/dev/mailbox) the way a person reads their inbox.
import { type APIRequestContext, expect } from "@playwright/test";

type OutboxMail = { to: string; subject: string; link: string | null; createdAt: string };

/** Waits for the newest e-mail to `to` whose subject matches, and returns its link. */
export async function linkFromMailbox(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as OutboxMail[];
        link = mails.find((m) => subject.test(m.subject))?.link ?? null;
        return link;
      },
      { message: `an e-mail to ${to} matching ${subject}` },
    )
    .toBeTruthy();
  return link!;
}

let n = 0;
export function uniqueEmail(prefix: string) {
  n += 1;
  return `${prefix}-${Date.now().toString(36)}-${n}@example.com`;
}

// Contract of /api/dev/mailbox (development only): the outbox, newest first.
import { z } from "zod";

export const OutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.output<typeof OutboxMail>;

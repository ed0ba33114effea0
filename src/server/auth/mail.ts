// Outgoing e-mail: every message lands in the outbox table; with SMTP_URL it is also delivered
// by SMTP, otherwise printed to the console with its link (read it at /dev/mailbox).
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Config } from "@/server/config.ts";
import type { Db } from "@/server/db/client.ts";
import { mailOutbox } from "@/server/db/schema.ts";

export type Mail = { to: string; subject: string; text: string; html: string; link?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

export function createMailer(db: Db, config: Config, log: (line: string) => void = console.log): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: mail.to.toLowerCase(),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          link: mail.link,
        })
        .returning({ id: mailOutbox.id });
      if (!transport) {
        if (config.env !== "test")
          log(`✉  Mail to ${mail.to}: ${mail.subject}${mail.link ? `\n   ${mail.link}` : ""}`);
        return;
      }
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (e) {
        // The request that caused the mail (sign-up, reset) still succeeds: the failure is kept
        // on the outbox row and logged for the operator, and the user can ask for the link again.
        await db
          .update(mailOutbox)
          .set({ error: String(e) })
          .where(eq(mailOutbox.id, row.id));
        console.error(
          `✖ Mail to ${mail.to} could not be sent by SMTP: ${e instanceof Error ? e.message : e}`,
        );
      }
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/**
 * How every message greets its recipient. Erasing an account deletes the outbox copies of mail
 * greeting it, whatever address they went to: an address changed since keeps no copy behind
 * (decision 060).
 */
export const greeting = (name: string) => `Hello ${name},`;

/** A short e-mail with one button: the shape of every message PyClass sends. */
export function linkMail(
  to: string,
  subject: string,
  greeting: string,
  body: string,
  action: string,
  link: string,
): Mail {
  const text = `${greeting}\n\n${body}\n\n${action}: ${link}\n\nIf you did not ask for this, you can ignore this e-mail.\n\nPyClass`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>If you did not ask for this, you can ignore this e-mail.</p><p>PyClass</p>`;
  return { to, subject, text, html, link };
}

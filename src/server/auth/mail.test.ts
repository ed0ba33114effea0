// Real delivery: with SMTP_URL set, the confirmation e-mail of a sign-up reaches an SMTP server
// (a local one, started here), and the outbox records that it was sent.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk) => {
        data += chunk;
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "PyClass <hello@pyclass.test>" });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("SMTP delivery", () => {
  it("sends the confirmation link through SMTP and stamps the outbox row", async () => {
    const res = await t.request("POST", "/api/auth/sign-up/email", {
      body: { name: "Mo Mail", email: "mo@example.com", password: "Secret123!" },
    });
    expect(res.status).toBe(200);
    const mail = await t.lastMail("mo@example.com");
    expect(mail.sentAt).toBeInstanceOf(Date);
    expect(mail.error).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe("hello@pyclass.test");
    expect(received[0].to).toEqual(["mo@example.com"]);
    // Quoted-printable may wrap long lines with "=\r\n": unwrap before looking for the link.
    const body = received[0].data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(body).toContain("Subject: Confirm your e-mail address for PyClass");
    expect(body).toContain(mail.link!);
  });
});

describe("SMTP failure", () => {
  it("keeps the sign-up, records the error on the outbox row and lets the user ask again", async () => {
    const down = await createTestApp({ smtpUrl: "smtp://127.0.0.1:9" });
    try {
      const res = await down.request("POST", "/api/auth/sign-up/email", {
        body: { name: "No Mail", email: "nomail@example.com", password: "Secret123!" },
      });
      expect(res.status).toBe(200);
      const mail = await down.lastMail("nomail@example.com");
      expect(mail.sentAt).toBeNull();
      expect(mail.error).toMatch(/ECONNREFUSED|connect/i);
      const again = await down.request("POST", "/api/auth/send-verification-email", {
        body: { email: "nomail@example.com", callbackURL: "/dashboard" },
      });
      expect(again.status).toBe(200);
    } finally {
      await down.close();
    }
  });
});

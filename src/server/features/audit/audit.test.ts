// The admin audit log and the retention policy's admin routes (decisions 061, 062): what is recorded,
// who may read it, the CSV, and the public page's values.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "@/server/db/schema.ts";
import type { AuditPage } from "@/shared/api/audit.ts";
import { DEFAULT_RETENTION, type RetentionInForce } from "@/shared/api/retention.ts";
import {
  createAdmin,
  createPending,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { recordAudit } from "./audit.service.ts";

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  teacher = await createTeacher(t);
});
afterAll(() => t.close());

const page = async (query = "") =>
  (await (await t.request("GET", `/api/admin/audit${query}`, { cookie: admin.cookie })).json()) as AuditPage;

describe("the audit log", () => {
  it("records a role chosen, by whom, and names a deleted account by id only", async () => {
    const pending = await createPending(t, { name: "Pat Pending" });
    expect(
      (await t.request("POST", "/api/me/role", { cookie: pending.cookie, body: { role: "teacher" } })).status,
    ).toBe(200);
    const [entry] = (await page("?action=role.change")).entries;
    expect(entry).toMatchObject({
      label: "Role changed",
      actor: "Pat Pending",
      actorId: pending.id,
      targetId: pending.id,
      details: { from: "pending", to: "teacher" },
    });
    await t.db.delete(user).where(eq(user.id, pending.id));
    const [after] = (await page("?action=role.change")).entries;
    expect(after.actor).toBe("Deleted account");
    expect(JSON.stringify(after)).not.toContain("Pat Pending");
  });

  it("pages newest first and exports everything as CSV, oldest first", async () => {
    for (let i = 0; i < 105; i++)
      await recordAudit(t.db, {
        action: "data.export",
        targetType: "user",
        targetId: `u${i}`,
        details: { n: i },
      });
    const first = await page("?action=data.export");
    expect(first.entries).toHaveLength(100);
    expect(first.entries[0].targetId).toBe("u104");
    expect(first.entries[0].actor).toBe("System");
    const second = await page(`?action=data.export&before=${first.nextBefore}`);
    expect(second.entries.map((e) => e.targetId)).toEqual(["u4", "u3", "u2", "u1", "u0"]);
    expect(second.nextBefore).toBeNull();

    const csv = await t.request("GET", "/api/admin/audit.csv?action=data.export", { cookie: admin.cookie });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("When (Europe/London),Action,Who,Who (id),What,What (id),Details");
    expect(lines).toHaveLength(106);
    expect(lines[1]).toContain(",Data export prepared,System,,user,u0,");
  });

  it("only admins read it; an unknown filter is a 400", async () => {
    expect((await t.request("GET", "/api/admin/audit", { cookie: teacher.cookie })).status).toBe(403);
    expect((await t.request("GET", "/api/admin/audit.csv", { cookie: teacher.cookie })).status).toBe(403);
    expect((await t.request("GET", "/api/admin/audit")).status).toBe(401);
    expect(
      (await t.request("GET", "/api/admin/audit?action=drop.tables", { cookie: admin.cookie })).status,
    ).toBe(400);
    expect((await t.request("GET", "/api/admin/audit?before=-1", { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("the retention policy", () => {
  it("shows the defaults to anyone, and an admin's change once made, in the audit log", async () => {
    const shown = (await (await t.request("GET", "/api/retention")).json()) as RetentionInForce;
    expect(shown).toEqual({
      policy: DEFAULT_RETENTION,
      source: "defaults",
      updatedAt: null,
      accountDeletionGraceDays: t.config.accountDeletionGraceDays,
    });
    const policy = { ...DEFAULT_RETENTION, activityDays: 90, classWorkYears: 3 };
    const put = await t.request("PUT", "/api/admin/retention", { cookie: admin.cookie, body: policy });
    expect(put.status).toBe(200);
    const now = (await (await t.request("GET", "/api/retention")).json()) as RetentionInForce;
    expect(now.policy).toEqual(policy);
    expect(now.source).toBe("admin");
    const [entry] = (await page("?action=retention.policy")).entries;
    expect(entry.details).toEqual({ before: DEFAULT_RETENTION, after: policy });
  });

  it("refuses a period out of bounds or a missing one (400), and anyone but an admin (403)", async () => {
    const bad = [
      { ...DEFAULT_RETENTION, classWorkYears: 0 },
      { ...DEFAULT_RETENTION, exportDays: 1.5 },
      { ...DEFAULT_RETENTION, inactiveAccountMonths: 1 },
      { classWorkYears: 2 },
    ];
    for (const body of bad)
      expect((await t.request("PUT", "/api/admin/retention", { cookie: admin.cookie, body })).status).toBe(
        400,
      );
    expect(
      (await t.request("PUT", "/api/admin/retention", { cookie: teacher.cookie, body: DEFAULT_RETENTION }))
        .status,
    ).toBe(403);
  });
});

describe("what the school pack says about this server", () => {
  it("names the SMTP provider's host when one is set, never its credentials", async () => {
    expect(await (await t.request("GET", "/api/schools/facts")).json()).toEqual({
      smtpHost: null,
      database: t.config.databaseUrl ? "postgres" : "embedded",
    });
    const withMail = await createTestApp({ smtpUrl: "smtps://pyclass:s3cret@smtp.mail.example.org:465" });
    try {
      const body = await (await withMail.request("GET", "/api/schools/facts")).text();
      expect(JSON.parse(body).smtpHost).toBe("smtp.mail.example.org");
      expect(body).not.toContain("s3cret");
    } finally {
      await withMail.close();
    }
  });
});

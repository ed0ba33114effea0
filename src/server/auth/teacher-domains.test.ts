// TEACHER_EMAIL_DOMAINS: off by default (spec 01 §6, anyone may choose teacher); when set, the
// role endpoint refuses the teacher role to any other address, saying which addresses may teach.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEmailDomains } from "@/server/config/email-domains.ts";
import { loadConfig } from "@/server/config.ts";
import { TEACHER_EMAIL_DOMAIN_CODE, teacherEmailDomainMessage } from "@/shared/api/me.ts";
import { createUser } from "../../../tests/factories/users.ts";
import { errorOf } from "../../../tests/setup/error-body.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { mayTeach } from "./teacher-domains.ts";

describe("the setting", () => {
  it("is off by default and reads a list of domains", () => {
    expect(loadConfig({ NODE_ENV: "test" }).teacherEmailDomains).toEqual([]);
    expect(
      loadConfig({
        NODE_ENV: "test",
        TEACHER_EMAIL_DOMAINS: " School.Example.sch.uk, @trust.example.org.uk,,",
      }).teacherEmailDomains,
    ).toEqual(["school.example.sch.uk", "trust.example.org.uk"]);
  });

  it("refuses at start what is not a domain, naming it", () => {
    expect(() =>
      loadConfig({ NODE_ENV: "test", TEACHER_EMAIL_DOMAINS: "school.sch.uk, *.school.sch.uk" }),
    ).toThrow(
      'Invalid configuration:\n  TEACHER_EMAIL_DOMAINS: "*.school.sch.uk" is not an e-mail domain (e.g. school.example.sch.uk)',
    );
    for (const bad of ["localhost", "teacher@school.sch.uk", "school..sch.uk", "-x.sch.uk"])
      expect(parseEmailDomains(bad)).toHaveProperty("error");
  });

  it("matches the exact domain of a verified address only (pupils often get a subdomain)", () => {
    const domains = ["school.example.sch.uk"];
    expect(mayTeach("ms.ada@school.example.sch.uk", true, domains)).toBe(true);
    expect(mayTeach("Ms.Ada@SCHOOL.Example.sch.uk", true, domains)).toBe(true);
    expect(mayTeach("ms.ada@school.example.sch.uk", false, domains)).toBe(false);
    expect(mayTeach("kid@pupils.school.example.sch.uk", true, domains)).toBe(false);
    expect(mayTeach("kid@notschool.example.sch.uk", true, domains)).toBe(false);
    expect(mayTeach("school.example.sch.uk@gmail.com", true, domains)).toBe(false);
    expect(mayTeach("anyone@gmail.com", false, [])).toBe(true);
  });

  it("says which addresses may teach", () => {
    expect(teacherEmailDomainMessage(["a.sch.uk"])).toBe(
      "Teacher accounts here need a school e-mail address ending in @a.sch.uk. Create an account with your school address to teach, or choose student.",
    );
    expect(teacherEmailDomainMessage(["a.sch.uk", "b.sch.uk", "c.org.uk"])).toContain(
      "ending in @a.sch.uk, @b.sch.uk or @c.org.uk.",
    );
  });
});

describe("the role endpoint", () => {
  let open: TestApp;
  let strict: TestApp;
  beforeAll(async () => {
    open = await createTestApp();
    strict = await createTestApp({ teacherEmailDomains: ["school.example.sch.uk"] });
  });
  afterAll(async () => {
    await open.close();
    await strict.close();
  });

  const choose = (t: TestApp, cookie: string, role: string) =>
    t.request("POST", "/api/me/role", { cookie, body: { role } });
  const roleOf = async (t: TestApp, cookie: string) =>
    (await (await t.request("GET", "/api/me", { cookie })).json()).role;

  it("lets anyone choose teacher without the setting (the spec's default)", async () => {
    const u = await createUser(open, { role: "pending", email: "someone@gmail.example" });
    expect((await choose(open, u.cookie, "teacher")).status).toBe(200);
    expect(await roleOf(open, u.cookie)).toBe("teacher");
  });

  it("refuses teacher to another address with a message naming the domain; the user stays pending", async () => {
    const u = await createUser(strict, { role: "pending", email: "second-address@gmail.example" });
    const res = await choose(strict, u.cookie, "teacher");
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({
      code: TEACHER_EMAIL_DOMAIN_CODE,
      message: teacherEmailDomainMessage(["school.example.sch.uk"]),
    });
    expect(await roleOf(strict, u.cookie)).toBe("pending");
    // Student is still open to them.
    expect((await choose(strict, u.cookie, "student")).status).toBe(200);
    expect(await roleOf(strict, u.cookie)).toBe("student");
  });

  it("refuses a pupils' subdomain, accepts the school's own domain", async () => {
    const pupil = await createUser(strict, { role: "pending", email: "kid@pupils.school.example.sch.uk" });
    expect((await choose(strict, pupil.cookie, "teacher")).status).toBe(403);
    const staff = await createUser(strict, { role: "pending", email: "Ms.Ada@School.Example.sch.uk" });
    expect((await choose(strict, staff.cookie, "teacher")).status).toBe(200);
    expect(await roleOf(strict, staff.cookie)).toBe("teacher");
  });

  it("still answers a second choice as already chosen", async () => {
    const student = await createUser(strict, { role: "student", email: "done@gmail.example" });
    expect((await choose(strict, student.cookie, "teacher")).status).toBe(409);
  });
});

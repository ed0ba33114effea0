import { afterAll, describe, expect, it } from "vitest";
import type { InsightsOverview, TeacherDashboardWithInsights } from "@/shared/api/insights.ts";
import { addMember, createClass } from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher } from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { recentFacts } from "./recent-facts.ts";

describe("recent facts", () => {
  it("one read for the requests inside the time-to-live, a new one after it", async () => {
    const get = recentFacts<number>();
    let reads = 0;
    const load = async () => ++reads;
    // Asked together: one read (single-flight).
    expect(await Promise.all([get("k", 50, load), get("k", 50, load)])).toEqual([1, 1]);
    expect(await get("k", 50, load)).toBe(1);
    expect(await get("other", 50, load)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await get("k", 50, load)).toBe(3);
    // A time-to-live of 0 keeps nothing.
    expect(await get("k", 0, load)).toBe(4);
    expect(await get("k", 0, load)).toBe(5);
  });

  it("does not keep a failed read", async () => {
    const get = recentFacts<number>();
    let reads = 0;
    const load = async () => {
      reads += 1;
      if (reads === 1) throw new Error("database down");
      return reads;
    };
    await expect(get("k", 1000, load)).rejects.toThrow("database down");
    expect(await get("k", 1000, load)).toBe(2);
  });
});

describe("the insights overview with INSIGHTS_CACHE_SECONDS", () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  it("shows a new student after the cache period, at once without one (the tests' default)", async () => {
    for (const [seconds, studentsAfterJoin] of [
      [60, 0],
      [0, 1],
    ] as const) {
      const t = await createTestApp({ insightsCacheSeconds: seconds });
      apps.push(t);
      const teacher = await createTeacher(t);
      const cls = await createClass(t, teacher);
      const overview = async () =>
        (await (
          await t.request("GET", "/api/insights", { cookie: teacher.cookie })
        ).json()) as InsightsOverview;
      const dashboard = async () =>
        (await (
          await t.request("GET", "/api/teacher/dashboard", { cookie: teacher.cookie })
        ).json()) as TeacherDashboardWithInsights;
      expect((await overview()).tiles.totalStudents).toBe(0);
      expect((await dashboard()).totalStudents).toBe(0);
      await addMember(t, cls, await createStudent(t));
      expect((await overview()).tiles.totalStudents).toBe(studentsAfterJoin);
      expect((await dashboard()).totalStudents).toBe(studentsAfterJoin);
    }
  });
});

import { describe, expect, it } from "vitest";
import { canEnterArea, dashboardPath, normaliseRole } from "./roles.ts";

describe("dashboard redirects", () => {
  it("sends visitors without a session to /auth", () => {
    expect(dashboardPath(null)).toBe("/auth");
  });
  it("sends pending or missing roles to /select-role", () => {
    expect(dashboardPath({ role: "pending" })).toBe("/select-role");
    expect(dashboardPath({ role: null })).toBe("/select-role");
    expect(dashboardPath({ role: "wizard" })).toBe("/select-role");
  });
  it("sends each role to its own area", () => {
    expect(dashboardPath({ role: "student" })).toBe("/student/classes");
    expect(dashboardPath({ role: "teacher" })).toBe("/teacher/dashboard");
    expect(dashboardPath({ role: "admin" })).toBe("/admin");
  });
});

describe("areas", () => {
  it("admit only their own role", () => {
    expect(canEnterArea("teacher", "teacher")).toBe(true);
    expect(canEnterArea("teacher", "student")).toBe(false);
    expect(canEnterArea("student", "pending")).toBe(false);
    expect(canEnterArea("admin", "teacher")).toBe(false);
  });
  it("treat unknown roles as pending", () => {
    expect(normaliseRole(undefined)).toBe("pending");
    expect(normaliseRole("admin")).toBe("admin");
  });
});

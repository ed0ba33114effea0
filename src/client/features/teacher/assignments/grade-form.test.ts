import { describe, expect, it } from "vitest";
import { ASSIGNMENT_MESSAGES } from "@/shared/api/assignments.ts";
import { gradeFormFrom, toGradeBody } from "./grade-form.ts";

describe("grade form", () => {
  it("an empty grade and blank notes save as none", () => {
    expect(toGradeBody({ grade: "", notes: "  " })).toEqual({ ok: true, body: { grade: null, notes: null } });
  });
  it("keeps two decimals and the notes", () => {
    expect(toGradeBody({ grade: "82.5", notes: " Good work \n" })).toEqual({
      ok: true,
      body: { grade: 82.5, notes: "Good work" },
    });
    expect(toGradeBody({ grade: "99.99", notes: "" }).ok).toBe(true);
    expect(toGradeBody({ grade: "0", notes: "" })).toEqual({ ok: true, body: { grade: 0, notes: null } });
  });
  it.each(["-1", "100.5", "82.555", "abc"])("rejects %s with the contract's message", (grade) => {
    expect(toGradeBody({ grade, notes: "" })).toEqual({ ok: false, message: ASSIGNMENT_MESSAGES.gradeRange });
  });
  it("opens with the saved grade and notes", () => {
    expect(gradeFormFrom({ teacherGrade: 82.5, teacherNotes: "Nice" })).toEqual({
      grade: "82.5",
      notes: "Nice",
    });
    expect(gradeFormFrom({ teacherGrade: null, teacherNotes: null })).toEqual({ grade: "", notes: "" });
  });
});

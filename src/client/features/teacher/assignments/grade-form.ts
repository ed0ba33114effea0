// The grading modal's text fields → the PUT body: an empty grade saves as none, blank notes too.
import { GradeBody, type Submission } from "@/shared/api/assignments.ts";
import { parseGrade } from "@/shared/domain/grade.ts";
import type { FormResult } from "./assignment-form.ts";

export type GradeForm = { grade: string; notes: string };

export function gradeFormFrom(submission: Pick<Submission, "teacherGrade" | "teacherNotes">): GradeForm {
  return {
    grade: submission.teacherGrade === null ? "" : String(submission.teacherGrade),
    notes: submission.teacherNotes ?? "",
  };
}

export function toGradeBody(form: GradeForm): FormResult<GradeBody> {
  const grade = parseGrade(form.grade);
  if (!grade.ok) return grade;
  const notes = form.notes.trim();
  const body: GradeBody = { grade: grade.grade, notes: notes === "" ? null : notes };
  const checked = GradeBody.safeParse(body);
  return checked.success
    ? { ok: true, body }
    : { ok: false, message: checked.error.issues[0]?.message ?? "Please check the grade." };
}

// The assignment form's state and the rules around it: one blank test case row to start, at
// least one row kept, premade entries and saved assignments turned into form state, and form
// state turned into the request bodies (checked with the shared schemas before sending).

import { blankTestCase, newRowKey, type TestCaseRow } from "@/client/components/test-cases/test-case-rows.ts";
import { dueDateToIso, isoToDateInput } from "@/client/features/teacher/due-dates.ts";
import {
  ASSIGNMENT_MESSAGES,
  CreateAssignmentBody,
  type TeacherAssignmentDetail,
  type TestCaseInput,
  UpdateAssignmentBody,
} from "@/shared/api/assignments.ts";
import type { PremadeAssignment } from "@/shared/domain/premade-assignments.ts";
import { isBlankTestCase } from "@/shared/domain/test-cases.ts";

export type AssignmentForm = {
  name: string;
  classId: string;
  description: string;
  /** `YYYY-MM-DD` from the date field, or "" for no due date. */
  dueDate: string;
  starterCode: string;
  testCases: TestCaseRow[];
};

export type FormResult<T> = { ok: true; body: T } | { ok: false; message: string };

export function emptyAssignmentForm(classId = ""): AssignmentForm {
  return { name: "", classId, description: "", dueDate: "", starterCode: "", testCases: [blankTestCase()] };
}

export function formFromPremade(premade: PremadeAssignment, classId = ""): AssignmentForm {
  return {
    name: premade.title,
    classId,
    description: premade.description,
    dueDate: "",
    starterCode: premade.starterCode,
    testCases: premade.testCases.length
      ? premade.testCases.map((t) => ({ key: newRowKey(), ...t }))
      : [blankTestCase()],
  };
}

export function formFromAssignment(a: TeacherAssignmentDetail): AssignmentForm {
  const cases = a.testCases; // in the server's order (by position)
  return {
    name: a.name,
    classId: a.class.id,
    description: a.description,
    dueDate: isoToDateInput(a.dueDate),
    // As stored: the literal-\n rule is for the student's editor, and a save must never rewrite it.
    starterCode: a.starterCode,
    testCases: cases.length
      ? cases.map((t) => ({
          key: newRowKey(),
          id: t.id,
          description: t.description,
          input: t.input,
          expectedOutput: t.expectedOutput,
          hidden: t.hidden,
        }))
      : [blankTestCase()],
  };
}

function testCaseInputs(rows: TestCaseRow[]): TestCaseInput[] {
  return rows
    .filter((r) => !isBlankTestCase(r))
    .map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      description: r.description.trim(),
      input: r.input,
      expectedOutput: r.expectedOutput,
      hidden: r.hidden,
    }));
}

// ── Request bodies ──────────────────────────────────────────────────────────────────────

/** Messages are reported in the order the fields appear on the form. */
const FIELD_ORDER = ["name", "classId", "description", "dueDate", "starterCode", "testCases"];

function firstMessage(issues: { path: PropertyKey[]; message: string }[]): string {
  const rank = (p: PropertyKey[]) => {
    const i = FIELD_ORDER.indexOf(String(p[0]));
    return i === -1 ? FIELD_ORDER.length : i;
  };
  return [...issues].sort((a, b) => rank(a.path) - rank(b.path))[0]?.message ?? "Please check the form.";
}

export function toCreateBody(form: AssignmentForm): FormResult<CreateAssignmentBody> {
  const body: CreateAssignmentBody = {
    classId: form.classId,
    name: form.name.trim(),
    description: form.description,
    language: "python",
    dueDate: dueDateToIso(form.dueDate),
    starterCode: form.starterCode,
    testCases: testCaseInputs(form.testCases),
  };
  const checked = CreateAssignmentBody.safeParse(body);
  return checked.success ? { ok: true, body } : { ok: false, message: firstMessage(checked.error.issues) };
}

/**
 * Edit mode sends every field; the test case list replaces the saved one (ids keep existing
 * cases). Blank rows are dropped; if that leaves none, the old list stays when there was none
 * before, and otherwise the teacher is told an assignment needs a test case.
 */
export function toUpdateBody(
  form: AssignmentForm,
  savedTestCaseCount: number,
): FormResult<UpdateAssignmentBody> {
  const testCases = testCaseInputs(form.testCases);
  if (testCases.length === 0 && savedTestCaseCount > 0) {
    return { ok: false, message: ASSIGNMENT_MESSAGES.oneTestCase };
  }
  const body: UpdateAssignmentBody = {
    name: form.name.trim(),
    description: form.description,
    language: "python",
    dueDate: dueDateToIso(form.dueDate),
    starterCode: form.starterCode,
    ...(testCases.length ? { testCases } : {}),
  };
  const checked = UpdateAssignmentBody.safeParse(body);
  return checked.success ? { ok: true, body } : { ok: false, message: firstMessage(checked.error.issues) };
}

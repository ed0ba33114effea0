// The assignment form's state and the rules around it: one blank test case row to start, at
// least one row kept, premade entries and saved assignments turned into form state, and form
// state turned into the request bodies (checked with the shared schemas before sending).

import type { TestCaseFieldErrors } from "@/client/components/test-cases/test-case-editor.tsx";
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
import {
  isBlankTestCase,
  missingTestCaseFields,
  NO_DRAWING_MODEL_MESSAGE,
} from "@/shared/domain/test-cases.ts";

export type AssignmentForm = {
  name: string;
  classId: string;
  description: string;
  /** `YYYY-MM-DD` from the date field, or "" for no due date. */
  dueDate: string;
  starterCode: string;
  testCases: TestCaseRow[];
};

/** Errors shown at their fields: the title, the class, and each test case row (by row key). */
export type AssignmentFieldErrors = { name?: string; classId?: string; testCases: TestCaseFieldErrors };

export type FormResult<T> = { ok: true; body: T } | { ok: false; message: string };
export type AssignmentFormResult<T> =
  | { ok: true; body: T }
  | { ok: false; message: string; errors: AssignmentFieldErrors };

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
          drawingModel: t.drawingModel ?? null,
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
      // Absent means a test of printed output only (the server's default).
      ...(r.drawingModel != null ? { drawingModel: r.drawingModel } : {}),
    }));
}

// ── Request bodies ──────────────────────────────────────────────────────────────────────

/** Messages are reported in the order the fields appear on the form. */
const FIELD_ORDER = ["name", "classId", "description", "dueDate", "starterCode", "testCases"];

type Issue = { path: PropertyKey[]; message: string };

function firstMessage(issues: Issue[]): string {
  const rank = (p: PropertyKey[]) => {
    const i = FIELD_ORDER.indexOf(String(p[0]));
    return i === -1 ? FIELD_ORDER.length : i;
  };
  return [...issues].sort((a, b) => rank(a.path) - rank(b.path))[0]?.message ?? "Please check the form.";
}

/** A half-filled row is an error beside its empty field (the shared rule), never a silent drop. */
function testCaseErrors(rows: TestCaseRow[]): TestCaseFieldErrors {
  const errors: TestCaseFieldErrors = {};
  for (const row of rows) {
    const missing = missingTestCaseFields(row);
    if (missing.length)
      errors[row.key] = Object.fromEntries(
        missing.map((f) => [
          f,
          f === "drawingModel" ? NO_DRAWING_MODEL_MESSAGE : ASSIGNMENT_MESSAGES.halfTestCase,
        ]),
      );
  }
  return errors;
}

function refuse<T>(issues: Issue[], rows: TestCaseRow[]): AssignmentFormResult<T> {
  const at = (field: string) => issues.find((i) => i.path[0] === field)?.message;
  const testCases = testCaseErrors(rows);
  const errors: AssignmentFieldErrors = { testCases };
  const name = at("name");
  const classId = at("classId");
  if (name) errors.name = name;
  if (classId) errors.classId = classId;
  const rowError = Object.values(testCases).flatMap((e) => Object.values(e))[0];
  const halfFilled = rowError ? [{ path: ["testCases"], message: rowError }] : [];
  return { ok: false, message: firstMessage([...issues, ...halfFilled]), errors };
}

export function toCreateBody(form: AssignmentForm): AssignmentFormResult<CreateAssignmentBody> {
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
  return checked.success ? { ok: true, body } : refuse(checked.error.issues, form.testCases);
}

/**
 * Edit mode sends every field; the test case list replaces the saved one (ids keep existing
 * cases). Blank rows are dropped; if that leaves none, the old list stays when there was none
 * before, and otherwise the teacher is told an assignment needs a test case.
 */
export function toUpdateBody(
  form: AssignmentForm,
  savedTestCaseCount: number,
): AssignmentFormResult<UpdateAssignmentBody> {
  const testCases = testCaseInputs(form.testCases);
  if (testCases.length === 0 && savedTestCaseCount > 0) {
    return { ok: false, message: ASSIGNMENT_MESSAGES.oneTestCase, errors: { testCases: {} } };
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
  return checked.success ? { ok: true, body } : refuse(checked.error.issues, form.testCases);
}

/** Has the teacher typed anything worth asking about before the form is thrown away? */
export function assignmentFormChanged(form: AssignmentForm, start: AssignmentForm): boolean {
  const rows = (f: AssignmentForm) =>
    JSON.stringify(f.testCases.map(({ key: _key, ...rest }) => rest).filter((r) => !isBlankTestCase(r)));
  return (
    form.name !== start.name ||
    form.classId !== start.classId ||
    form.description !== start.description ||
    form.dueDate !== start.dueDate ||
    form.starterCode !== start.starterCode ||
    rows(form) !== rows(start)
  );
}

import { describe, expect, it } from "vitest";
import {
  addTestCase,
  canRemoveTestCase,
  removeTestCase,
  updateTestCase,
} from "@/client/components/test-cases/test-case-rows.ts";
import { ASSIGNMENT_MESSAGES, type TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import { PREMADE_ASSIGNMENTS } from "@/shared/domain/premade-assignments.ts";
import {
  emptyAssignmentForm,
  formFromAssignment,
  formFromPremade,
  toCreateBody,
  toUpdateBody,
} from "./assignment-form.ts";

const CLASS_ID = "3f1c2b9e-8d4a-4c6e-9b1a-2f3e4d5c6b7a";
const EVEN_ID = "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d";
const ODD_ID = "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e";

const saved: TeacherAssignmentDetail = {
  id: "a1",
  name: "Even or Odd",
  description: "Print Even or Odd.",
  language: "python",
  dueDate: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  starterCode: "number = int(input())\n",
  class: { id: CLASS_ID, name: "Year 10" },
  testCases: [
    { id: EVEN_ID, position: 0, description: "Even", input: "4", expectedOutput: "Even", hidden: false },
    { id: ODD_ID, position: 1, description: "Odd", input: "7", expectedOutput: "Odd", hidden: true },
  ],
};

describe("test case rows", () => {
  it("a new form starts with one blank row", () => {
    const form = emptyAssignmentForm();
    expect(form.testCases).toHaveLength(1);
    expect(form.testCases[0]).toMatchObject({
      description: "",
      input: "",
      expectedOutput: "",
      hidden: false,
    });
  });
  it("rows are added with fresh keys and removed only while more than one remains", () => {
    const one = emptyAssignmentForm().testCases;
    expect(canRemoveTestCase(one)).toBe(false);
    expect(removeTestCase(one, one[0].key)).toBe(one);
    const two = addTestCase(one);
    expect(two).toHaveLength(2);
    expect(two[1].key).not.toBe(two[0].key);
    expect(canRemoveTestCase(two)).toBe(true);
    expect(removeTestCase(two, two[0].key)).toEqual([two[1]]);
  });
  it("edits change only the row named", () => {
    const rows = addTestCase(emptyAssignmentForm().testCases);
    const next = updateTestCase(rows, rows[1].key, { hidden: true, input: "4\n5" });
    expect(next[0]).toBe(rows[0]);
    expect(next[1]).toMatchObject({ hidden: true, input: "4\n5", key: rows[1].key });
  });
});

describe("creating an assignment", () => {
  it("asks for the title first, then the class", () => {
    expect(toCreateBody(emptyAssignmentForm())).toMatchObject({
      ok: false,
      message: ASSIGNMENT_MESSAGES.titleRequired,
    });
    const titled = { ...emptyAssignmentForm(), name: "Loops" };
    expect(toCreateBody(titled)).toMatchObject({ ok: false, message: ASSIGNMENT_MESSAGES.classRequired });
  });
  it("marks each refused field, so the form can show the message beside it", () => {
    expect(toCreateBody(emptyAssignmentForm())).toMatchObject({
      ok: false,
      errors: { name: ASSIGNMENT_MESSAGES.titleRequired, classId: ASSIGNMENT_MESSAGES.classRequired },
    });
  });
  it("refuses a half-filled test case beside its empty field, never dropping it silently", () => {
    const form = { ...emptyAssignmentForm(CLASS_ID), name: "Loops" };
    const [first] = form.testCases;
    form.testCases = [
      { ...first, description: "Counts", expectedOutput: "" },
      { key: "b", description: "", input: "3", expectedOutput: "3", hidden: false },
      { key: "c", description: "", input: " ", expectedOutput: "", hidden: false },
    ];
    expect(toCreateBody(form)).toEqual({
      ok: false,
      message: ASSIGNMENT_MESSAGES.halfTestCase,
      errors: {
        testCases: {
          [first.key]: { expectedOutput: ASSIGNMENT_MESSAGES.halfTestCase },
          b: { description: ASSIGNMENT_MESSAGES.halfTestCase },
        },
      },
    });
    const editing = formFromAssignment({ ...saved, testCases: [] });
    editing.testCases = [{ ...editing.testCases[0], description: "Only a name" }];
    expect(toUpdateBody(editing, 0)).toMatchObject({ ok: false, message: ASSIGNMENT_MESSAGES.halfTestCase });
  });
  it("maps the form to the request body, dropping blank rows and keeping hidden flags", () => {
    const form = emptyAssignmentForm(CLASS_ID);
    form.name = "  Loops ";
    form.dueDate = "2026-03-12";
    form.testCases = addTestCase(
      updateTestCase(form.testCases, form.testCases[0].key, {
        description: " Counts to 3 ",
        expectedOutput: "1\n2\n3",
        hidden: true,
      }),
    );
    const result = toCreateBody(form);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toMatchObject({
      classId: CLASS_ID,
      name: "Loops",
      language: "python",
      testCases: [{ description: "Counts to 3", input: "", expectedOutput: "1\n2\n3", hidden: true }],
    });
    expect(new Date(result.body.dueDate as string).getDate()).toBe(12);
  });
  it("sends no due date when the field is empty", () => {
    const form = { ...emptyAssignmentForm(CLASS_ID), name: "Loops" };
    const result = toCreateBody(form);
    expect(result.ok && result.body.dueDate).toBeNull();
  });
  it("pre-fills from a premade exercise (not a no-op) and leaves the class to the teacher", () => {
    const premade = PREMADE_ASSIGNMENTS[1];
    const form = formFromPremade(premade);
    expect(form).toMatchObject({
      name: premade.title,
      description: premade.description,
      starterCode: premade.starterCode,
      classId: "",
    });
    expect(form.testCases.map(({ key, ...t }) => t)).toEqual(premade.testCases);
    expect(toCreateBody(form)).toMatchObject({ ok: false, message: ASSIGNMENT_MESSAGES.classRequired });
    expect(toCreateBody({ ...form, classId: CLASS_ID }).ok).toBe(true);
  });
});

describe("editing an assignment", () => {
  it("loads saved test cases in order with their ids", () => {
    const form = formFromAssignment(saved);
    expect(form.testCases.map((t) => [t.id, t.description, t.hidden])).toEqual([
      [EVEN_ID, "Even", false],
      [ODD_ID, "Odd", true],
    ]);
    expect(form.dueDate).toBe("");
  });
  it("edits starter code as stored, and saving it writes back exactly what was there", () => {
    // The literal-\n rule is applied when a student opens the workspace, never to the saved text:
    // converting here would break the escape in print("a\nb") and save the damage.
    const stored = 'print("a\\nb")\\nname = input()';
    const form = formFromAssignment({ ...saved, starterCode: stored });
    expect(form.starterCode).toBe(stored);
    const result = toUpdateBody(form, 2);
    expect(result.ok && result.body.starterCode).toBe(stored);
  });
  it("sends the edited fields, Python only, and the full test case list with ids", () => {
    const form = formFromAssignment(saved);
    // Drop "Even", keep "Odd", add "Zero".
    form.testCases = addTestCase(removeTestCase(form.testCases, form.testCases[0].key));
    form.testCases = updateTestCase(form.testCases, form.testCases[1].key, {
      description: "Zero",
      input: "0",
      expectedOutput: "Even",
    });
    const result = toUpdateBody({ ...form, name: "Parity" }, 2);
    expect(result).toEqual({
      ok: true,
      body: {
        name: "Parity",
        description: saved.description,
        language: "python",
        dueDate: null,
        starterCode: saved.starterCode,
        testCases: [
          { id: ODD_ID, description: "Odd", input: "7", expectedOutput: "Odd", hidden: true },
          { description: "Zero", input: "0", expectedOutput: "Even", hidden: false },
        ],
      },
    });
  });
  it("refuses to blank out every test case, but leaves an assignment without any alone", () => {
    const blanked = formFromAssignment(saved);
    blanked.testCases = [{ ...blanked.testCases[0], description: "", input: "", expectedOutput: "" }];
    expect(toUpdateBody(blanked, 2)).toMatchObject({ ok: false, message: ASSIGNMENT_MESSAGES.oneTestCase });
    const none = formFromAssignment({ ...saved, testCases: [] });
    expect(none.testCases).toHaveLength(1);
    const result = toUpdateBody(none, 0);
    expect(result.ok && "testCases" in result.body).toBe(false);
  });
  it("drops a row holding only spaces, as the server would", () => {
    const form = formFromAssignment(saved);
    form.testCases = [...form.testCases, { ...addTestCase([])[0], input: "  ", expectedOutput: "\n" }];
    const result = toUpdateBody(form, 2);
    expect(result.ok && result.body.testCases?.length).toBe(2);
  });
  it("still needs a title", () => {
    expect(toUpdateBody({ ...formFromAssignment(saved), name: "  " }, 2)).toMatchObject({
      ok: false,
      message: ASSIGNMENT_MESSAGES.titleRequired,
    });
  });
});

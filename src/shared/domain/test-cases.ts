// Test case rules shared by the assignment form, the exercise editor and the server.

/** Said beside the empty field of a half-filled test case (the form) and in the server's 400. */
export const HALF_TEST_CASE_MESSAGE = "A test case needs both a description and an expected output.";
/** A drawing test (decision 064) whose model answer was left empty. */
export const NO_DRAWING_MODEL_MESSAGE = "Paste the model answer whose drawing this test expects.";

/** `drawingModel`: null or absent for a test of printed output, the model answer for a drawing test. */
type TestCaseText = {
  description?: string;
  input?: string;
  expectedOutput?: string;
  drawingModel?: string | null;
};

/**
 * A row left empty — nothing but spaces or line breaks in its description, input and expected
 * output — is not a test: the form drops it before sending and the server drops it before saving.
 * Emptying a saved case removes it.
 */
export function isBlankTestCase(t: TestCaseText): boolean {
  return !t.description?.trim() && !t.input?.trim() && !t.expectedOutput?.trim() && !t.drawingModel?.trim();
}

/**
 * The fields a written test case still lacks: a case is saved only when its description and its
 * expected output are both non-blank (spec 02). A blank row lacks nothing (it is dropped); a
 * half-filled one is an error, never silently dropped (a case with no expected output would
 * fail every correct program).
 */
export function missingTestCaseFields(
  t: TestCaseText,
): ("description" | "expectedOutput" | "drawingModel")[] {
  if (isBlankTestCase(t)) return [];
  const missing: ("description" | "expectedOutput" | "drawingModel")[] = [];
  if (!t.description?.trim()) missing.push("description");
  // A drawing test may leave the expected output empty: the model answer's output fills it in.
  const drawing = t.drawingModel !== undefined && t.drawingModel !== null;
  if (drawing && !t.drawingModel?.trim()) missing.push("drawingModel");
  if (!drawing && !t.expectedOutput?.trim()) missing.push("expectedOutput");
  return missing;
}

// Test case rules shared by the assignment form and the server (and the exercise editor to come).

/**
 * A row left empty — nothing but spaces or line breaks in its description, input and expected
 * output — is not a test: the form drops it before sending and the server drops it before saving.
 * Emptying a saved case removes it.
 */
export function isBlankTestCase(t: {
  description?: string;
  input?: string;
  expectedOutput?: string;
}): boolean {
  return !t.description?.trim() && !t.input?.trim() && !t.expectedOutput?.trim();
}

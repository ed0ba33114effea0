// Rows of a test case list being edited (assignment form today, the admin exercise editor next):
// one blank row to add, at least one row kept. What counts as blank is the shared rule in
// shared/domain/test-cases.ts.

export type TestCaseRow = {
  /** React key of the row; stable while the row is edited. */
  key: string;
  /** The saved test case this row edits; absent for a new one. */
  id?: string;
  description: string;
  input: string;
  expectedOutput: string;
  hidden: boolean;
  /** "Compare the drawing" (assignments, decision 064): the model answer; null or absent when off. */
  drawingModel?: string | null;
  /** "Compare the drawing" on a library exercise (decision 077): the solution is the model. */
  compareDrawing?: boolean;
};

let lastKey = 0;
/** A React key for a new row (kept while the row is edited). */
export const newRowKey = () => `test-case-${++lastKey}`;

export function blankTestCase(): TestCaseRow {
  return { key: newRowKey(), description: "", input: "", expectedOutput: "", hidden: false };
}

export const addTestCase = (rows: TestCaseRow[]): TestCaseRow[] => [...rows, blankTestCase()];

/** A row can be removed only while more than one remains. */
export const canRemoveTestCase = (rows: TestCaseRow[]): boolean => rows.length > 1;

export function removeTestCase(rows: TestCaseRow[], key: string): TestCaseRow[] {
  return canRemoveTestCase(rows) ? rows.filter((r) => r.key !== key) : rows;
}

export function updateTestCase(
  rows: TestCaseRow[],
  key: string,
  patch: Partial<Omit<TestCaseRow, "key" | "id">>,
): TestCaseRow[] {
  return rows.map((r) => (r.key === key ? { ...r, ...patch } : r));
}

// What other features (admin, the bank's seeding) may use from exercises: the one write path,
// the one exercise query and the one category-name resolver.

export { categoryKey, categoryResolver, isCategoryNameTaken, loadCategories } from "./category-names.ts";
export { recordExerciseDrawings, recordMissingDrawings } from "./exercise-drawings.ts";
export {
  type ExerciseSummaryRow,
  selectExercises,
  type TestCaseRow,
  testCasesByExercise,
  toExerciseSummary,
} from "./exercise-queries.ts";
export {
  type BankVersion,
  cleanHints,
  cleanSolution,
  cleanTestCases,
  type DbOrTx,
  type ExerciseRecord,
  type StoredTestCase,
  type TestCaseDraft,
  type Tx,
  writeExercises,
} from "./exercise-store.ts";
export { toExerciseTestCase } from "./exercises.service.ts";
export { toGradeSummary } from "./grade-summary.ts";

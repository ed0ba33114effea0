// What other features (admin, the bank's seeding) may use from exercises: the one write path.
export {
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

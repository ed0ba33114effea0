// The server grader's public API. Importing this starts nothing; createGraderPool() starts the
// sandboxed host process on first use (or on ready()).

export type { GradeResult, RunLimits, TestCase, TestResult } from "@/shared/grading/types.ts";
export {
  createGraderPool,
  DEFAULT_SLICE_MS,
  GRADER_BUSY_MESSAGE,
  GraderBusyError,
  GraderError,
  type GraderPool,
  type GraderPoolOptions,
  type GradingOwner,
} from "./grader-pool.ts";

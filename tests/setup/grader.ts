// One warm server grading pool per test file (starting one costs ≈1–2 s): create it in beforeAll,
// pass it to createTestApp(…, { grader }), close it in afterAll.
import { createGraderPool, type GraderPool } from "../../src/server/python/index.ts";

export async function startTestGrader(): Promise<GraderPool> {
  const pool = createGraderPool({ size: 2 });
  await pool.ready();
  return pool;
}

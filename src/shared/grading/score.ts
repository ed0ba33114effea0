// Scores: passed / total × 100 (0 when there are no tests) and the summary line.
import type { GradeResult, TestResult } from "./types.ts";

export function scorePercent(passed: number, total: number): number {
  return total === 0 ? 0 : (passed / total) * 100;
}

export function summaryText(passed: number, total: number): string {
  return `Passed: ${passed}/${total} tests`;
}

export function gradeFrom(results: TestResult[]): GradeResult {
  const passed = results.filter((r) => r.passed).length;
  return { passed, total: results.length, score: scorePercent(passed, results.length), results };
}

// What a student's editor opens with: the teacher's starter code with the literal-\n rule applied
// (outside string literals only), or `# Your code here` when there is none (spec 01 §9).
import { expandStarterCode } from "../grading/compare.ts";

export const DEFAULT_STARTER_CODE = "# Your code here";

export function studentStarterCode(stored: string): string {
  return stored.trim() ? expandStarterCode(stored) : DEFAULT_STARTER_CODE;
}

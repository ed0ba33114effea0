// The grade rule, written once: a teacher's grade is a number from 0 to 100 in steps of 0.01
// (or no grade). The request schema, the grading service and the grading form all ask here, so
// the message a teacher sees and the check the server makes cannot drift apart.

export const GRADE_MIN = 0;
export const GRADE_MAX = 100;
/** The smallest step a grade can take; grades are stored to hundredths. */
export const GRADE_STEP = 0.01;
export const GRADE_RANGE_MESSAGE = "Grades are numbers from 0 to 100, in steps of 0.01.";

/** Float noise tolerated when asking "is this a whole number of hundredths?" (82.55 * 100 ≠ 8255). */
const STEP_TOLERANCE = 1e-6;

/** Round to the stored precision: 82.55000000000001 → 82.55. */
export function roundGrade(grade: number): number {
  return Math.round(grade * 100) / 100;
}

/** A finite number from 0 to 100 with at most two decimals. */
export function isValidGrade(grade: number): boolean {
  return (
    Number.isFinite(grade) &&
    grade >= GRADE_MIN &&
    grade <= GRADE_MAX &&
    Math.abs(Math.round(grade * 100) - grade * 100) < STEP_TOLERANCE
  );
}

/** A plain decimal, as a number field or a person types it: "82", "82.5", ".5", "1e2". */
const DECIMAL = /^\+?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export type ParsedGrade = { ok: true; grade: number | null } | { ok: false; message: string };

/** What was typed into a grade field → the grade (rounded to hundredths), none when empty, or why not. */
export function parseGrade(text: string): ParsedGrade {
  const typed = text.trim();
  if (typed === "") return { ok: true, grade: null };
  const grade = DECIMAL.test(typed) ? Number(typed) : Number.NaN;
  return isValidGrade(grade)
    ? { ok: true, grade: roundGrade(grade) }
    : { ok: false, message: GRADE_RANGE_MESSAGE };
}

/** `82.5/100`: grades keep up to two decimals and drop trailing zeros. */
export function formatGrade(grade: number): string {
  return `${Number(grade.toFixed(2))}/100`;
}

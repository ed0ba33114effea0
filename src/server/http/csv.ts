// CSV downloads (grade exports): RFC 4180 quoting, CRLF lines, a UTF-8 BOM so spreadsheet apps
// read accented names correctly, and no cell a spreadsheet would run as a formula.
import type { Context } from "hono";

export type CsvCell = string | number | null | undefined;

/**
 * A cell starting with = + - @ (or a tab or carriage return) is a formula to Excel and friends,
 * so a student named `=HYPERLINK(...)` could run one on the teacher's machine: prefix a quote.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: CsvCell[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** The time zone of the dates in a grade sheet: the schools PyClass serves are in the UK. */
export const CSV_TIME_ZONE = "Europe/London";

const sheetDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: CSV_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * `2026-11-25 14:03`: a moment as local time in CSV_TIME_ZONE, the form every spreadsheet app reads
 * as a date-time (an ISO string in UTC with milliseconds stays text, and is an hour off in summer).
 */
export function csvDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const at = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return null;
  const part = Object.fromEntries(sheetDate.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** A file name safe for Content-Disposition: letters, digits, dashes. */
export function csvFileName(...parts: string[]): string {
  const slug = parts
    .join("-")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
  return `${slug || "export"}.csv`;
}

export function csvResponse(c: Context, fileName: string, rows: CsvCell[][]) {
  return c.body(toCsv(rows), 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "no-store",
  });
}

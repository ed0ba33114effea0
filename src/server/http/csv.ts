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

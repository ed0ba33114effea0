// Due dates: how cards write them, and the round trip to and from a date field.
import { formatDate } from "@/client/lib/format.ts";

/** A due date as the dashboard and cards show it. */
export function dueDateLabel(iso: string | null): string {
  return iso ? `Due ${formatDate(iso)}` : "No due date";
}

/**
 * A date picked in a date field (`2026-03-12`) becomes the end of that day in the teacher's
 * time zone, so "due on the 12th" still means the 12th wherever the date is shown locally.
 */
export function dueDateToIso(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number);
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}

/** The local calendar day of a stored due date, as a date field wants it (`2026-03-12`). */
export function isoToDateInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

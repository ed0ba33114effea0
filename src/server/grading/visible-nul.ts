// What a program printed, as it may be stored and shown: one rule for submissions and exercise Saves.

/**
 * PostgreSQL text (and jsonb) cannot hold U+0000, yet a program may print chr(0) (or raise an error
 * quoting it). What is stored and shown writes it as U+2400 (␀, the symbol Unicode made for it):
 * one visible character, so lines and diffs keep their shape. Grading has already compared the raw
 * output; only the record is escaped.
 */
export function visibleNul<T extends string | null>(text: T): T {
  return (text === null ? null : text.replaceAll("\u0000", "\u2400")) as T;
}

// A CodeRunner question's text, written as HTML in Moodle, becomes the plain text PyClass shows
// as a description (with its line breaks): html-to-text reads it as text only, so no imported
// HTML is ever rendered, no script or style survives and no image or link is fetched.
import { convert } from "html-to-text";

/**
 * Hostile nesting is slow: 200,000 nested <div>s took html-to-text 44 s and then overflowed the
 * stack, and parsing alone grows faster than the length (80,000 took 4 s). Deeper than MAX_DEPTH
 * is cut (no question text nests so deep), and a text longer than MAX_HTML, ten times the
 * description's limit, is not converted at all: at most about 0.2 s a question.
 */
const MAX_DEPTH = 64;
export const MAX_HTML = 200_000;

const OPTIONS = {
  wordwrap: false as const,
  limits: { maxDepth: MAX_DEPTH, maxInputLength: MAX_HTML },
  selectors: [
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    { selector: "img", format: "skip" },
    { selector: "ul", options: { itemPrefix: "- " } },
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: "table", format: "dataTable" },
  ],
};

/** Moodle's text formats that are HTML; plain_text and markdown are kept as written. */
const HTML_FORMATS = new Set(["html", "moodle_auto_format"]);

export type QuestionText = { text: string; images: number; tooLong?: true };

/** The description, and how many images the HTML showed (they are not carried). */
export function questionTextToDescription(text: string, format: string): QuestionText {
  // Kept exactly as written: what PyClass exports comes back unchanged (the round trip).
  if (!HTML_FORMATS.has(format)) return { text, images: 0 };
  if (text.length > MAX_HTML) return { text: "", images: 0, tooLong: true };
  const images = (text.match(/<img\b/gi) ?? []).length;
  return { text: convert(text, OPTIONS).trim(), images };
}

// A CodeRunner question's text, written as HTML in Moodle, becomes the plain text PyClass shows
// as a description (with its line breaks): html-to-text reads it as text only, so no imported
// HTML is ever rendered, no script or style survives and no image or link is fetched.
import { convert } from "html-to-text";

const OPTIONS = {
  wordwrap: false as const,
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

export type QuestionText = { text: string; images: number };

/** The description, and how many images the HTML showed (they are not carried). */
export function questionTextToDescription(text: string, format: string): QuestionText {
  // Kept exactly as written: what PyClass exports comes back unchanged (the round trip).
  if (!HTML_FORMATS.has(format)) return { text, images: 0 };
  const images = (text.match(/<img\b/gi) ?? []).length;
  return { text: convert(text, OPTIONS).trim(), images };
}

/**
 * A server's own text quoted in a message, on one line: what it wrote may hold terminal escapes
 * (colours, cursor moves, a title change), bidi overrides or invisible characters that would
 * hide or reorder what a reader sees. Each is written out as `\u{1b}` instead, so the quote shows
 * exactly what was sent and does nothing to the terminal it is printed on.
 */

// C0/C1 controls and DEL, line/paragraph separators, bidi controls, zero-width characters, BOM.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/** `text` with unprintable characters escaped, cut to at most `max` characters of the text (an ellipsis marks a cut). */
export function printableLine(text: string, max: number): string {
  const trimmed = text.trim();
  const cut = [...trimmed];
  const shown = cut.length > max ? `${cut.slice(0, max - 1).join("")}…` : trimmed;
  return shown.replace(UNPRINTABLE, (char) => `\\u{${char.codePointAt(0)!.toString(16)}}`);
}

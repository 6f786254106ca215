/**
 * Making server text printable: server names, descriptions and values reach terminals, PR
 * comments and CI logs, so control characters, bidi overrides and invisible characters are
 * removed (they could hide or reorder text a reviewer reads) and length is capped.
 */
import type { Json } from "../shared/canonical-json.js";

/** Default cap for one piece of server text in a report. */
export const MAX_TEXT_LENGTH = 200;

// C0/C1 controls, DEL, line/paragraph separators → space (they break lines).
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u0085]/g;
// Bidi embeddings/overrides/isolates, marks, zero-width characters, BOM → removed.
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** One clean line of at most `max` characters (an ellipsis marks a cut). */
export function cleanText(text: string, max = MAX_TEXT_LENGTH): string {
  const flat = text.replace(INVISIBLE, "").replace(LINE_BREAKING, " ").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // Do not cut a surrogate pair in half.
  let end = max - 1;
  const code = flat.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${flat.slice(0, end)}…`;
}

/** A short rendering of a JSON value for a sentence: strings quoted, the rest compact JSON. */
export function describeValue(value: Json | undefined, max = 100): string {
  if (value === undefined) return "(none)";
  return cleanText(JSON.stringify(value), max);
}

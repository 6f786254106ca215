/**
 * Making server text inert in generated source. Every string that comes from a server is emitted
 * through `literal()` (inside code) or `commentText()` (inside a JSDoc block).
 */

/**
 * Characters that JSON.stringify leaves raw but that must not appear raw in source: line and
 * paragraph separators (line terminators in older parsers and in comments), bidi controls
 * (Trojan Source), zero-width characters and the BOM.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

function unicodeEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** A JS/TS literal for any JSON value: a string literal for strings, valid and inert in every context. */
export function literal(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return "undefined";
  return text.replace(INVISIBLE, unicodeEscape);
}

/** Escape the invisible characters above anywhere in already generated code (inside literals they keep their value). */
export function escapeInvisible(code: string): string {
  return code.replace(INVISIBLE, unicodeEscape);
}

/**
 * Text safe inside a `/** ... *\/` block: no comment terminator, no control or invisible
 * characters, `\n` the only line break. Meant for reading, not for round-tripping data.
 */
export function commentText(text: string): string {
  return (
    text
      .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u0084\u0086-\u009f]/g, "")
      .replace(INVISIBLE, "")
      .replace(/\*\//g, "*\\/")
      // A lone `/` after a `*` split by the line prefix cannot close the comment, but `@` tags could
      // start a new JSDoc tag block; that is harmless text, so it stays.
      .trimEnd()
  );
}

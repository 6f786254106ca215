/**
 * Making server text safe inside generated code. Server names, descriptions and values may be
 * hostile: whatever they contain must stay inside its comment or string literal and must not
 * render differently from what it is (bidi overrides, invisible characters).
 */

/** Characters that end lines in JS source, or that reorder or hide text on screen. */
const UNSAFE_IN_SOURCE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

function unicodeEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * A JSON value as a single-quoted string literal of its compact JSON text (for `JSON.parse`), the
 * quote prettier picks for JSON text. Everything outside printable ASCII is a `\uXXXX` escape, so
 * no server text reaches the source raw; JSON.parse keeps `__proto__` an own key.
 */
export function jsonTextLiteral(value: unknown): string {
  const json = JSON.stringify(value) ?? "null";
  return `'${json.replace(/[\\']/g, "\\$&").replace(/[^\x20-\x7e]/g, unicodeEscape)}'`;
}

/** A double-quoted JS/TS string literal; every unsafe character becomes a `\uXXXX` escape. */
export function stringLiteral(text: string): string {
  return JSON.stringify(text).replace(UNSAFE_IN_SOURCE, unicodeEscape);
}

/**
 * A key of an emitted object literal (a value, not a type): `"__proto__": v` there would set the
 * literal's prototype, so that one name is written computed, `["__proto__"]: v`, an own property.
 */
export function objectKey(name: string): string {
  const literal = stringLiteral(name);
  return name === "__proto__" ? `[${literal}]` : literal;
}

/**
 * Characters that must never appear raw anywhere in generated code, even outside literals:
 * line and paragraph separators, bidi controls (Trojan Source), zero-width characters, the BOM.
 */
const INVISIBLE = /[\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Escape the invisible characters in already generated code (inside literals they keep their value). */
export function escapeInvisible(code: string): string {
  return code.replace(INVISIBLE, unicodeEscape);
}

/** A JSON value as a TS expression (objects, arrays, strings made safe as above). */
export function jsonLiteral(value: unknown): string {
  return ownProtoKeys(JSON.stringify(value)?.replace(UNSAFE_IN_SOURCE, unicodeEscape) ?? "undefined");
}

/**
 * In JSON `"__proto__"` is a key like any other; in a JS object literal `"__proto__": v` sets
 * the prototype instead. The computed form `["__proto__"]: v` is an own property. In JSON text an
 * unescaped `"__proto__":` can only be a key (a quote inside a string is always escaped).
 */
function ownProtoKeys(json: string): string {
  return json.replace(/"__proto__":/g, '["__proto__"]:');
}

/** What `docText` rewrites, in its order: line breaks, dropped characters, a comment's end, a leading `@`. */
const DOC_LINE_BREAKS = String.raw`\r\n?|[\u2028\u2029\u0085]`;
const DOC_DROPPED = String.raw`[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]`;
const DOC_COMMENT_END = String.raw`\*\/`;
const DOC_LEADING_AT = String.raw`^(\s*)@`;
/** Any of them: most descriptions hold none, and are then only trimmed. */
const DOC_ANY = new RegExp([DOC_LINE_BREAKS, DOC_DROPPED, DOC_COMMENT_END, DOC_LEADING_AT].join("|"), "m");
const DOC_LINE_BREAKS_ALL = new RegExp(DOC_LINE_BREAKS, "g");
const DOC_DROPPED_ALL = new RegExp(DOC_DROPPED, "g");
const DOC_COMMENT_END_ALL = new RegExp(DOC_COMMENT_END, "g");
const DOC_LEADING_AT_ALL = new RegExp(DOC_LEADING_AT, "gm");

/**
 * Text for a JSDoc block: line breaks kept as `\n`, other control and bidi characters dropped,
 * `*\/` broken so it cannot close the comment, and a leading `@` escaped so it reads as text.
 */
export function docText(text: string): string {
  if (!DOC_ANY.test(text)) return text.trim();
  return text.replace(DOC_LINE_BREAKS_ALL, "\n").replace(DOC_DROPPED_ALL, "").replace(DOC_COMMENT_END_ALL, "*\\/").replace(DOC_LEADING_AT_ALL, "$1\\@").trim();
}

/** A JSDoc comment's lines: on one line when the text is one line (the committed layout, which ts-morph set). */
export function docCommentLines(text: string | undefined): string[] {
  const body = text === undefined ? "" : docText(text);
  if (body === "") return [];
  const lines = body.split("\n");
  return lines.length === 1 ? [`/** ${body} */`] : ["/**", ...lines.map((line) => ` * ${line}`.trimEnd()), " */"];
}

/** A whole JSDoc comment (`/** … *\/`), or "" when there is nothing to say. */
export function docComment(text: string | undefined, indent = ""): string {
  const body = text === undefined ? "" : docText(text);
  if (body === "") return "";
  const lines = body.split("\n");
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join("\n")}\n${indent} */\n`;
}

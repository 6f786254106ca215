/**
 * Prettier's layout of the two member shapes a server module has one of per tool (its entry in
 * the tool table, its method in the client interface), written out directly. Formatting them
 * with prettier took about a fifth of a large server's first `generate`.
 *
 * Every function returns undefined unless it is certain of prettier's layout: text outside
 * printable ASCII (prettier measures some characters as two columns or none), a string prettier
 * would requote, a line that cannot fit where the layout depends on it. Such a member goes
 * through prettier like any other code. test/format/layout.test.ts compares these layouts with
 * prettier's around every line-width boundary.
 */
import { PRETTIER_OPTIONS } from "./options.js";

const PRINT_WIDTH = PRETTIER_OPTIONS.printWidth ?? 80;
export const INDENT = " ".repeat(PRETTIER_OPTIONS.tabWidth ?? 2);

/**
 * Prettier never breaks after the colon of a key this short: the value would move less than
 * this far left (its `isObjectPropertyWithShortKey`: narrower than tabWidth + 3).
 */
const SHORT_KEY_WIDTH = (PRETTIER_OPTIONS.tabWidth ?? 2) + 3;

/** A value that cannot break (a string literal, an identifier, `true`) or an object of them. */
export type LayoutValue = { text: string } | { members: LayoutMember[] };
export type LayoutMember = readonly [key: string, value: LayoutValue];

/** Printable ASCII only: one column per character, as prettier measures it. */
export const PLAIN = /^[\x20-\x7e]*$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Prettier may print a double-quoted string literal with a double quote inside with single quotes. */
export function mayBeRequoted(literal: string): boolean {
  return literal.slice(1, -1).includes('"');
}

/** `literal` (a double-quoted string literal) if prettier prints it as it is. */
export function plainString(literal: string): { text: string } | undefined {
  return PLAIN.test(literal) && !mayBeRequoted(literal) ? { text: literal } : undefined;
}

/** An identifier-like key, or an identifier value. */
export function plainName(name: string): string | undefined {
  return IDENTIFIER.test(name) ? name : undefined;
}

/** A JSON object of booleans and plain strings under identifier keys, as a layout value. */
export function plainJsonObject(value: Record<string, unknown>): LayoutValue | undefined {
  const members: LayoutMember[] = [];
  for (const [key, item] of Object.entries(value)) {
    const text = typeof item === "boolean" ? { text: String(item) } : typeof item === "string" ? plainString(JSON.stringify(item)) : undefined;
    // `__proto__: v` would set the prototype: that key is printed computed, by prettier.
    if (!text || !plainName(key) || key === "__proto__") return undefined;
    members.push([key, text]);
  }
  return { members };
}

export function fits(line: string): boolean {
  return line.length <= PRINT_WIDTH;
}

function flat(value: LayoutValue): string {
  if ("text" in value) return value.text;
  return value.members.length === 0 ? "{}" : `{ ${value.members.map(([key, item]) => `${key}: ${flat(item)}`).join(", ")} }`;
}

/**
 * `key: value,` as a member of an expanded object at `indent`, one string per line. An object
 * value stays on one line when it fits (it was written on one); otherwise each of its members
 * gets a line. A value that cannot break moves to the next line when it does not fit, unless
 * the key is short.
 */
export function objectMemberLines(indent: string, key: string, value: LayoutValue): string[] | undefined {
  const oneLine = `${indent}${key}: ${flat(value)},`;
  if (!PLAIN.test(oneLine)) return undefined;
  if (fits(oneLine)) return [oneLine];
  if ("text" in value) {
    return key.length < SHORT_KEY_WIDTH ? [oneLine] : [`${indent}${key}:`, `${indent}${INDENT}${value.text},`];
  }
  // a key too long for `key: {` to fit breaks after the colon instead
  const open = `${indent}${key}: {`;
  if (!fits(open)) return undefined;
  const lines = [open];
  for (const [memberKey, member] of value.members) {
    const memberLines = objectMemberLines(`${indent}${INDENT}`, memberKey, member);
    if (!memberLines) return undefined;
    lines.push(...memberLines);
  }
  lines.push(`${indent}},`);
  return lines;
}

/**
 * A method signature in an interface at `indent`, after its doc comment (as `docComment`
 * lines: prettier keeps a JSDoc block as it is once indented). On one line when it fits;
 * otherwise one parameter per line, with a trailing comma, if the return type then fits.
 */
export function methodSignatureLines(indent: string, doc: readonly string[], name: string, parameters: readonly string[], returnType: string): string[] | undefined {
  // A comment's width does not matter: nothing around it is laid out by it.
  const comment = doc.map((line) => `${indent}${line}`);
  const oneLine = `${indent}${name}(${parameters.join(", ")}): ${returnType};`;
  if (!PLAIN.test(oneLine)) return undefined;
  if (fits(oneLine)) return [...comment, oneLine];
  const lines = [`${indent}${name}(`, ...parameters.map((parameter) => `${indent}${INDENT}${parameter},`), `${indent}): ${returnType};`];
  return lines.every(fits) ? [...comment, ...lines] : undefined;
}

/**
 * Zod schema statements laid out without prettier, once prettier has shown how it lays out
 * their parts. About half of a large server's formatting is Zod schemas, and most of their
 * properties repeat a few shapes (`z.string().describe("…")`, `z.int().gte(1).exactOptional()`).
 *
 * How prettier breaks a property's value depends on the value's structure and on whether the
 * line fits. So a property is laid out only when its line fits and prettier printed a property
 * of the same structure (the same code with other string contents and numbers) on one line,
 * exactly as written, in an earlier statement of the same run: nothing here second-guesses
 * prettier's rules. Text outside printable ASCII, a string prettier would requote, a
 * comment, a regular expression or a key that needs quotes leaves the statement to prettier.
 * test/format/schema-layout.test.ts compares the results with prettier's.
 */
import { PRETTIER_OPTIONS } from "./options.js";

/** A statement `export const XSchema: z.ZodType<X> = z.looseObject({ key: value, … });` in parts. */
export interface ObjectSchemaStatement {
  /** Up to the object call's `(`: `export const XSchema: z.ZodType<X> = z.looseObject(`. */
  head: string;
  /** Each property: its key as a source literal (`"key"`), and its value expression. */
  members: (readonly [key: string, value: string])[];
}

const PRINT_WIDTH = PRETTIER_OPTIONS.printWidth ?? 80;
const INDENT = " ".repeat(PRETTIER_OPTIONS.tabWidth ?? 2);
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Code outside strings: no quote left over, comment, regular expression or template. */
const PLAIN_CODE = /^[^"'`/]*$/;
const PLAIN_NUMBER = /(?<![\w$.])\d+(?:\.\d+)?(?![\w$])/g;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** What prettier has shown of the layouts it gives; one per formatting thread and run. */
export class SchemaLayouts {
  /** Structures of values prettier printed on one line as written. */
  private readonly flatValues = new Set<string>();
  /** Object calls (`z.looseObject`) prettier printed expanded as `head{` … `});`. */
  private readonly expandedCalls = new Set<string>();

  /** The statement as prettier lays it out (with a final newline), or undefined when not certain. */
  layOut(statement: ObjectSchemaStatement): string | undefined {
    const call = objectCall(statement.head);
    if (call === undefined || !this.expandedCalls.has(call)) return undefined;
    const open = `${statement.head}{`;
    const lines = memberLines(statement);
    if (!lines || !fits(open)) return undefined;
    // On one line when it fits: the expanded form below would not be prettier's then.
    if (fits(`${statement.head}{ ${lines.map((line) => line.text.slice(INDENT.length, -1)).join(", ")} });`)) return undefined;
    if (!lines.every((line) => fits(line.text) && this.flatValues.has(line.structure))) return undefined;
    return `${[open, ...lines.map((line) => line.text), "});"].join("\n")}\n`;
  }

  /** Learn from prettier's output for the statement (its text, without surrounding blank lines). */
  learn(statement: ObjectSchemaStatement, formatted: string): void {
    const call = objectCall(statement.head);
    const lines = memberLines(statement);
    const printed = formatted.trimEnd().split("\n");
    if (call === undefined || !lines || printed.length !== lines.length + 2) return;
    if (printed[0] !== `${statement.head}{` || printed.at(-1) !== "});") return;
    this.expandedCalls.add(call);
    lines.forEach((line, index) => {
      if (printed[index + 1] === line.text) this.flatValues.add(line.structure);
    });
  }
}

interface MemberLine {
  /** `  key: value,` as written. */
  text: string;
  /** The value with every string emptied and every number zeroed. */
  structure: string;
}

/** The statement's properties as one-line members, or undefined if one is not plain. */
function memberLines(statement: ObjectSchemaStatement): MemberLine[] | undefined {
  const lines: MemberLine[] = [];
  for (const [key, value] of statement.members) {
    // a key prettier prints bare: an identifier (quoted or not)
    const name = IDENTIFIER.test(key) ? key : /^"([A-Za-z_$][\w$]*)"$/.exec(key)?.[1];
    const strings = value.match(STRING_LITERAL) ?? [];
    const code = value.replace(STRING_LITERAL, '""');
    if (name === undefined || !PRINTABLE_ASCII.test(value) || !PLAIN_CODE.test(code.replaceAll('""', "")) || /\d[eE]/.test(code)) return undefined;
    // a string with a double quote: prettier may requote it with single quotes
    if (strings.some((literal) => literal.slice(1, -1).includes('"'))) return undefined;
    lines.push({ text: `${INDENT}${name}: ${value},`, structure: code.replace(PLAIN_NUMBER, "0") });
  }
  return lines;
}

/** `z.looseObject` of `export const X: z.ZodType<X> = z.looseObject(`. */
function objectCall(head: string): string | undefined {
  return /^export const [A-Za-z_$][\w$]*: z\.ZodType<[A-Za-z_$][\w$]*> = (z\.(?:looseObject|strictObject))\($/.exec(head)?.[1];
}

function fits(line: string): boolean {
  return line.length <= PRINT_WIDTH;
}

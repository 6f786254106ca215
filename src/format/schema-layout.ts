/**
 * Zod schema properties laid out without prettier, once prettier has shown how it lays out
 * their structure. About half of a large server's formatting is Zod schemas, and most of their
 * properties repeat a few shapes (`z.string().describe("…")`, `z.int().gte(1).exactOptional()`).
 *
 * How prettier breaks a property's value depends on the value's structure and on whether its
 * line fits. So a property is laid out only when its line fits and prettier printed a property
 * of the same structure (the same code with other string contents and numbers) on one line,
 * exactly as written, earlier in the same run; the statement around it only in a frame prettier
 * has printed (frameOf). Nothing here second-guesses prettier's rules: the other properties are
 * formatted by prettier, in a statement of their own, and put back in their place (prettier lays
 * out each property of an expanded object on its own). Text outside printable ASCII, a string
 * prettier would requote, a comment, a regular expression or a key that needs quotes leaves the
 * property to prettier. test/format/schema-layout.test.ts compares the results with prettier's.
 */
import { fits, INDENT, mayBeRequoted, plainName, PLAIN } from "./layout.js";

/** A statement `export const XSchema: z.ZodType<X> = z.looseObject({ key: value, … });` in parts. */
export interface ObjectSchemaStatement {
  /** Up to the object call's `(`: `export const XSchema: z.ZodType<X> = z.looseObject(`. */
  head: string;
  /** Each property: its key as written (bare, or quoted when it is not an identifier), and its value expression. */
  members: (readonly [key: string, value: string])[];
}

const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g;
/** Code outside strings: no quote left over, comment, regular expression or template. */
const PLAIN_CODE = /^[^"'`/]*$/;
const PLAIN_NUMBER = /(?<![\w$.])\d+(?:\.\d+)?(?![\w$])/g;

/**
 * How a statement is formatted: which properties come laid out, and the source prettier formats
 * for the others (the statement with just those, written expanded so that it stays expanded).
 */
export interface StatementPlan {
  frame: Frame;
  /** Per property: its line when laid out, undefined when prettier lays it out. */
  lines: (string | undefined)[];
  rest?: string | undefined;
}

/**
 * Where prettier puts an object schema statement's properties. `export const X: T = z.looseObject({`
 * on one line when it fits, the properties below it; otherwise (a long name) it breaks after `=`
 * and the call, one indent in, holds them. Each is taken only once prettier has shown it.
 */
export interface Frame {
  /** Which of the two, and the call: what prettier must have shown. */
  key: string;
  /** The lines before the properties. */
  open: string[];
  /** The line after them. */
  close: string;
  /** The properties' indent. */
  indent: string;
  /** The statement with its properties on one line (`body`), when that fits. */
  flat: (body: string) => string[];
}

/** What prettier has shown of the layouts it gives; one per formatting thread and run. */
export class SchemaLayouts {
  /** Structures of values prettier printed on one line as written. */
  private readonly flatValues = new Set<string>();
  /** Frames prettier printed with the properties on their own lines. */
  private readonly frames = new Set<string>();

  /** How to format the statement, or undefined when prettier is to format it whole. */
  plan(statement: ObjectSchemaStatement): StatementPlan | undefined {
    const frame = frameOf(statement.head);
    if (frame === undefined || !this.frames.has(frame.key)) return undefined;
    const lines = statement.members.map((member) => {
      const plain = plainMember(member, frame.indent);
      return plain && fits(plain.text) && this.flatValues.has(plain.structure) ? plain.text : undefined;
    });
    if (lines.every((line) => line === undefined)) return undefined;
    const rest = statement.members.filter((_, index) => lines[index] === undefined);
    return rest.length === 0 ? { frame, lines } : { frame, lines, rest: `${statement.head}{\n${rest.map(([key, value]) => `${key}: ${value},`).join("\n")}\n});` };
  }

  /**
   * The statement's text from its plan and prettier's output of `plan.rest` (learned from), or
   * undefined when that output does not split into the properties given.
   */
  assemble(statement: ObjectSchemaStatement, plan: StatementPlan, restFormatted = ""): string | undefined {
    const { frame } = plan;
    let printed: string[][] = [];
    if (plan.rest !== undefined) {
      const restMembers = statement.members.filter((_, index) => plan.lines[index] === undefined);
      printed = framedMembers(frame, restFormatted) ?? [];
      if (printed.length !== restMembers.length) return undefined;
      restMembers.forEach((member, index) => this.learnMember(member, frame, printed[index] ?? []));
    }
    let next = 0;
    const members = plan.lines.map((line) => line ?? (printed[next++] ?? []).join("\n"));
    // Every property on one line and the whole fitting: prettier prints it so.
    if (members.every((member) => !member.includes("\n"))) {
      const flat = frame.flat(members.map((member) => member.slice(frame.indent.length, -1)).join(", "));
      if (flat.every(fits)) return flat.join("\n");
    }
    return [...frame.open, ...members, frame.close].join("\n");
  }

  /** Learn from prettier's output of a whole statement (its text, without surrounding blank lines). */
  learn(statement: ObjectSchemaStatement, formatted: string): void {
    const frame = frameOf(statement.head);
    const printed = frame && framedMembers(frame, formatted);
    if (!frame || !printed || printed.length !== statement.members.length) return;
    this.frames.add(frame.key);
    statement.members.forEach((member, index) => this.learnMember(member, frame, printed[index] ?? []));
  }

  /** A property printed on one line as written shows that its structure is. */
  private learnMember(member: readonly [string, string], frame: Frame, printed: readonly string[]): void {
    const plain = plainMember(member, frame.indent);
    if (plain && printed.length === 1 && printed[0] === plain.text) this.flatValues.add(plain.structure);
  }
}

/** The frame prettier gives a statement with this head, or undefined when it may give another. */
function frameOf(head: string): Frame | undefined {
  const match = /^(export const [A-Za-z_$][\w$]*: z\.ZodType<[A-Za-z_$][\w$]*>) = (z\.(?:looseObject|strictObject))\($/.exec(head);
  const [, left, call] = match ?? [];
  if (left === undefined || call === undefined) return undefined;
  if (fits(`${head}{`)) {
    return { key: `${call} inline`, open: [`${head}{`], close: "});", indent: INDENT, flat: (body) => [`${head}{${body === "" ? "" : ` ${body} `}});`] };
  }
  // Prettier breaks after `=` when the head up to the call's `(` does not fit.
  if (fits(head) || !fits(`${left} =`)) return undefined;
  const open = `${INDENT}${call}({`;
  return { key: `${call} below`, open: [`${left} =`, open], close: `${INDENT}});`, indent: INDENT.repeat(2), flat: (body) => [`${left} =`, `${INDENT}${call}({${body === "" ? "" : ` ${body} `}});`] };
}

/** The properties' lines in prettier's output of a statement, grouped by property; undefined if the frame is not the one given. */
function framedMembers(frame: Frame, formatted: string): string[][] | undefined {
  const lines = formatted.trimEnd().split("\n");
  const body = lines.slice(frame.open.length, -1);
  if (frame.open.some((line, index) => lines[index] !== line) || lines.at(-1) !== frame.close) return undefined;
  // a property starts with its key at the indent; its other lines are deeper or close brackets
  const start = new RegExp(`^${frame.indent}[A-Za-z_$"[]`);
  const groups: string[][] = [];
  for (const line of body) {
    if (start.test(line)) groups.push([line]);
    else if (groups.length > 0) groups.at(-1)?.push(line);
    else return undefined;
  }
  return groups;
}

interface PlainMember {
  /** `key: value,` as written, at the indent. */
  text: string;
  /** The value with every string emptied and every number zeroed. */
  structure: string;
}

/** A property as a one-line member, or undefined if prettier may print its text differently. */
function plainMember([key, value]: readonly [string, string], indent: string): PlainMember | undefined {
  // a key prettier prints bare: an identifier (quoted or not)
  const name = plainName(key) ?? plainName(/^"(.*)"$/.exec(key)?.[1] ?? "");
  const code = value.replace(STRING_LITERAL, '""');
  if (name === undefined || !PLAIN.test(value) || !PLAIN_CODE.test(code.replaceAll('""', "")) || /\d[eE]/.test(code)) return undefined;
  if ((value.match(STRING_LITERAL) ?? []).some(mayBeRequoted)) return undefined;
  return { text: `${indent}${name}: ${value},`, structure: code.replace(PLAIN_NUMBER, "0") };
}

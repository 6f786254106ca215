/**
 * Our placeholders set aside while a value is judged. Each `${NAME}`, `${env:NAME}` or
 * `${NAME:-default}`, read as the runtime resolves them, becomes a mark (`\uE000<n>\uE001`,
 * private-use characters no rule splits at or matches), so that a default holding `/`, `@`,
 * `;`, `=` or `&` cannot cut a URL or a connection string in the wrong place, and no
 * placeholder is judged as literal text. Each mark remembers its placeholder.
 */
import { placeholderSpans } from "@mcp-codegen/runtime/internal";

export interface Mark {
  /** The placeholder as written. */
  readonly text: string;
  readonly name: string;
  /** Its default (`${NAME:-default}`); undefined when it has none. */
  readonly fallback: string | undefined;
}

/** A marked value cut into literal text and marks, in order. */
export type Piece = { readonly literal: string } | { readonly mark: Mark };

const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARK = /\uE000(\d+)\uE001/g;
const MARK_CHARACTER = /[\uE000\uE001]/;

/** The marks of one server entry. */
export class Marks {
  private readonly marks: Mark[] = [];
  private readonly secretDefaults = new Set<Mark>();

  /** `value` with each placeholder as a mark; undefined when the value holds a mark character itself (it cannot be judged). */
  mark(value: string): string | undefined {
    if (MARK_CHARACTER.test(value)) return undefined;
    let out = "";
    let at = 0;
    for (const span of placeholderSpans(value)) {
      out += `${value.slice(at, span.start)}${OPEN}${this.marks.length}${CLOSE}`;
      this.marks.push({ text: value.slice(span.start, span.end), name: span.name, fallback: span.fallback });
      at = span.end;
    }
    return out + value.slice(at);
  }

  /** Literal text and marks of a marked value; literal pieces are never empty. */
  pieces(text: string): Piece[] {
    const pieces: Piece[] = [];
    let at = 0;
    for (const match of text.matchAll(MARK)) {
      if (match.index > at) pieces.push({ literal: text.slice(at, match.index) });
      pieces.push({ mark: this.at(match[1]) });
      at = match.index + match[0].length;
    }
    if (at < text.length) pieces.push({ literal: text.slice(at) });
    return pieces;
  }

  /** Note that `mark` stands where a secret would: its default would be one. */
  distrust(mark: Mark): void {
    this.secretDefaults.add(mark);
  }

  /** Whether `mark` stands where a secret would. */
  distrusted(mark: Mark): boolean {
    return this.secretDefaults.has(mark);
  }

  /** The marked text with its placeholders back, each as `write` spells it (default: as written). */
  unmark(text: string, write: (mark: Mark) => string = (mark) => mark.text): string {
    return text.replace(MARK, (_whole, index: string) => write(this.at(index)));
  }

  private at(index: string | undefined): Mark {
    const mark = this.marks[Number(index)];
    if (mark === undefined) throw new Error(`init: unknown placeholder mark ${index ?? ""}`);
    return mark;
  }
}

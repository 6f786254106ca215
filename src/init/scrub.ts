/**
 * What every scrubbing step of `init` shares: the server being converted, the variable names
 * handed out so far, where the config will live and the placeholders set aside (marks.ts); the
 * one way a value becomes a `${NAME}` placeholder; and how one place of a value is judged.
 */
import type { Marks } from "./marks.js";
import { PLACEHOLDER_JOINERS } from "./secret-rules.js";
import type { VariableNames } from "./secrets.js";

/** Where the imported config will live: paths under the user's home are not written absolute. */
export interface ConvertPlaces {
  /** The project folder (where codegen.config.ts is written). */
  cwd: string;
  /** The user's home folder; undefined when unknown. */
  home: string | undefined;
}

/** What every scrubbing function needs: the server, the variable names, the places, the marks. */
export interface Scrub {
  server: string;
  names: VariableNames;
  places: ConvertPlaces;
  /** Whether the entry sets its own cwd (then relative arguments would resolve from there). */
  ownCwd: boolean;
  /** The entry's placeholders, set aside while its values are judged. */
  marks: Marks;
  /** What was left out or changed, for the user to read (never a value). */
  notes: string[];
}

/** `scheme://` at the start of a value: a URL. */
export const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** `${NAME}` standing for `value` (marked text): `name` as written, or derived when another value has it. */
export function placeholder(scrub: Scrub, name: string, value: string): string {
  return wholePlaceholder(scrub, name, scrub.marks.unmark(value));
}

/** `${NAME}` standing for `value` as written (not marked). */
export function wholePlaceholder(scrub: Scrub, name: string, value: string): string {
  return `\${${scrub.names.claim(name, value, scrub.server)}}`;
}

/** Whether literal text is, or may be, a secret where it stands. */
export type Judge = (literal: string) => boolean;

/** A place that holds a secret whatever its text (a password, a secret-named flag's value). */
export const SECRET: Judge = () => true;

/**
 * One place of a value that holds one thing (an env value, a flag's value, a URL's password, a
 * query value, a credential after its scheme), judged by `secret`. Literal text is kept, or
 * becomes one `${name}` when secret. Placeholders stay; literal text beside them is judged
 * without the separators that join it to them (`${HOST}:8080`, `${HOME}/memory.json`), and when
 * any of it is secret the whole place becomes one `${name}`: the new variable stands for the
 * value the place held (`Bearer ${TOKEN_PREFIX}…` → `Bearer ${SERVER_TOKEN}`). A placeholder's
 * default is judged as if written there: when secret, the mark is distrusted (its default goes).
 */
export function leaf(text: string, name: string, secret: Judge, scrub: Scrub): string {
  const pieces = scrub.marks.pieces(text);
  if (pieces.every((piece) => "literal" in piece)) return text !== "" && secret(text) ? placeholder(scrub, name, text) : text;
  const secretText = pieces.some((piece) => "literal" in piece && secretBeside(piece.literal, secret));
  if (secretText) return placeholder(scrub, name, text);
  for (const piece of pieces) {
    if (!("mark" in piece)) continue;
    const fallback = piece.mark.fallback;
    if (fallback !== undefined && fallback !== "" && secret(fallback)) scrub.marks.distrust(piece.mark);
  }
  return text;
}

function secretBeside(literal: string, secret: Judge): boolean {
  const core = literal.replace(PLACEHOLDER_JOINERS, "");
  return core !== "" && secret(core);
}

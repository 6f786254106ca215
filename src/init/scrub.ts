/**
 * What every scrubbing step of `init` shares: the server being converted, the variable names
 * handed out so far, and where the config will live; and the one way a value becomes a
 * `${NAME}` placeholder.
 */
import type { VariableNames } from "./secrets.js";

/** Where the imported config will live: paths under the user's home are not written absolute. */
export interface ConvertPlaces {
  /** The project folder (where codegen.config.ts is written). */
  cwd: string;
  /** The user's home folder; undefined when unknown. */
  home: string | undefined;
}

/** What every scrubbing function needs: the server, the variable names, the places. */
export interface Scrub {
  server: string;
  names: VariableNames;
  places: ConvertPlaces;
  /** Whether the entry sets its own cwd (then relative arguments would resolve from there). */
  ownCwd: boolean;
}

export const OUR_VARIABLE = /\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}/;

/** `scheme://` at the start of a value: a URL. */
export const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** `${NAME}` standing for `value`: `name` as written, or derived when another value has it. */
export function placeholder(scrub: Scrub, name: string, value: string): string {
  return `\${${scrub.names.claim(name, value, scrub.server)}}`;
}

/**
 * One value of an entry (an env value, a header, a URL, an argument) with its placeholders set
 * aside while it is judged and put back after, each keeping its default only when that is
 * plainly harmless; and the judgements values share: env values, header values, connection
 * strings, paths under the user's home.
 */
import path from "node:path";
import { isSecretFieldName } from "@mcp-codegen/runtime/internal";
import { envName, isPlainValue, isSecretName, VariableNames } from "./secrets.js";
import { AUTH_CREDENTIAL, KEY_VALUE_LIST } from "./secret-rules.js";
import type { Mark } from "./marks.js";
import { leaf, SCHEME, SECRET, wholePlaceholder, type Judge, type Scrub } from "./scrub.js";
import { urlWithoutSecrets } from "./url.js";

/** Where a value goes: the name of a placeholder for all of it, and its env or header name. */
export interface Field {
  name: string;
  /** An env or header name: generate refuses a default in one the runtime calls secret. */
  field?: string;
}

/**
 * One value of the entry, judged by `judge` with its placeholders set aside (marks.ts) and put
 * back after, each without its default unless that is plainly harmless; a value that cannot be
 * marked becomes one placeholder.
 */
export function judged(value: string, where: Field, judge: (marked: string, scrub: Scrub) => string, scrub: Scrub): string {
  const marked = scrub.marks.mark(value);
  return marked === undefined ? wholePlaceholder(scrub, where.name, value) : restored(judge(marked, scrub), where, scrub);
}

/** A judged value with its placeholders back, each without its default unless that is plainly harmless. */
export function restored(text: string, where: Field, scrub: Scrub): string {
  return scrub.marks.unmark(text, (mark) => (keepsDefault(mark, where, scrub) ? mark.text : withoutDefault(mark, scrub)));
}

/**
 * Whether a placeholder keeps its default (`${LOG_LEVEL:-debug}`): only a plainly harmless one
 * (a word, number, path or URL without credentials, under no home folder), for a variable whose
 * name does not say secret, where no secret stands, and where generate accepts a default.
 */
function keepsDefault(mark: Mark, where: Field, scrub: Scrub): boolean {
  if (mark.fallback === undefined || mark.fallback === "") return true;
  if (scrub.marks.distrusted(mark) || isSecretName(mark.name) || (where.field !== undefined && isSecretFieldName(where.field))) return false;
  return plain(mark.fallback, scrub) && localPath(mark.fallback, dryRun(scrub)) === mark.fallback;
}

/** A scrub whose placeholders go nowhere: to see whether a step would change a text. */
function dryRun(scrub: Scrub): Scrub {
  return { ...scrub, names: new VariableNames(), notes: [] };
}

/** Plainly harmless: a word, number, path or host (secret-rules.ts), or a URL without credentials. */
function plain(text: string, scrub: Scrub): boolean {
  return SCHEME.test(text) ? urlWithoutSecrets(text, dryRun(scrub)) === text : isPlainValue(text);
}

/** Text that is not plainly harmless may be a secret. */
export function notPlain(scrub: Scrub): Judge {
  return (text) => !plain(text, scrub);
}

/** `${NAME}` without its default, and a note naming the variable to set (never the default). */
function withoutDefault(mark: Mark, scrub: Scrub): string {
  const note = `default of \${${mark.name}} left out (it may be a secret): set ${mark.name}`;
  if (!scrub.notes.includes(note)) scrub.notes.push(note);
  return `\${${mark.name}}`;
}

/**
 * The value of an environment variable, in `env` or as a `NAME=value` argument (`docker run -e
 * NAME=value`): a placeholder named after the variable (`${NAME}`, the name the user may already
 * have set; derived when another value has it) when the name says secret or the value is not
 * plainly harmless; kept when plainly harmless (paths, log levels, ports, booleans); a URL or a
 * connection string keeps all but its credentials. `value`: marked.
 */
export function assignedValue(key: string, value: string, scrub: Scrub): string {
  if (isSecretName(key)) return leaf(value, key, SECRET, scrub);
  if (SCHEME.test(value)) return urlWithoutSecrets(value, scrub);
  if (KEY_VALUE_LIST.test(value)) return keyValueListWithoutSecrets(value, scrub);
  return localPath(leaf(value, key, notPlain(scrub), scrub), scrub);
}

/**
 * A header's value: a credential after an auth scheme, whatever the header's name, becomes a
 * placeholder that keeps the scheme (`Bearer ${SERVER_TOKEN}`); else the value is kept when
 * neither the name nor the value says secret (`X-Team: blue`), or becomes a placeholder.
 */
export function headerValue(header: string, value: string, scrub: Scrub): string {
  const credential = AUTH_CREDENTIAL.exec(value);
  if (credential?.[1] !== undefined && credential[2] !== undefined) return `${credential[1]}${leaf(credential[2], envName(`${scrub.server}_TOKEN`), SECRET, scrub)}`;
  return leaf(value, envName(`${scrub.server}_${header}`), isSecretName(header) ? SECRET : notPlain(scrub), scrub);
}

/** `Server=db;Password=…` → `Server=db;Password=${SERVER_PASSWORD}`. */
export function keyValueListWithoutSecrets(value: string, scrub: Scrub): string {
  return value
    .split(";")
    .map((pair) => {
      const at = pair.indexOf("=");
      if (at < 0) return pair;
      const key = pair.slice(0, at);
      const item = pair.slice(at + 1);
      return `${key}=${leaf(item, envName(`${scrub.server}_${key}`), isSecretName(key) ? SECRET : notPlain(scrub), scrub)}`;
    })
    .join(";");
}

/**
 * A path under the user's home is not written absolute (it would name the user and differ on
 * every machine): relative to the project when inside it (commands start in the config's
 * folder), else `${HOME}/…`.
 */
export function localPath(value: string, scrub: Scrub): string {
  const { cwd, home } = scrub.places;
  if (home === undefined || !path.isAbsolute(value) || path.resolve(home) === path.parse(path.resolve(home)).root) return value;
  const inside = (root: string) => {
    const relative = path.relative(root, value);
    return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative)) ? relative : undefined;
  };
  const inProject = scrub.ownCwd ? undefined : inside(cwd);
  if (inProject !== undefined) return inProject === "" ? "." : `./${inProject.split(path.sep).join("/")}`;
  const inHome = inside(home);
  if (inHome === undefined) return value;
  return inHome === "" ? "${HOME}" : `\${HOME}/${inHome.split(path.sep).join("/")}`;
}

/**
 * One editor server entry → one codegen.config entry, with every value that is or may be a
 * secret (secret-named env keys, headers and flags, credentials in URLs and connection strings,
 * token-like values, any value not plainly harmless) replaced by a `${NAME}` placeholder, paths
 * under the user's home made relative or `${HOME}/…`, and editor variables (`${input:id}`,
 * `${env:X}`, `${workspaceFolder}`, `${userHome}`) made into ours. Rules: secret-rules.ts.
 */
import path from "node:path";
import { isSecretFieldName } from "@mcp-codegen/runtime/internal";
import { envName, isPlainValue, isSecretName, looksLikeToken, VariableNames } from "./secrets.js";
import { AUTH_CREDENTIAL, DIGEST_LABELS, HEADER_FLAGS, KEY_VALUE_LIST, NOT_A_PASSWORD, PASSWORD_FLAGS_BY_PROGRAM, SHORT_PASSWORD_FLAG } from "./secret-rules.js";
import { Marks, type Mark } from "./marks.js";
import { leaf, placeholder, SCHEME, SECRET, wholePlaceholder, type ConvertPlaces, type Judge, type Scrub } from "./scrub.js";
import { urlWithoutSecrets } from "./url.js";
import { commandWords, isOperator, withWords } from "./command-line.js";
import { isRecord } from "../config/compat.js";

export interface ConvertedServer {
  entry: Record<string, unknown>;
  /** What was left out or changed, for the user to read (never a value). */
  notes: string[];
}

type Editor = Record<string, unknown>;

/** Keys of editor entries that mean nothing to codegen: dropped with a note. */
const DROPPED_KEYS: Readonly<Record<string, string>> = {
  envFile: "envFile not imported: set its variables in the environment",
  alwaysAllow: "alwaysAllow not imported (approvals belong to the host)",
  autoApprove: "autoApprove not imported (approvals belong to the host)",
  gallery: "gallery not imported",
  version: "version not imported",
  dev: "dev not imported",
  timeout: "timeout not imported",
};

export function convertServer(name: string, source: Editor, names: VariableNames, places: ConvertPlaces): ConvertedServer {
  const notes: string[] = [];
  const scrub: Scrub = { server: name, names, places, ownCwd: typeof source["cwd"] === "string", marks: new Marks(), notes };
  const text = (value: unknown): string => editorVariables(String(value), notes);
  const entry: Record<string, unknown> = {};
  const url = source["url"] ?? source["serverUrl"] ?? source["httpUrl"];
  const type = typeof source["type"] === "string" ? source["type"] : typeof source["transport"] === "string" ? source["transport"] : undefined;
  if (typeof source["command"] === "string") {
    entry["transport"] = "stdio";
    entry["command"] = localPath(text(source["command"]), scrub);
    // env first: its keys are the names the user may already have set.
    const env = isRecord(source["env"]) && Object.keys(source["env"]).length > 0 ? envWithoutSecrets(source["env"], text, scrub) : undefined;
    if (Array.isArray(source["args"]) && source["args"].length > 0) entry["args"] = entryArgs(source["args"].map(text), source["command"], scrub);
    if (env) entry["env"] = env;
    if (typeof source["cwd"] === "string") entry["cwd"] = localPath(text(source["cwd"]), { ...scrub, ownCwd: false });
  } else if (typeof url === "string") {
    entry["transport"] = type === "sse" ? "sse" : "http";
    entry["url"] = judged(text(url), { name: envName(`${name}_URL`) }, urlWithoutSecrets, scrub);
    if (isRecord(source["headers"]) && Object.keys(source["headers"]).length > 0) {
      entry["headers"] = Object.fromEntries(
        Object.entries(source["headers"]).map(([header, value]) => [
          header,
          judged(text(value), { name: envName(`${name}_${header}`), field: header }, (marked, inner) => headerValue(header, marked, inner), scrub),
        ]),
      );
    }
  } else {
    notes.push("neither command nor url: left out");
    return { entry: {}, notes };
  }
  if (Array.isArray(source["disabledTools"]) && source["disabledTools"].length > 0) entry["exclude"] = source["disabledTools"].map(String);
  for (const [key, note] of Object.entries(DROPPED_KEYS)) if (key in source) notes.push(note);
  return { entry, notes };
}

/** Where a value goes: the name of a placeholder for all of it, and its env or header name. */
interface Field {
  name: string;
  /** An env or header name: generate refuses a default in one the runtime calls secret. */
  field?: string;
}

/**
 * One value of the entry, judged by `judge` with its placeholders set aside (marks.ts) and put
 * back after, each without its default unless that is plainly harmless; a value that cannot be
 * marked becomes one placeholder.
 */
function judged(value: string, where: Field, judge: (marked: string, scrub: Scrub) => string, scrub: Scrub): string {
  const marked = scrub.marks.mark(value);
  return marked === undefined ? wholePlaceholder(scrub, where.name, value) : restored(judge(marked, scrub), where, scrub);
}

/** A judged value with its placeholders back, each without its default unless that is plainly harmless. */
function restored(text: string, where: Field, scrub: Scrub): string {
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
function notPlain(scrub: Scrub): Judge {
  return (text) => !plain(text, scrub);
}

function withoutDefault(mark: Mark, scrub: Scrub): string {
  const note = `default of \${${mark.name}} left out (it may be a secret): set ${mark.name}`;
  if (!scrub.notes.includes(note)) scrub.notes.push(note);
  return `\${${mark.name}}`;
}

function envWithoutSecrets(env: Editor, text: (value: unknown) => string, scrub: Scrub): Record<string, string> {
  const value = (key: string, raw: unknown) => judged(text(raw), { name: key, field: key }, (marked, inner) => assignedValue(key, marked, inner), scrub);
  return Object.fromEntries(Object.entries(env).map(([key, raw]) => [key, value(key, raw)]));
}

/**
 * The value of an environment variable, in `env` or as a `NAME=value` argument (`docker run -e
 * NAME=value`): a placeholder named after the variable (`${NAME}`, the name the user may already
 * have set; derived when another value has it) when the name says secret or the value is not
 * plainly harmless; kept when plainly harmless (paths, log levels, ports, booleans); a URL or a
 * connection string keeps all but its credentials. `value`: marked.
 */
function assignedValue(key: string, value: string, scrub: Scrub): string {
  if (isSecretName(key)) return leaf(value, key, SECRET, scrub);
  if (SCHEME.test(value)) return urlWithoutSecrets(value, scrub);
  if (KEY_VALUE_LIST.test(value)) return keyValueListWithoutSecrets(value, scrub);
  return localPath(leaf(value, key, notPlain(scrub), scrub), scrub);
}

/** `NAME=value` with a variable name (`-e POSTGRES_PASSWORD=…`, `--env=TZ=UTC`, bare). */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/** The entry's arguments, judged together (a flag says what its value is), each as judged() does. */
function entryArgs(args: string[], command: string, scrub: Scrub): string[] {
  const marked = args.map((arg) => scrub.marks.mark(arg));
  const scrubbed = argsWithoutSecrets(marked.map((arg) => arg ?? ""), scrub, command);
  const where = { name: envName(`${scrub.server}_ARG`) };
  return scrubbed.map((arg, index) => (marked[index] === undefined ? wholePlaceholder(scrub, where.name, args[index] ?? "") : restored(arg, where, scrub)));
}

/**
 * Flags naming a secret (`--api-key=…`, `--token …`), header flags (`-H "Authorization: …"`),
 * password flags (`-p …`, `-pSECRET`), credentials in URLs and connection strings, and
 * token-like values lose their values; the rest (package names, paths, plain flags) is kept.
 * `args`: marked; `program`: the command they are given to (in a command line, its words name it).
 */
function argsWithoutSecrets(args: string[], scrub: Scrub, program?: string): string[] {
  return args.map((arg, index) => {
    const before = args.slice(0, index);
    const previous = before.at(-1) ?? "";
    const passwords = passwordFlagsAt(before, program);
    const assigned = /^(--?[A-Za-z0-9_.-]+)=(.*)$/s.exec(arg);
    if (assigned?.[1] !== undefined && assigned[2] !== undefined) {
      const [, flag, value] = assigned;
      return `${flag}=${flagValue(flag, value, passwords, scrub) ?? positional(value, flag, scrub)}`;
    }
    if (arg.startsWith("-")) return attachedPassword(arg, passwords, scrub) ?? arg;
    return (FLAG.test(previous) ? flagValue(previous, arg, passwords, scrub) : undefined) ?? positional(arg, undefined, scrub);
  });
}

const FLAG = /^--?[A-Za-z][A-Za-z0-9_.-]*$/;

/** The value of `flag` (`flag=value`, or the next argument) when the flag says what it is; else undefined. */
function flagValue(flag: string, value: string, passwords: ReadonlySet<string>, scrub: Scrub): string | undefined {
  if (HEADER_FLAGS.has(flag)) return headerLine(value, scrub);
  if (isSecretName(flag)) return secretValue(flag, value, scrub);
  if (passwords.has(flag) || flag === SHORT_PASSWORD_FLAG) return passwordValue(flag, value, passwords, scrub);
  return undefined;
}

/**
 * A password flag's value: a placeholder in a program whose flag it is (`mysql -p …`); after
 * another program's `-p`, only when it looks like no port, port mapping, version, package or path.
 */
function passwordValue(flag: string, value: string, passwords: ReadonlySet<string>, scrub: Scrub): string {
  const secret: Judge = passwords.has(flag) ? SECRET : (text) => !isPlainValue(text) && !NOT_A_PASSWORD.some((pattern) => pattern.test(text));
  return leaf(value, envName(`${scrub.server}_PASSWORD`), secret, scrub);
}

/** `-pSECRET`: a password flag with its value attached; undefined for any other flag. */
function attachedPassword(arg: string, passwords: ReadonlySet<string>, scrub: Scrub): string | undefined {
  const short = /^(-[A-Za-z])(.+)$/s.exec(arg);
  if (short?.[1] === undefined || short[2] === undefined || !(passwords.has(short[1]) || short[1] === SHORT_PASSWORD_FLAG)) return undefined;
  return `${short[1]}${passwordValue(short[1], short[2], passwords, scrub)}`;
}

const NO_FLAGS: ReadonlySet<string> = new Set();

/**
 * The password flags of the program the next argument goes to: the last word of the current
 * command (back to `&&`, `;`, `|`…) that names a client of PASSWORD_FLAGS_BY_PROGRAM (`docker
 * exec db mysql -p…`), else `program`'s.
 */
function passwordFlagsAt(before: readonly string[], program: string | undefined): ReadonlySet<string> {
  for (const word of [...before].reverse()) {
    if (isOperator(word)) return NO_FLAGS;
    const flags = PASSWORD_FLAGS_BY_PROGRAM.get(programName(word));
    if (flags !== undefined) return flags;
  }
  return (program === undefined ? undefined : PASSWORD_FLAGS_BY_PROGRAM.get(programName(program))) ?? NO_FLAGS;
}

/** `/usr/bin/mysql`, `C:\…\mysql.exe` → `mysql`. */
function programName(word: string): string {
  return (word.split(/[\\/]/).at(-1) ?? word).replace(/\.(exe|cmd|bat)$/i, "").toLowerCase();
}

/** The value of a secret-named flag: a placeholder unless it is one already. */
function secretValue(flag: string, value: string, scrub: Scrub): string {
  return leaf(value, envName(`${scrub.server}_${flag}`), SECRET, scrub);
}

/** `Authorization: Bearer …` → `Authorization: Bearer ${SERVER_TOKEN}`; `X-Team: blue` stays. */
function headerLine(line: string, scrub: Scrub): string {
  const header = /^([^:]+):\s*(.*)$/s.exec(line);
  if (header?.[1] === undefined || header[2] === undefined) return secretValue("header", line, scrub);
  const [, name, value] = header;
  return `${name}: ${headerValue(name.trim(), value, scrub)}`;
}

/**
 * A header's value: a credential after an auth scheme, whatever the header's name, becomes a
 * placeholder that keeps the scheme (`Bearer ${SERVER_TOKEN}`); else the value is kept when
 * neither the name nor the value says secret (`X-Team: blue`), or becomes a placeholder.
 */
function headerValue(header: string, value: string, scrub: Scrub): string {
  const credential = AUTH_CREDENTIAL.exec(value);
  if (credential?.[1] !== undefined && credential[2] !== undefined) return `${credential[1]}${leaf(credential[2], envName(`${scrub.server}_TOKEN`), SECRET, scrub)}`;
  return leaf(value, envName(`${scrub.server}_${header}`), isSecretName(header) ? SECRET : notPlain(scrub), scrub);
}

/**
 * A value without a secret-named flag: URLs and connection strings lose credentials, a
 * `NAME=value` keeps its name and loses a secret value, a shell command line has its words
 * judged as arguments, and a token, alone or inside a longer argument, becomes a placeholder
 * (only the token: `token:ghp_…` → `token:${SERVER_TOKEN}`).
 */
function positional(value: string, flag: string | undefined, scrub: Scrub): string {
  if (SCHEME.test(value)) return urlWithoutSecrets(value, scrub);
  if (KEY_VALUE_LIST.test(value)) return keyValueListWithoutSecrets(value, scrub);
  const assignment = ASSIGNMENT.exec(value);
  if (assignment?.[1] !== undefined && assignment[2] !== undefined) return `${assignment[1]}=${assignedValue(assignment[1], assignment[2], scrub)}`;
  if (/\s/.test(value.trim())) return commandLineWithoutSecrets(value, scrub);
  const scrubbed = withoutEmbeddedTokens(value, envName(`${scrub.server}_${flag ?? "token"}`), scrub);
  return scrubbed === value ? localPath(value, scrub) : scrubbed;
}

/**
 * A shell command line in one argument (`bash -c "export TOKEN=… && npx server --password …"`):
 * its words judged as arguments and written back; one placeholder when a changed word cannot be.
 */
function commandLineWithoutSecrets(line: string, scrub: Scrub): string {
  const words = commandWords(line);
  const values = argsWithoutSecrets(words.map((word) => word.value), scrub);
  return withWords(line, words, values) ?? placeholder(scrub, envName(`${scrub.server}_COMMAND_LINE`), line);
}

/** Where a longer argument may hold a token: between these separators. */
const TOKEN_SEPARATORS = /([\s,;:=@]+)/;

/** Each token-like part of `value` (whole, or between separators) as a placeholder named `name`; digests stay. */
function withoutEmbeddedTokens(value: string, name: string, scrub: Scrub): string {
  if (looksLikeToken(value)) return placeholder(scrub, name, value);
  const parts = value.split(TOKEN_SEPARATORS);
  return parts
    .map((part, index) => {
      const digest = parts[index - 1] === ":" && DIGEST_LABELS.has((parts[index - 2] ?? "").toLowerCase());
      return index % 2 === 0 && !digest ? leaf(part, name, looksLikeToken, scrub) : part;
    })
    .join("");
}

/** `Server=db;Password=…` → `Server=db;Password=${SERVER_PASSWORD}`. */
function keyValueListWithoutSecrets(value: string, scrub: Scrub): string {
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
function localPath(value: string, scrub: Scrub): string {
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

/** Editor variables → ours: `${input:api-key}` → `${API_KEY}`, `${env:X}` → `${X}`, … */
function editorVariables(value: string, notes: string[]): string {
  return value.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
    const [kind, rest] = inner.includes(":") && !inner.includes(":-") ? [inner.slice(0, inner.indexOf(":")), inner.slice(inner.indexOf(":") + 1)] : ["", inner];
    if (kind === "input") return `\${${envName(rest)}}`;
    if (kind === "env") return `\${${rest}}`;
    if (kind === "" && (rest === "workspaceFolder" || rest === "workspaceRoot")) return ".";
    if (kind === "" && rest === "userHome") return "${HOME}";
    if (kind === "" && (rest === "pathSeparator" || rest === "/")) return "/";
    if (kind === "" && /^[A-Za-z_][A-Za-z0-9_]*(:-.*)?$/.test(rest)) return whole;
    notes.push(`editor variable ${whole} has no equivalent: kept as text`);
    return whole;
  });
}

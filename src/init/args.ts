/**
 * An entry's arguments without their secrets: values of secret-named flags, header flags and
 * password flags, `NAME=value` assignments judged as env values, credentials in URLs and
 * connection strings, shell command lines given as one argument (their words judged as
 * arguments), and tokens alone or inside a longer argument.
 */
import { envName, isPlainValue, isSecretName, looksLikeToken } from "./secrets.js";
import { DIGEST_LABELS, HEADER_FLAGS, KEY_VALUE_LIST, NOT_A_PASSWORD, PASSWORD_FLAGS_BY_PROGRAM, SHORT_PASSWORD_FLAG } from "./secret-rules.js";
import { leaf, placeholder, SCHEME, SECRET, wholePlaceholder, type Judge, type Scrub } from "./scrub.js";
import { urlWithoutSecrets } from "./url.js";
import { commandWords, isOperator, withWords } from "./command-line.js";
import { assignedValue, headerValue, keyValueListWithoutSecrets, localPath, restored } from "./values.js";

/** `NAME=value` with a variable name (`-e POSTGRES_PASSWORD=…`, `--env=TZ=UTC`, bare). */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/** The entry's arguments, judged together (a flag says what its value is), each as judged() does. */
export function entryArgs(args: string[], command: string, scrub: Scrub): string[] {
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

import { SECRET_NAME_ENDING, SECRET_NAME_WORDS, SECRET_NAMES, SECRET_WORDS_NOT_LEADING } from "./secret-name-words.js";

/**
 * Names of `env` variables, headers, flags and query parameters whose values are secrets, by what
 * they contain (`GITHUB_TOKEN`, `X-Api-Key`, `Authorization`, `DB_PASSWORD`, `SMTP_PASSCODE`,
 * `Cookie`, …) or by their words (`GPG_PASSPHRASE`, `SENTRY_DSN`, `AccountKey`, `ADMIN_PW`:
 * secret-name-words.ts). `pw` counts as a word of its own, not as the first of a longer name
 * (Playwright's `PW_DEBUG`). `init` replaces the values of the same names (src/init/secrets.ts).
 */
const SECRET_NAME = /token|secret|passw|passcode|pswd|pwd|api[-_]?key|private[-_]?key|access[-_]?key|credential|auth|cookie|session|bearer|(?:^|[-_])(?:key|pat|pass)(?:$|[-_])|[-_]pw(?:$|[-_])|^pw$/i;

export function isSecretName(name: string): boolean {
  const bare = name.replace(/^-+/, "");
  return SECRET_NAME.test(bare) || secretByWords(bare);
}

/** `X-Api-Key` → x, api, key; `apiKey` → api, key; `--auth-token` → auth, token. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

function secretByWords(name: string): boolean {
  if (SECRET_NAMES.some((pattern) => pattern.test(name))) return true;
  const words = nameWords(name);
  const secretWord = (word: string, index: number) => SECRET_NAME_WORDS.has(word) || (SECRET_WORDS_NOT_LEADING.has(word) && (index > 0 || words.length === 1));
  return words.some(secretWord) || SECRET_NAME_ENDING.test(words.join(""));
}

/** Shorter values in a secret-named place are settings (`AUTH_METHOD: "pat"`, `SESSION_TTL: "3600"`), not secrets. */
const SHORTEST_SECRET = 8;

/** A value that reads like a secret: not a short word, not a number. */
export function looksLikeSecret(value: string): boolean {
  return value.length >= SHORTEST_SECRET && !/^\d+$/.test(value);
}

/**
 * The values of the secret-named entries of `env` or `headers`; for a header with a scheme
 * (`Bearer <token>`, `Basic <credentials>`), also the credential alone, however it is quoted.
 */
export function secretEntryValues(entries: Readonly<Record<string, string>> | undefined): string[] {
  const values: string[] = [];
  for (const [name, value] of Object.entries(entries ?? {})) {
    if (!isSecretName(name) || typeof value !== "string") continue;
    values.push(value);
    const credential = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(value)?.[1];
    if (credential !== undefined) values.push(credential);
  }
  return values;
}

/**
 * The secret-named flags' values in a command line, with the index of the argument that holds
 * each: `--api-key=v`, `--token v`, and `NAME=v` as `docker run -e` and `env` take it.
 */
export function secretArguments(args: readonly string[]): { index: number; value: string }[] {
  const found: { index: number; value: string }[] = [];
  for (const [index, arg] of args.entries()) {
    const assigned = /^(?:--?)?([A-Za-z_][\w.-]*)=(.+)$/s.exec(arg);
    if (assigned) {
      if (isSecretName(assigned[1] ?? "")) found.push({ index, value: assigned[2] ?? "" });
      continue;
    }
    const next = args[index + 1];
    if (/^--?[A-Za-z]/.test(arg) && isSecretName(arg) && next !== undefined && !next.startsWith("-")) found.push({ index: index + 1, value: next });
  }
  return found;
}

export function secretArgumentValues(args: readonly string[]): string[] {
  return secretArguments(args).map((argument) => argument.value);
}

/** What a URL carries that is secret: its user info, and the values of secret-named query and fragment parameters. */
export function secretUrlValues(url: URL): string[] {
  // A user name alone is a token only where it reads like one (`https://<token>@host`).
  const values = [url.password, url.password === "" && looksLikeSecret(url.username) ? url.username : ""].map((part) => safeDecode(part));
  for (const [name, value] of urlParameters(url)) if (isSecretName(name)) values.push(value);
  return values.filter((value) => value !== "");
}

/**
 * A URL's `name=value` parameters: its query's, then its fragment's (`#access_token=…&…`, where
 * OAuth's implicit flow puts tokens), each decoded as a form.
 */
export function urlParameters(url: URL): [string, string][] {
  return [...url.searchParams, ...new URLSearchParams(url.hash.slice(1))];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

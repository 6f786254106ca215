/**
 * The secret values this process has handled (resolved placeholder values, tokens, codes, PKCE
 * verifiers, client secrets), so that every error the runtime or the generator makes can be
 * scrubbed of them at any depth of its `cause` chain. Errors are made far from where the
 * secrets are known (an SDK error wrapped three layers up, a URL error from a resolved
 * placeholder), so a registry the error classes consult is what reaches all of them; the
 * values live in memory only, as the secrets themselves do.
 */
import { inspect } from "node:util";

/** Shorter values are not treated as secrets (they would blank out ordinary words). */
const MIN_LENGTH = 3;
/**
 * The same for a value that is not known to be a credential (a placeholder's in a field whose
 * name says nothing, such as `${LOG_LEVEL}` = `error` or a port): masking every `error` made
 * messages unreadable ("the server answered *** -32603 (Internal ***)").
 */
export const MIN_VALUE_LENGTH = 6;
/** Oldest values are forgotten past this many (a long-running process rotates tokens hourly). */
const CAPACITY = 2048;
/** How deep a cause chain or a nested value is copied; deeper parts become a redacted string. */
const MAX_DEPTH = 8;

const known = new Set<string>();
/** `known`, longest first (so a secret that contains another is masked whole); rebuilt after a change. */
let longestFirst: string[] | undefined;

/** `kind`: `"value"` for a value that may be secret (any placeholder's): masked from MIN_VALUE_LENGTH. */
export function rememberSecrets(values: Iterable<string | undefined>, kind: "credential" | "value" = "credential"): void {
  const shortest = kind === "credential" ? MIN_LENGTH : MIN_VALUE_LENGTH;
  for (const value of values) {
    if (value === undefined || value.length < shortest) continue;
    for (const form of formsOf(value)) {
      known.delete(form);
      known.add(form);
    }
  }
  while (known.size > CAPACITY) known.delete(known.values().next().value as string);
  longestFirst = undefined;
}

/**
 * The ways a secret shows in text: as it is; percent-encoded in a URL's query or path, in a form
 * body (spaces as `+`) or in a URL's user info (each encodes its own set of characters); escaped
 * inside a JSON string; and, for a multi-line secret (a PEM key, a service account's JSON), each
 * of its lines, since messages are made one line and stderr is read a line at a time.
 */
function formsOf(value: string): Set<string> {
  const forms = new Set([value, JSON.stringify(value).slice(1, -1)]);
  try {
    forms.add(encodeURIComponent(value));
  } catch {
    // a lone surrogate has no percent-encoding
  }
  const url = new URL("http://host/");
  url.searchParams.set("k", value);
  forms.add(url.search.slice("?k=".length));
  url.password = value;
  forms.add(url.password);
  for (const line of value.split(/\r?\n/)) if (line.trim().length >= MIN_LENGTH) forms.add(line.trim());
  for (const form of forms) if (form.length < MIN_LENGTH) forms.delete(form);
  return forms;
}

/** `text` with every known secret, and each of `also` (in its forms), replaced by `***`. */
export function redactKnown(text: string, also: readonly string[] = []): string {
  // Values the registry holds already (a resolved config's are registered as it resolves) need no forms built again.
  const extra = also.filter((value) => value.length >= MIN_LENGTH && !known.has(value));
  const secrets = extra.length === 0 ? sortedKnown() : byLength([...sortedKnown(), ...extra.flatMap((value) => [...formsOf(value)])]);
  return masked(text, secrets);
}

/**
 * A listed value (tools, prompts, a server's instructions) with each of a server's own
 * `credentials` (resolve-config.ts), in each form, replaced by `***` in its strings: a server that
 * puts the caller's token in a description or a schema's `default` must not get it into the
 * snapshot, generated code, reports or a model's context. Only that server's own, so `generate`
 * and the runtime mask alike whatever else the process holds. The value itself when there are none.
 */
export function withoutCredentials<T>(value: T, credentials: readonly string[]): T {
  if (credentials.length === 0) return value;
  const secrets = byLength(credentials.filter((credential) => credential.length >= MIN_LENGTH).flatMap((credential) => [...formsOf(credential)]));
  const visit = (item: unknown): unknown => {
    if (typeof item === "string") return masked(item, secrets);
    if (Array.isArray(item)) return item.map(visit);
    if (item === null || typeof item !== "object") return item;
    const out = Object.create(Object.getPrototypeOf(item) as object | null) as Record<string, unknown>;
    for (const key of Object.keys(item)) Object.defineProperty(out, key, { value: visit((item as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
    return out;
  };
  return visit(value) as T;
}

function masked(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join("***");
  return out;
}

function sortedKnown(): string[] {
  longestFirst ??= byLength([...known]);
  return longestFirst;
}

function byLength(values: string[]): string[] {
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/**
 * The value to keep as an error's `cause`: the original when nothing in it (message, stack,
 * properties, nested causes) holds a known secret, else a copy with every secret replaced.
 * Errors keep their prototype, so `instanceof` and the SDK's brand checks still work.
 */
export function scrubCause(cause: unknown): unknown {
  if (cause === undefined || known.size === 0 || !mentionsSecret(cause)) return cause;
  return copy(cause, 0, new WeakMap());
}

/** `scrubCause` for other values an error carries (server content, issues). */
export function scrubbed<T>(value: T): T {
  return scrubCause(value) as T;
}

function mentionsSecret(value: unknown): boolean {
  const text = typeof value === "string" ? value : inspect(value, { depth: MAX_DEPTH, showHidden: true, maxArrayLength: 100, maxStringLength: null, breakLength: Infinity });
  for (const secret of known) if (text.includes(secret)) return true;
  return false;
}

function copy(value: unknown, depth: number, seen: WeakMap<object, unknown>): unknown {
  if (typeof value === "string") return redactKnown(value);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return seen.get(value);
  if (depth >= MAX_DEPTH) return redactKnown(inspect(value, { depth: 2 }));
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(copy(item, depth + 1, seen));
    return out;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  const plain = prototype === Object.prototype || prototype === null;
  if (!(value instanceof Error) && !plain) {
    // URL, Headers, Response…: internal slots cannot be copied; what they say, redacted, can.
    return mentionsSecret(value) ? redactKnown(inspect(value, { depth: 2, breakLength: Infinity })) : value;
  }
  const out = Object.create(prototype) as Record<PropertyKey, unknown>;
  seen.set(value, out);
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined) continue;
    if ("value" in descriptor) descriptor.value = copy(descriptor.value, depth + 1, seen);
    else continue; // accessors may compute from internal state; their result is not kept
    Object.defineProperty(out, key, descriptor);
  }
  // Node 24 makes `stack` an accessor of the instance: keep its text as a plain property.
  if (value instanceof Error && !Object.hasOwn(out, "stack") && typeof value.stack === "string") {
    Object.defineProperty(out, "stack", { value: redactKnown(value.stack), writable: true, configurable: true, enumerable: false });
  }
  return out;
}

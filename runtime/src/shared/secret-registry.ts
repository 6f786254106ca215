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
/** Oldest values are forgotten past this many (a long-running process rotates tokens hourly). */
const CAPACITY = 2048;
/** How deep a cause chain or a nested value is copied; deeper parts become a redacted string. */
const MAX_DEPTH = 8;

const known = new Set<string>();

export function rememberSecrets(values: Iterable<string | undefined>): void {
  for (const value of values) {
    if (value === undefined || value.length < MIN_LENGTH) continue;
    // A secret in a URL or form body is percent-encoded there.
    for (const form of new Set([value, encodeURIComponent(value)])) {
      known.delete(form);
      known.add(form);
    }
  }
  while (known.size > CAPACITY) known.delete(known.values().next().value as string);
}

/** `text` with every known secret replaced by `***`. */
export function redactKnown(text: string): string {
  if (known.size === 0) return text;
  let out = text;
  for (const secret of known) if (out.includes(secret)) out = out.split(secret).join("***");
  return out;
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

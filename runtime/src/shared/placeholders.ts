/**
 * `${VAR}`, `${env:VAR}` and `${VAR:-default}` placeholders in config strings. Values are
 * resolved in memory only: callers keep the template text for anything they persist.
 */
import { CodegenError } from "./errors.js";
import { setOwn } from "./own-property.js";
import { redactKnown } from "./secret-registry.js";

const PLACEHOLDER_SOURCE = String.raw`\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}`;
/**
 * For `replace` and `matchAll`, which start from a global pattern's `lastIndex`: nothing may call
 * `test` or `exec` on it (a `lastIndex` left at a match's end made `matchAll` skip the placeholders
 * before it, and so their values went unmasked).
 */
const PLACEHOLDER = new RegExp(PLACEHOLDER_SOURCE, "g");
/** For `test`: not global, so it keeps no position between calls. */
const ANY_PLACEHOLDER = new RegExp(PLACEHOLDER_SOURCE);

export type Environment = Readonly<Record<string, string | undefined>>;

export function hasPlaceholder(text: string): boolean {
  return ANY_PLACEHOLDER.test(text);
}

/** Whether a string has a placeholder with a default (`${VAR:-value}`). */
export function hasPlaceholderDefault(text: string): boolean {
  return placeholderSpans(text).some((span) => span.fallback !== undefined);
}

/** A placeholder of a string: where it is, its variable, and its default (undefined when it has none). */
export interface PlaceholderSpan {
  start: number;
  end: number;
  name: string;
  fallback: string | undefined;
}

/** Every placeholder of `text`, in order, read as `resolvePlaceholders` reads them. */
export function placeholderSpans(text: string): PlaceholderSpan[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({ start: match.index, end: match.index + match[0].length, name: match[1] ?? "", fallback: match[2] }));
}

/** Names of the variables a string refers to. */
export function placeholderNames(text: string): string[] {
  return placeholderSpans(text).map((span) => span.name);
}

/**
 * Replace every placeholder with its value from `env`. A missing variable without a default is
 * an error naming the variable and where it was used (`subject`), never its value.
 */
export function resolvePlaceholders(text: string, env: Environment, subject: string): string {
  return text.replace(PLACEHOLDER, (_whole, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== "") return value;
    if (fallback !== undefined) return fallback;
    throw new CodegenError("config", `environment variable ${name} is not set`, { subject });
  });
}

/**
 * Resolve placeholders in every string of a plain JSON-like value (objects, arrays, strings).
 * Every missing variable is named at once (one error, all names and where each is used), so a
 * user sets them in one go instead of one per run.
 */
export function resolveDeep<T>(value: T, env: Environment, subject: string): T {
  const missing = missingPlaceholders(value, env, subject);
  if (missing.length > 1) {
    const names = [...new Set(missing.map((entry) => entry.name))];
    throw new CodegenError("config", `environment variables ${names.join(", ")} are not set`, { subject: missing.map((entry) => entry.subject).join(", ") });
  }
  return resolveValue(value, env, subject);
}

function resolveValue<T>(value: T, env: Environment, subject: string): T {
  if (typeof value === "string") return resolvePlaceholders(value, env, subject) as T;
  if (Array.isArray(value)) return value.map((item, index) => resolveValue(item, env, `${subject}[${index}]`)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) setOwn(out, key, resolveValue(member, env, `${subject}.${key}`));
    return out as T;
  }
  return value;
}

/** Every placeholder without a default whose variable is unset or empty, with where it is used. */
export function missingPlaceholders(value: unknown, env: Environment, subject: string): { name: string; subject: string }[] {
  if (typeof value === "string") {
    return placeholderSpans(value).filter((span) => span.fallback === undefined && !env[span.name]).map((span) => ({ name: span.name, subject }));
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => missingPlaceholders(item, env, `${subject}[${index}]`));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([key, member]) => missingPlaceholders(member, env, `${subject}.${key}`));
  return [];
}

/** Every resolved value that came from the environment (of the variables `keep` takes), for redaction of messages and logs. */
export function secretValues(value: unknown, env: Environment, keep: (name: string) => boolean = () => true): string[] {
  const found = new Set<string>();
  const visit = (item: unknown): void => {
    if (typeof item === "string") {
      for (const name of placeholderNames(item).filter(keep)) {
        const secret = env[name];
        if (secret && secret.length >= 3) found.add(secret);
      }
    } else if (Array.isArray(item)) item.forEach(visit);
    else if (item !== null && typeof item === "object") Object.values(item).forEach(visit);
  };
  visit(value);
  return [...found];
}

/** Replace each of `secrets`, and each secret the process has handled (secret-registry.ts), in `text` with `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  return redactKnown(text, secrets);
}

/**
 * Turning literal values of an imported config into `${NAME}` placeholders, so that `init`
 * never copies a secret. Names are chosen here; values are only compared, never kept or shown.
 */
import { createHash } from "node:crypto";
import { isSecretFieldName } from "@mcp-codegen/runtime/internal";
import { HIGH_ENTROPY, PLAIN_VALUES, TOKEN_PREFIXES } from "./secret-rules.js";

/** Assigns variable names; the same name never stands for two different values. */
export class VariableNames {
  private readonly byName = new Map<string, string>();

  /**
   * A name for `value`: `preferred` as written when it is a valid variable name (an env key the
   * user may already have set), else made into one; `<SERVER>_<name>` or `<name>_2`, … when
   * another value has it.
   */
  claim(preferred: string, value: string, prefix: string): string {
    const digest = createHash("sha256").update(value).digest("hex");
    const first = /^[A-Za-z_][A-Za-z0-9_]*$/.test(preferred) ? preferred : envName(preferred);
    // Another server's value: prefixed with this server's name; then numbered.
    const prefixed = first.startsWith(`${envName(prefix)}_`) ? [] : [envName(`${prefix}_${first}`)];
    for (const candidate of [first, ...prefixed]) if (this.take(candidate, digest)) return candidate;
    for (let n = 2; ; n++) if (this.take(`${first}_${n}`, digest)) return `${first}_${n}`;
  }

  private take(name: string, digest: string): boolean {
    const taken = this.byName.get(name);
    if (taken !== undefined && taken !== digest) return false;
    this.byName.set(name, digest);
    return true;
  }
}

/** `api-key` → `API_KEY`; a leading digit gets a `_`. */
export function envName(text: string): string {
  const upper = text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
  return /^[0-9]/.test(upper) || upper === "" ? `_${upper}` : upper;
}

/** Whether an env key, header, flag or query parameter name says its value is a secret: the runtime's rule, so what `init` keeps is what the runtime would not mask. */
export function isSecretName(name: string): boolean {
  return isSecretFieldName(name);
}

/** A well-known token prefix, or a long, high-entropy run of token characters. */
export function looksLikeToken(value: string): boolean {
  if (TOKEN_PREFIXES.some((pattern) => pattern.test(value))) return true;
  if (value.length < HIGH_ENTROPY.minLength || !HIGH_ENTROPY.pattern.test(value)) return false;
  if (!/[A-Za-z]/.test(value) || !/[0-9]/.test(value)) return false;
  return bitsPerChar(value) >= HIGH_ENTROPY.minBitsPerChar;
}

/** A value that is plainly not a secret (and not a token): kept as written. */
export function isPlainValue(value: string): boolean {
  return !looksLikeToken(value) && PLAIN_VALUES.some((pattern) => pattern.test(value));
}

function bitsPerChar(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

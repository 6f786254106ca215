/**
 * Turning literal values of an imported config into `${NAME}` placeholders, so that `init`
 * never copies a secret. Names are chosen here; values are only compared, never kept or shown.
 */
import { createHash } from "node:crypto";

/** Assigns variable names; the same name never stands for two different values. */
export class VariableNames {
  private readonly byName = new Map<string, string>();
  readonly used = new Set<string>();

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
    this.used.add(name);
    return true;
  }

  /** Record a variable the config already refers to (`${TOKEN}`). */
  refer(name: string): void {
    this.used.add(name);
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

/** Header values that carry an auth scheme keep it: `Bearer ${GITHUB_TOKEN}`. */
const AUTH_SCHEME = /^(Bearer|Basic|Token|Bot|ApiKey)\s+\S/i;

/** Query parameters and flags whose value is a credential. */
export const SECRET_NAME = /key|token|secret|passw|auth|credential|sig/i;

export function headerPlaceholder(server: string, header: string, value: string, names: VariableNames): string {
  const scheme = AUTH_SCHEME.exec(value)?.[1];
  if (scheme !== undefined) return `${scheme} \${${names.claim(envName(`${server}_TOKEN`), value, server)}}`;
  return `\${${names.claim(envName(`${server}_${header}`), value, server)}}`;
}

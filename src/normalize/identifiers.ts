/**
 * Turning server-chosen names into safe ASCII identifiers, deterministically: the same
 * listing always gives the same names, and clashes are resolved in code-unit order.
 */

/** `get_weather` → `getWeather`, `my-server` → `myServer`, `2fa` → `_2fa`, `∑` → fallback. */
export function camelCase(name: string, fallback: string): string {
  const words = splitWords(name);
  if (words.length === 0) return fallback;
  const [first = "", ...rest] = words;
  const joined = first.toLowerCase() === first || first.toUpperCase() === first ? first.toLowerCase() : lowerFirst(first);
  const identifier = joined + rest.map(upperFirst).join("");
  return /^[0-9]/.test(identifier) ? `_${identifier}` : identifier;
}

/** `get_weather` → `GetWeather`. */
export function pascalCase(name: string, fallback: string): string {
  const camel = camelCase(name, fallback);
  return camel.startsWith("_") ? `T${camel}` : upperFirst(camel);
}

/**
 * Hands out unique names within one scope. `take("add")` twice gives `add`, then `add2`;
 * reserved names are never handed out.
 */
export class NameScope {
  private readonly used = new Set<string>();

  constructor(private readonly reserved: ReadonlySet<string> = new Set()) {}

  take(candidate: string): { name: string; renamed: boolean } {
    let name = candidate;
    for (let suffix = 2; this.used.has(name) || this.reserved.has(name); suffix++) name = `${candidate}${suffix}`;
    this.used.add(name);
    return { name, renamed: name !== candidate };
  }
}

function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0);
}

function upperFirst(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function lowerFirst(word: string): string {
  return word.charAt(0).toLowerCase() + word.slice(1);
}

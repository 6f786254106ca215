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

/** Why a server-chosen name cannot simply be camelCased into an identifier, if it cannot. */
export function identifierProblem(name: string): string | undefined {
  const [first] = splitWords(name);
  if (first === undefined) return "has no ASCII letters or digits";
  return /^[0-9]/.test(first) ? "starts with a digit" : undefined;
}

export interface AssignedName {
  name: string;
  /** Set when the name is not the plain camelCase of the raw one: `"2fa" starts with a digit`. */
  reason?: string;
}

/**
 * Hands out unique names within one scope. `take("add")` twice gives `add`, then `add2`;
 * reserved names (the generated API's own members) are never handed out.
 */
export class NameScope {
  /** Name → what it was handed out for (`tool "get-weather"`), to say what a later name clashed with. */
  readonly #owners = new Map<string, string>();

  constructor(private readonly reserved: ReadonlySet<string> = new Set()) {}

  take(candidate: string, owner: string): { name: string; clash?: string } {
    const clash = this.reserved.has(candidate) ? "a member of the generated API" : this.#owners.get(candidate);
    let name = candidate;
    for (let suffix = 2; this.#owners.has(name) || this.reserved.has(name); suffix++) name = `${candidate}${suffix}`;
    this.#owners.set(name, owner);
    return clash === undefined ? { name } : { name, clash };
  }

  /** The camelCase identifier of a server-chosen name, with the reason when it had to differ. */
  identifier(raw: string, fallback: string, owner: string): AssignedName {
    const problem = identifierProblem(raw);
    const { name, clash } = this.take(camelCase(raw, fallback), owner);
    const reasons = [problem, clash === undefined ? undefined : `clashes with ${clash}`].filter((reason) => reason !== undefined);
    return reasons.length === 0 ? { name } : { name, reason: `${JSON.stringify(raw)} ${reasons.join(" and ")}` };
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

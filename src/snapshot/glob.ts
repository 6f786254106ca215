/** `*` globs over names (no path semantics): `get_*`, `*_admin`, `*`. */
export function globMatcher(patterns: readonly string[]): (name: string) => boolean {
  const expressions = patterns.map(
    (pattern) => new RegExp(`^${pattern.split("*").map(escapeRegExp).join(".*")}$`, "s"),
  );
  return (name) => expressions.some((expression) => expression.test(name));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

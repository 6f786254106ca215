/** Scope strings (space-separated sets) and their union, in first-seen order. */
export function unionScopes(...scopes: (string | readonly string[] | undefined)[]): string | undefined {
  const all = new Set<string>();
  for (const item of scopes) {
    const list = typeof item === "string" ? item.split(" ") : (item ?? []);
    for (const scope of list) if (scope !== "") all.add(scope);
  }
  return all.size === 0 ? undefined : [...all].join(" ");
}

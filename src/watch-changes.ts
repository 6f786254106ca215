/**
 * What changed in one server's listing between two snapshots, in a few words for the watch
 * line (`tools: +echo2, -old, ~add`), or undefined when every entity hash is the same.
 */
import { cleanText, type ServerSnapshot } from "@mcp-codegen/runtime/internal";

const KINDS = [
  ["tools", "tools", (entry: { name?: string }) => entry.name],
  ["resources", "resources", (entry: { uri?: string }) => entry.uri],
  ["resourceTemplates", "templates", (entry: { uriTemplate?: string }) => entry.uriTemplate],
  ["prompts", "prompts", (entry: { name?: string }) => entry.name],
] as const;

/** Most names listed per kind before "and N more". */
const MAX_NAMES = 5;

export function listingChange(before: ServerSnapshot, after: ServerSnapshot): string | undefined {
  const parts: string[] = [];
  for (const [key, label, nameOf] of KINDS) {
    const old = hashesByName(before[key] as { hash: string }[], nameOf as (entry: object) => string | undefined);
    const now = hashesByName(after[key] as { hash: string }[], nameOf as (entry: object) => string | undefined);
    const words = [
      ...[...now.keys()].filter((name) => !old.has(name)).map((name) => `+${name}`),
      ...[...old.keys()].filter((name) => !now.has(name)).map((name) => `-${name}`),
      ...[...now].filter(([name, hash]) => old.has(name) && old.get(name) !== hash).map(([name]) => `~${name}`),
    ];
    if (words.length === 0) continue;
    const shown = words.slice(0, MAX_NAMES).join(", ");
    parts.push(`${label}: ${shown}${words.length > MAX_NAMES ? ` and ${words.length - MAX_NAMES} more` : ""}`);
  }
  if (parts.length === 0 && before.hash !== after.hash) parts.push("server metadata");
  return parts.length === 0 ? undefined : parts.join("; ");
}

function hashesByName(entries: readonly { hash: string }[], nameOf: (entry: object) => string | undefined): Map<string, string> {
  // Names are server text: stripped of control and bidi characters before they reach a terminal.
  return new Map(entries.map((entry) => [cleanText(nameOf(entry) ?? "?", 80), entry.hash]));
}

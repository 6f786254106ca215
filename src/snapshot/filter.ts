/**
 * A server's `include` / `exclude` applied to its snapshot entry. The snapshot records what the
 * server lists; the filter is config, applied when emitting and when `check` compares, so
 * changing it regenerates code but is never drift.
 */
import { hashJson, toolFilter, type ServerSnapshot, type Snapshot, type ToolFilter } from "@mcp-codegen/runtime/internal";
import type { ResolvedConfig } from "../config/load.js";

/** The entry without the tools the filter leaves out, hashed as if the server listed only the rest. */
export function filterServerSnapshot(entry: ServerSnapshot, filter: ToolFilter): ServerSnapshot {
  if (!filter.include && !filter.exclude) return entry;
  const keep = toolFilter(filter);
  const { hash: _hash, ...body } = entry;
  const filtered = { ...body, tools: entry.tools.filter((tool) => keep(tool.name)) };
  return { ...filtered, hash: hashJson(filtered) };
}

/** Every server of `snapshot` filtered by its own config entry (servers without one unchanged). */
export function filterSnapshot(snapshot: Snapshot, filters: Readonly<Record<string, ToolFilter>>): Snapshot {
  const servers = Object.fromEntries(
    Object.entries(snapshot.servers).map(([name, entry]) => [name, filterServerSnapshot(entry, filters[name] ?? {})]),
  );
  return { ...snapshot, servers };
}

/** Each configured server's include / exclude, by server key. */
export function configFilters(config: ResolvedConfig): Record<string, ToolFilter> {
  return Object.fromEntries(config.servers.map((server) => [server.name, server.config]));
}

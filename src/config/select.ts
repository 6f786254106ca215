import { CodegenError } from "@mcp-codegen/runtime/internal";
import type { ResolvedConfig } from "./load.js";

/** The server names asked for (`--server`), each checked against the config; all when none. */
export function selectServers(config: ResolvedConfig, wanted: readonly string[] | undefined): string[] {
  const names = config.servers.map((server) => server.name);
  if (!wanted || wanted.length === 0) return names;
  const unknown = wanted.filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new CodegenError("config", `no such server in the config (configured: ${names.join(", ")})`, { subject: unknown.map((name) => `server "${name}"`).join(", ") });
  }
  return [...new Set(wanted)];
}

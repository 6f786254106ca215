/** A server that lists only `tools`, normalized as the generator sees it (for emitter and formatter tests). */
import { normalizeServer, type NormalizedServer } from "../../src/normalize/normalize.js";
import type { ServerSnapshot, ToolEntry } from "../../runtime/src/shared/snapshot.js";

export function toolServer(key: string, tools: ToolEntry[]): NormalizedServer {
  const snapshot: ServerSnapshot = {
    protocolVersion: "2025-11-25",
    serverInfo: { name: key, version: "1" },
    capabilities: { tools: {} },
    tools,
    resources: [],
    resourceTemplates: [],
    prompts: [],
    hash: "s",
  };
  return normalizeServer(key, key, snapshot);
}

/**
 * One warning per list a server advertised but did not answer at capture (`unavailable` in its
 * snapshot entry), online and offline alike: the run says what the generated code lacks. Live,
 * the server's own words are given; from the snapshot, its error code.
 */
import { ENTITY_KINDS, type Snapshot } from "@mcp-codegen/runtime/internal";
import type { RawCapture } from "../capture/capture.js";
import type { EmitWarning } from "../emit/server-module.js";

/** What a kind is called in the warning ("generated without resource templates"). */
const KIND_WORDS = { tools: "tools", resources: "resources", resourceTemplates: "resource templates", prompts: "prompts" } as const;

/** Live accounts of the errors (by server, then kind), when the snapshot was just captured. */
export type LiveAccounts = ReadonlyMap<string, RawCapture["servers"][string]["unavailable"]>;

export function unavailableListWarnings(snapshot: Snapshot, live: LiveAccounts = new Map()): EmitWarning[] {
  const warnings: EmitWarning[] = [];
  for (const [server, entry] of Object.entries(snapshot.servers)) {
    for (const kind of ENTITY_KINDS) {
      const unavailable = entry.unavailable?.[kind];
      if (!unavailable) continue;
      const account = (kind === "tools" ? undefined : live.get(server)?.[kind]?.message) ?? `not answered at capture (${unavailable.code === "timeout" || unavailable.code === "invalid-result" ? unavailable.code : `error ${unavailable.code}`})`;
      warnings.push({
        rule: "list-unavailable",
        subject: `server "${server}"`,
        pointer: unavailable.method,
        message: `${account}; generated without ${KIND_WORDS[kind]} (set \`unavailableLists: "error"\` to fail instead)`,
      });
    }
  }
  return warnings;
}

/**
 * Stage `snapshot`: raw listings → `Snapshot`: everything each server lists (a server's
 * `include` / `exclude` apply later, when emitting and comparing: src/snapshot/filter.ts). The
 * per-server work (kept fields, sorting, hashing) is in `src/shared/listing-snapshot.ts`, shared
 * with the runtime drift guard so both compute the same fingerprints.
 */
import { compareCodeUnits, buildServerSnapshot, setOwn, SNAPSHOT_FORMAT, type ServerSnapshot, type Snapshot } from "@mcp-codegen/runtime/internal";
import type { RawCapture } from "../capture/capture.js";

export function buildSnapshot(raw: RawCapture): Snapshot {
  const servers: Record<string, ServerSnapshot> = {};
  for (const name of Object.keys(raw.servers).sort(compareCodeUnits)) {
    const listing = raw.servers[name];
    if (listing) setOwn(servers, name, buildServerSnapshot(listing));
  }
  return { format: SNAPSHOT_FORMAT, servers };
}

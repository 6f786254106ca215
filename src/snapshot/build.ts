/**
 * Stage `snapshot`: raw listings → `Snapshot`. The per-server work (kept fields, sorting,
 * include/exclude, hashing) is in `src/shared/listing-snapshot.ts`, shared with the runtime
 * drift guard so both compute the same fingerprints.
 */
import { compareCodeUnits, buildServerSnapshot, SNAPSHOT_FORMAT, type ServerSnapshot, type Snapshot, type ServerOptions } from "@mcp-codegen/runtime/internal";
import type { RawCapture } from "../capture/capture.js";

export function buildSnapshot(raw: RawCapture, filters: Record<string, ServerOptions> = {}): Snapshot {
  const servers: Record<string, ServerSnapshot> = {};
  for (const name of Object.keys(raw.servers).sort(compareCodeUnits)) {
    const listing = raw.servers[name];
    const filter = filters[name] ?? {};
    if (listing) {
      servers[name] = buildServerSnapshot(listing, {
        ...(filter.include ? { include: filter.include } : {}),
        ...(filter.exclude ? { exclude: filter.exclude } : {}),
      });
    }
  }
  return { format: SNAPSHOT_FORMAT, servers };
}

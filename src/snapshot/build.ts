/**
 * Stage `snapshot`: raw listings → `Snapshot`. Keeps the known fields, sorts entities by
 * their key in code-unit order, applies include/exclude, and hashes every entity.
 */
import { canonicalize, compareCodeUnits, type Json } from "../shared/canonical-json.js";
import { hashJson } from "../shared/hash.js";
import {
  ENTITY_KINDS,
  SNAPSHOT_FORMAT,
  entityKey,
  type EntityKind,
  type JsonObject,
  type ServerSnapshot,
  type Snapshot,
} from "../shared/snapshot.js";
import type { ServerOptions } from "../shared/server-config.js";
import type { RawCapture, RawServerListing } from "../capture/capture.js";
import { KEPT_FIELDS, KEPT_PROMPT_ARGUMENT_FIELDS, KEPT_SERVER_INFO_FIELDS } from "./fields.js";
import { globMatcher } from "./glob.js";

export function buildSnapshot(raw: RawCapture, filters: Record<string, ServerOptions> = {}): Snapshot {
  const servers: Record<string, ServerSnapshot> = {};
  for (const name of Object.keys(raw.servers).sort(compareCodeUnits)) {
    const listing = raw.servers[name];
    if (listing) servers[name] = buildServer(listing, filters[name] ?? {});
  }
  return { format: SNAPSHOT_FORMAT, servers };
}

function buildServer(listing: RawServerListing, filter: ServerOptions): ServerSnapshot {
  const keepTool = toolFilter(filter);
  const entities = {} as Record<EntityKind, JsonObject[]>;
  for (const kind of ENTITY_KINDS) {
    const items = (listing[kind] as unknown as Record<string, unknown>[]).filter(
      (item) => kind !== "tools" || keepTool(String(item["name"])),
    );
    entities[kind] = items.map((item) => buildEntity(kind, item)).sort((a, b) => compareCodeUnits(keyOf(kind, a), keyOf(kind, b)));
  }
  const body = {
    protocolVersion: listing.protocolVersion,
    serverInfo: pick(listing.serverInfo, KEPT_SERVER_INFO_FIELDS),
    capabilities: canonicalize(listing.capabilities) as JsonObject,
    ...(listing.instructions === undefined ? {} : { instructions: listing.instructions }),
    ...entities,
  };
  return { ...body, hash: hashJson(body) } as unknown as ServerSnapshot;
}

function buildEntity(kind: EntityKind, item: Record<string, unknown>): JsonObject {
  const body = pick(item, KEPT_FIELDS[kind]);
  if (kind === "prompts") {
    const args = Array.isArray(item["arguments"]) ? (item["arguments"] as Record<string, unknown>[]) : [];
    body["arguments"] = args.map((argument) => pick(argument, KEPT_PROMPT_ARGUMENT_FIELDS));
  }
  return { ...body, hash: hashJson(body) };
}

function keyOf(kind: EntityKind, entity: JsonObject): string {
  return entityKey(kind, entity as { name: string; uri?: string; uriTemplate?: string });
}

function pick(source: Record<string, unknown>, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const field of fields) {
    const value = source[field];
    if (value !== undefined) out[field] = canonicalize(value) as Json;
  }
  return canonicalize(out) as JsonObject;
}

function toolFilter(filter: ServerOptions): (name: string) => boolean {
  const include = filter.include ? globMatcher(filter.include) : () => true;
  const exclude = filter.exclude ? globMatcher(filter.exclude) : () => false;
  return (name) => include(name) && !exclude(name);
}

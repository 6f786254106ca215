/**
 * Listing → snapshot entry: which fields are kept, how entities are sorted and fingerprinted.
 * Pure and shared, so the generator (`src/snapshot/build.ts`) and the runtime drift guard
 * compute byte-identical entity hashes from the same listing.
 */
import { canonicalize, compareCodeUnits, type Json } from "./canonical-json.js";
import { hashJson } from "./hash.js";
import { eraOfRevision, type ProtocolEra } from "./protocol.js";
import { sortSkills } from "./skills.js";
import { ENTITY_KINDS, entityKey, type EntityKind, type JsonObject, type ServerSnapshot, type SkillEntry, type UnavailableList } from "./snapshot.js";

/**
 * Which listed fields the snapshot keeps, per entity kind. Anything else a server sends is
 * left out: unknown fields may be volatile (sizes, counters) and would make every capture drift.
 */
export const KEPT_FIELDS = {
  tools: ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta", "execution"],
  resources: ["uri", "name", "title", "description", "mimeType", "annotations", "icons", "_meta"],
  resourceTemplates: ["uriTemplate", "name", "title", "description", "mimeType", "annotations", "icons", "_meta"],
  prompts: ["name", "title", "description", "arguments", "icons", "_meta"],
} as const;

export const KEPT_PROMPT_ARGUMENT_FIELDS = ["name", "title", "description", "required"] as const;

export const KEPT_SERVER_INFO_FIELDS = ["name", "title", "version", "description", "websiteUrl", "icons"] as const;

/** What a server said about itself and listed: the input of a snapshot entry. */
export interface ListingInput {
  protocolVersion: string;
  /** Absent: the era of `protocolVersion`. */
  era?: ProtocolEra | undefined;
  serverInfo: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  instructions?: string;
  tools: readonly unknown[];
  resources: readonly unknown[];
  resourceTemplates: readonly unknown[];
  prompts: readonly unknown[];
  /** Skill entries (`shared/skills.ts`), only for a server that declares the extension. */
  skills?: readonly SkillEntry[] | undefined;
  /** Advertised lists the server did not answer (their arrays above are empty). */
  unavailable?: Partial<Record<EntityKind, UnavailableList>> | undefined;
}

/** Tool include / exclude globs of a server's config (`*` matches any run of characters). */
export interface ToolFilter {
  include?: readonly string[];
  exclude?: readonly string[];
}

/** One server's snapshot entry: kept fields, tools filtered, entities sorted by key, every entity hashed. */
export function buildServerSnapshot(listing: ListingInput, filter: ToolFilter = {}): ServerSnapshot {
  const keepTool = toolFilter(filter);
  const entities = {} as Record<EntityKind, JsonObject[]>;
  for (const kind of ENTITY_KINDS) {
    const items = (listing[kind] as Record<string, unknown>[]).filter((item) => kind !== "tools" || keepTool(String(item["name"])));
    entities[kind] = items.map((item) => buildEntity(kind, item)).sort((a, b) => compareCodeUnits(keyOf(kind, a), keyOf(kind, b)));
  }
  const body = {
    protocolVersion: listing.protocolVersion,
    era: listing.era ?? eraOfRevision(listing.protocolVersion),
    serverInfo: pick(listing.serverInfo, KEPT_SERVER_INFO_FIELDS),
    capabilities: canonicalize(listing.capabilities) as JsonObject,
    ...(listing.instructions === undefined ? {} : { instructions: listing.instructions }),
    ...entities,
    ...(listing.skills === undefined ? {} : { skills: sortSkills([...listing.skills]) }),
    ...unavailableField(listing.unavailable),
  };
  return { ...body, hash: hashJson(body) } as unknown as ServerSnapshot;
}

/** `{ unavailable }` with only the method and code of each unanswered list, in kind order; `{}` when none. */
function unavailableField(unavailable: ListingInput["unavailable"]): { unavailable?: JsonObject } {
  const out: JsonObject = {};
  for (const kind of ENTITY_KINDS) {
    const entry = unavailable?.[kind];
    if (entry) out[kind] = { code: entry.code, method: entry.method };
  }
  return Object.keys(out).length === 0 ? {} : { unavailable: canonicalize(out) as JsonObject };
}

/** One listed entity as the snapshot keeps it, with its fingerprint (`hash`). */
export function buildEntity(kind: EntityKind, item: Record<string, unknown>): JsonObject {
  const body = pick(item, KEPT_FIELDS[kind]);
  if (kind === "prompts") {
    const args = Array.isArray(item["arguments"]) ? (item["arguments"] as Record<string, unknown>[]) : [];
    body["arguments"] = args.map((argument) => pick(argument, KEPT_PROMPT_ARGUMENT_FIELDS));
  }
  return withHash(body, hashJson(body));
}

/**
 * `body` and its `hash`, keys in code-unit order: canonical as built, so the canonical forms a run
 * takes of the snapshot (the server's hash, the file, the snapshot module) walk each entity
 * instead of copying it to sort `hash` into place.
 */
function withHash(body: JsonObject, hash: string): JsonObject {
  const keys = [...Object.keys(body), "hash"].sort(compareCodeUnits);
  const out: JsonObject = {};
  for (const key of keys) out[key] = key === "hash" ? hash : body[key]!;
  return out;
}

/** `*` globs over names (no path semantics): `get_*`, `*_admin`, `*`. */
export function globMatcher(patterns: readonly string[]): (name: string) => boolean {
  const expressions = patterns.map((pattern) => new RegExp(`^${pattern.split("*").map(escapeRegExp).join(".*")}$`, "s"));
  return (name) => expressions.some((expression) => expression.test(name));
}

export function toolFilter(filter: ToolFilter): (name: string) => boolean {
  const include = filter.include ? globMatcher(filter.include) : () => true;
  const exclude = filter.exclude ? globMatcher(filter.exclude) : () => false;
  return (name) => include(name) && !exclude(name);
}

function keyOf(kind: EntityKind, entity: JsonObject): string {
  return entityKey(kind, entity as { name: string; uri?: string; uriTemplate?: string });
}

/** Each kept-field list in code-unit order, sorted once (`pick` runs per listed entity). */
const sortedFields = new Map<readonly string[], readonly string[]>();

/** The fields that are set, each a canonical copy, in code-unit order: the object is canonical as built (the fields are fixed names, none an array index). */
function pick(source: Record<string, unknown>, fields: readonly string[]): JsonObject {
  let ordered = sortedFields.get(fields);
  if (ordered === undefined) sortedFields.set(fields, (ordered = [...fields].sort(compareCodeUnits)));
  const out: JsonObject = {};
  for (const field of ordered) {
    const value = source[field];
    if (value !== undefined) out[field] = canonicalize(value) as Json;
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

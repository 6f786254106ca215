/**
 * The snapshot file: what each configured server listed, in canonical JSON. It is the single
 * input of `emit` (online and `--offline`) and of drift comparison. No timestamps, no secrets,
 * no machine paths: only what the server said about itself.
 */
import type { Json } from "./canonical-json.js";
import type { ProtocolEra } from "./protocol.js";

export const SNAPSHOT_FORMAT = 1 as const;

export type JsonObject = { [key: string]: Json };

export interface Snapshot {
  /** Format version of this file. */
  format: typeof SNAPSHOT_FORMAT;
  /** Server key (as in the config) → what it listed. Keys sorted. */
  servers: Record<string, ServerSnapshot>;
}

export interface ServerSnapshot {
  /** The revision the server was captured with. */
  protocolVersion: string;
  /**
   * "modern" (2026-07-28 and later: no handshake, per-request versions) or "legacy" (the 2025
   * `initialize` handshake). Snapshots written before this field: the era of `protocolVersion`.
   */
  era?: ProtocolEra;
  serverInfo: JsonObject;
  capabilities: JsonObject;
  instructions?: string;
  tools: ToolEntry[];
  resources: ResourceEntry[];
  resourceTemplates: ResourceTemplateEntry[];
  prompts: PromptEntry[];
  /**
   * Skills (the `io.modelcontextprotocol/skills` extension, SEP-2640), sorted by URI. Present only
   * for a server that declares the extension, so other servers' entries (and hashes) are unchanged.
   */
  skills?: SkillEntry[];
  /**
   * Lists the server advertises (by capability) but did not answer at capture: their entity
   * array is empty and stays out of drift comparison while they stay unavailable. Absent when
   * every advertised list answered. Only the error's code is kept (its text may vary per run).
   */
  unavailable?: Partial<Record<EntityKind, UnavailableList>>;
  /** Hash of everything above. */
  hash: string;
}

/** One file of a skill: where it is, and what a reader verifies it against. */
export interface SkillFileEntry {
  /** Path under the skill's folder (`SKILL.md`, `references/FORMS.md`), percent-decoded, `/`-separated. */
  path: string;
  /** The resource URI the server serves it at, as listed. */
  uri: string;
  /** Length of its raw bytes. */
  size: number;
  /** `sha256:` and 64 lowercase hex digits, of its raw bytes. */
  digest: string;
}

/**
 * A skill as captured: its entry from `skills/list`, with each file's path under the skill's
 * folder. Model-facing text (what `audit` walks): `name`, `description`, every string value of
 * `frontmatter`, and `body` (the markdown of `SKILL.md` after its frontmatter) when captured.
 */
export interface SkillEntry {
  /** URI of the skill's `SKILL.md` (its identity). */
  uri: string;
  /** `frontmatter.name`. */
  name: string;
  /** `frontmatter.description`. */
  description: string;
  /** The `SKILL.md` frontmatter, verbatim (as JSON). */
  frontmatter: JsonObject;
  /**
   * Every file, sorted by path. For a `"dynamic"` skill (no file list published) only `SKILL.md`,
   * with the digest of what the server served at capture.
   */
  files: SkillFileEntry[];
  /** The server publishes no file list (`resources: "dynamic"`): only `SKILL.md` is pinned. */
  dynamic?: true;
  /** The markdown of `SKILL.md` after its frontmatter, when the file is at most `SKILL_BODY_MAX_BYTES`. */
  body?: string;
  _meta?: JsonObject;
  /** Hash of the entry without this field (its fingerprint). */
  hash: string;
}
/** A list that was not answered: its method and the error's code. */
export interface UnavailableList {
  method: string;
  /** The JSON-RPC error code the server answered with, or `"timeout"` / `"invalid-result"`. */
  code: number | UnavailableCode;
}

export type UnavailableCode = "timeout" | "invalid-result";

/** Fields every listed entity may carry besides its own. */
interface EntityCommon {
  title?: string;
  description?: string;
  icons?: Json[];
  _meta?: JsonObject;
  /** Hash of the entity without this field (its fingerprint). */
  hash: string;
}

export interface ToolEntry extends EntityCommon {
  name: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  /** `execution.taskSupport`: "forbidden" (or absent), "optional", "required" (MCP tasks). */
  execution?: JsonObject;
}

export interface ResourceEntry extends EntityCommon {
  uri: string;
  name: string;
  mimeType?: string;
  size?: number;
  annotations?: JsonObject;
}

export interface ResourceTemplateEntry extends EntityCommon {
  uriTemplate: string;
  name: string;
  mimeType?: string;
  annotations?: JsonObject;
}

export interface PromptArgumentEntry {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

export interface PromptEntry extends EntityCommon {
  name: string;
  arguments: PromptArgumentEntry[];
}

/** The entity kinds of a server listing, as the keys of `ServerSnapshot`. */
export const ENTITY_KINDS = ["tools", "resources", "resourceTemplates", "prompts"] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** The identity of an entity within its kind: name, or URI for resources. */
export function entityKey(kind: EntityKind, entity: { name: string; uri?: string; uriTemplate?: string }): string {
  if (kind === "resources") return entity.uri ?? entity.name;
  if (kind === "resourceTemplates") return entity.uriTemplate ?? entity.name;
  return entity.name;
}

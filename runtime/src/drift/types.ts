/**
 * Public shapes of the drift API. `DriftReport` is also the `--format json` output: its shape
 * is versioned by `version` and only grows by optional fields within a version.
 */
import type { Json } from "../shared/canonical-json.js";
import type { Level, RuleId } from "./rules.js";

/** What kind of thing a change is about. `server` = the server's own metadata. */
export type DriftEntityKind = "server" | "tool" | "prompt" | "resource" | "resourceTemplate" | "skill";

export interface Change {
  /** Stable kebab-case id from the rule table (`src/drift/rules.ts`). */
  ruleId: RuleId;
  /** Level after the user's re-levelling. */
  level: Level;
  /** Server key as in the config. */
  server: string;
  /** The entity changed: for resources `name` is the URI, for templates the URI template, for skills the `SKILL.md` URI, for `server` the server key. */
  entity: { kind: DriftEntityKind; name: string };
  /**
   * Where inside the entity, as a JSON pointer: into the *canonicalized* schema for tool schemas
   * (`/inputSchema/properties/city`, `/outputSchema/items/type`), `/arguments/<name>` for prompt
   * arguments, `/annotations/<key>`, `/capabilities/<path>`, `/<field>` otherwise. Absent when the
   * change is about the entity as a whole.
   */
  pointer?: string;
  /** One human sentence (does not repeat the entity). May contain server text: sanitize before printing. */
  message: string;
  /** Old value, when meaningful (raw server data, not sanitized). */
  before?: Json;
  /** New value, when meaningful (raw server data, not sanitized). */
  after?: Json;
  /** Set when the user accepted this change: the reason they gave. Accepted changes never fail. */
  accepted?: string;
}

/**
 * The drift report, also printed verbatim by `--format json`.
 *
 * ```jsonc
 * {
 *   "version": 1,
 *   "changes": [ { "ruleId": "tool-removed", "level": "breaking", "server": "math",
 *                  "entity": { "kind": "tool", "name": "add" }, "message": "Tool was removed" } ],
 *   "summary": { "breaking": 1, "dangerous": 0, "safe": 0, "accepted": 0 }
 * }
 * ```
 * `changes` are ordered by server, entity kind (server, tool, resource, resourceTemplate,
 * prompt, skill), entity name, then position in the schema. `summary` counts changes that are not
 * accepted by level, and accepted changes separately.
 */
export interface DriftReport {
  version: 1;
  changes: Change[];
  summary: DriftSummary;
}

export interface DriftSummary {
  breaking: number;
  dangerous: number;
  safe: number;
  accepted: number;
}

/** A rule's level, or `off` to drop its changes from the report. */
export type RuleSetting = Level | "off";

export interface DriftOverride {
  /** Server key; `*` globs allowed. Absent = every server. */
  server?: string;
  /** Entity name (tool, prompt, resource URI, template); `*` globs allowed. Absent = every entity and server-level changes. */
  tool?: string;
  rules: Partial<Record<RuleId, RuleSetting>>;
}

export interface DriftAcceptance {
  /** Server key (exact). */
  server: string;
  /** Entity name (exact, or `*` glob). Absent = any entity of that server. */
  tool?: string;
  ruleId: RuleId;
  /** Exact pointer of the change. Absent = any pointer. */
  pointer?: string;
  /** Why the change is fine; shown in reports. */
  reason: string;
}

export interface DriftOptions {
  /** Re-level rules everywhere. */
  rules?: Partial<Record<RuleId, RuleSetting>>;
  /** Re-level rules for a server and/or entity glob; applied after `rules`, later entries win. */
  overrides?: DriftOverride[];
  /** Reviewed changes: kept in the report with `accepted: reason`, never fail. */
  accept?: DriftAcceptance[];
}

export type FailThreshold = Level;

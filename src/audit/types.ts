/**
 * Shapes of the audit: the model-visible strings of a snapshot (text sources), the rules run
 * over them, and the report. `AuditReport` is also the `--format json` output: versioned by
 * `version`, it only grows by optional fields within a version.
 */

export const AUDIT_LEVELS = ["error", "warning", "note"] as const;
export type AuditLevel = (typeof AUDIT_LEVELS)[number];

/** Numeric rank for thresholds: error > warning > note. */
export const AUDIT_LEVEL_RANK: Record<AuditLevel, number> = { error: 3, warning: 2, note: 1 };

/** What kind of listed thing a string belongs to (`server` = the server's own `instructions`, info). */
export type AuditEntityKind = "server" | "tool" | "prompt" | "resource" | "resourceTemplate" | "skill";

/** Which part of an entity a string is: rules look at some parts only. */
export type TextRole =
  | "name"
  | "title"
  | "description"
  | "instructions"
  | "parameter-name"
  | "parameter-description"
  | "parameter-value"
  | "annotation"
  | "uri";

/** One model-visible string with where it sits. */
export interface TextSource {
  server: string;
  kind: AuditEntityKind;
  /** The entity's name (tool, prompt, resource URI, template, skill); the server key for `server`. */
  name: string;
  /** JSON pointer inside the entity (`/description`, `/inputSchema/properties/path/description`). */
  pointer: string;
  /** JSON pointer of the entity in the snapshot file (`/servers/math/tools/0`). */
  entityPointer: string;
  role: TextRole;
  /** For parameter strings: the parameter's name. */
  parameter?: string;
  text: string;
}

/** A span of a source that a rule matched, and why, in one sentence. */
export interface RuleMatch {
  start: number;
  end: number;
  message: string;
}

/** What rules may know beyond the string itself: the other servers' tools. */
export interface AuditContext {
  /** Tool name → the servers listing it. */
  toolServers: ReadonlyMap<string, readonly string[]>;
  /** Server → the names of its own tools, prompts and resources (naming one's own tool is ordinary). */
  ownNames: ReadonlyMap<string, ReadonlySet<string>>;
  /** The servers listing at least one tool: with none but the text's own, no text can name another's. */
  serversWithTools: ReadonlySet<string>;
}

export interface AuditRule {
  /** Stable kebab-case id. */
  readonly id: string;
  readonly level: AuditLevel;
  /** One line: what the rule finds. */
  readonly description: string;
  /** Why it matters and what to do. */
  readonly help: string;
  /** Whether hidden characters this rule finds are stripped from model-facing text. */
  readonly strips?: boolean;
  /** Most strings match nothing: a rule then returns NO_MATCHES (rules.ts), not a new list. */
  readonly match: (source: TextSource, context: AuditContext) => readonly RuleMatch[];
}

export interface Finding {
  ruleId: string;
  /** Level after the config's re-levelling. */
  level: AuditLevel;
  server: string;
  entity: { kind: AuditEntityKind; name: string };
  /** Inside the entity. */
  pointer: string;
  /** In the snapshot file (for `--live`, where the string would sit). */
  snapshotPointer: string;
  message: string;
  /** The offending text and a little around it, invisible characters shown as `\u{…}` escapes. */
  excerpt: string;
  /** Hash of the whole string: an `audit.allow` entry names it and lapses when the text changes. */
  textHash: string;
  /** Stable across runs and unrelated edits: rule, server, entity, pointer, matched text. */
  fingerprint: string;
  /** UTF-16 offsets of the match in the string. */
  start: number;
  end: number;
  /** Set when `audit.allow` acknowledges it: the reason given. Acknowledged findings never fail. */
  allowed?: string;
  /** Set when the matched characters are stripped from what models and JSDoc get. */
  stripped?: boolean;
  /** Line and column (1-based, UTF-16 code units) in the snapshot file, when read from one. */
  region?: { startLine: number; startColumn: number; endLine: number; endColumn: number };
}

export interface AuditSummary {
  error: number;
  warning: number;
  note: number;
  allowed: number;
}

export interface AuditReport {
  version: 1;
  /** "snapshot": the committed file; "live": the servers' listings now. */
  source: "snapshot" | "live";
  /** The snapshot file, relative to the config's folder (results point at it). */
  snapshotFile?: string;
  /** Servers audited. */
  servers: string[];
  /** How many strings were read. */
  strings: number;
  findings: Finding[];
  summary: AuditSummary;
  /** Whether hidden characters are stripped from generated, model-facing text (`audit.stripHidden`). */
  stripHidden: boolean;
}

/**
 * The drift rule table (DESIGN §5): every kind of change the differ can report, with its stable
 * id, default level, side and the sentence used in reports. Data only; `diff-*.ts` decide which
 * row a change matches, `policy.ts` applies the user's re-levelling and acceptances.
 *
 * Side: `request` = what the caller sends (tool input, prompt arguments, template variables:
 * narrowing breaks), `response` = what the server sends (output schema, resource contents:
 * widening breaks), `entity` = a listed entity as a whole or its model-facing text,
 * `server` = the server's own metadata.
 *
 * Message templates: `{subject}` (property, argument, value or field named by the change),
 * `{before}` and `{after}` (short renderings of the old and new value). The entity is not part
 * of the message: reports show it next to it.
 */
export const LEVELS = ["breaking", "dangerous", "safe"] as const;
export type Level = (typeof LEVELS)[number];

export type Side = "request" | "response" | "entity" | "server";

export interface RuleDefinition {
  readonly level: Level;
  readonly side: Side;
  readonly template: string;
}

export const RULES = {
  // ── entities ──────────────────────────────────────────────────────────────────────────────
  "server-removed": { level: "breaking", side: "server", template: "Server is no longer listed" },
  "server-added": { level: "safe", side: "server", template: "Server was added" },
  "tool-removed": { level: "breaking", side: "entity", template: "Tool was removed" },
  "tool-added": { level: "safe", side: "entity", template: "Tool was added" },
  "prompt-removed": { level: "breaking", side: "entity", template: "Prompt was removed" },
  "prompt-added": { level: "safe", side: "entity", template: "Prompt was added" },
  "resource-removed": { level: "breaking", side: "entity", template: "Resource was removed" },
  "resource-added": { level: "safe", side: "entity", template: "Resource was added" },
  "resource-template-removed": { level: "breaking", side: "entity", template: "Resource template was removed" },
  "resource-template-added": { level: "safe", side: "entity", template: "Resource template was added" },

  // Skills (SEP-2640): their text and files load into the model's context, so any change to
  // what a skill says or holds is reviewed; losing a skill or a file breaks hosts that load it.
  "skill-removed": { level: "breaking", side: "entity", template: "Skill was removed" },
  "skill-added": { level: "safe", side: "entity", template: "Skill was added" },
  "skill-file-removed": { level: "breaking", side: "entity", template: "Skill file {subject} was removed" },
  "skill-file-added": { level: "safe", side: "entity", template: "Skill file {subject} was added" },
  "skill-file-changed": { level: "dangerous", side: "entity", template: "Skill file {subject} changed: digest {before} → {after}" },
  "skill-file-uri-changed": { level: "dangerous", side: "entity", template: "Skill file {subject} moved from {before} to {after}" },
  "skill-frontmatter-changed": { level: "dangerous", side: "entity", template: "Skill frontmatter field {subject} changed from {before} to {after}" },
  "skill-file-list-changed": { level: "dangerous", side: "entity", template: "Skill file list changed from {before} to {after}" },

  // ── request side: tool input schema ───────────────────────────────────────────────────────
  "input-required-property-added": { level: "breaking", side: "request", template: "Required input property {subject} was added" },
  "input-property-became-required": { level: "breaking", side: "request", template: "Input property {subject} became required" },
  "input-property-removed": { level: "breaking", side: "request", template: "Input property {subject} was removed" },
  "input-type-narrowed": { level: "breaking", side: "request", template: "Input type narrowed from {before} to {after}" },
  "input-type-changed": { level: "breaking", side: "request", template: "Input type changed from {before} to {after}" },
  "input-became-non-nullable": { level: "breaking", side: "request", template: "Input no longer accepts null" },
  "input-enum-value-removed": { level: "breaking", side: "request", template: "Input value {subject} is no longer allowed" },
  "input-enum-introduced": { level: "breaking", side: "request", template: "Input is now restricted to {after}" },
  "input-constraint-tightened": { level: "breaking", side: "request", template: "Input constraint {subject} tightened from {before} to {after}" },
  "input-union-branch-removed": { level: "breaking", side: "request", template: "Input alternative {before} was removed" },
  "input-additional-properties-disallowed": { level: "breaking", side: "request", template: "Input no longer accepts additional properties" },
  "input-optional-property-added": { level: "safe", side: "request", template: "Optional input property {subject} was added" },
  "input-property-became-optional": { level: "safe", side: "request", template: "Input property {subject} became optional" },
  "input-type-widened": { level: "safe", side: "request", template: "Input type widened from {before} to {after}" },
  "input-became-nullable": { level: "safe", side: "request", template: "Input now accepts null" },
  "input-enum-value-added": { level: "safe", side: "request", template: "Input value {subject} is now allowed" },
  "input-constraint-loosened": { level: "safe", side: "request", template: "Input constraint {subject} loosened from {before} to {after}" },
  "input-union-branch-added": { level: "safe", side: "request", template: "Input alternative {after} was added" },
  "input-additional-properties-allowed": { level: "safe", side: "request", template: "Input now accepts additional properties" },
  "input-default-changed": { level: "dangerous", side: "request", template: "Input default changed from {before} to {after}" },
  "input-constraint-added": { level: "dangerous", side: "request", template: "Input constraint {subject} was set to {after}" },
  "input-format-changed": { level: "dangerous", side: "request", template: "Input format changed from {before} to {after}" },
  "input-schema-changed": { level: "dangerous", side: "request", template: "Input schema keyword {subject} changed" },

  // ── request side: prompt arguments, URI template variables ───────────────────────────────
  "prompt-required-argument-added": { level: "breaking", side: "request", template: "Required prompt argument {subject} was added" },
  "prompt-argument-removed": { level: "breaking", side: "request", template: "Prompt argument {subject} was removed" },
  "prompt-argument-became-required": { level: "breaking", side: "request", template: "Prompt argument {subject} became required" },
  "prompt-optional-argument-added": { level: "safe", side: "request", template: "Optional prompt argument {subject} was added" },
  "prompt-argument-became-optional": { level: "safe", side: "request", template: "Prompt argument {subject} became optional" },
  "template-variable-changed": { level: "breaking", side: "request", template: "URI template variable {subject}: {before} → {after}" },
  "template-uri-changed": { level: "breaking", side: "request", template: "URI template changed from {before} to {after}" },

  // ── response side: tool output schema, resource contents ──────────────────────────────────
  "output-schema-removed": { level: "breaking", side: "response", template: "Output schema was removed" },
  "output-required-property-removed": { level: "breaking", side: "response", template: "Required output property {subject} was removed" },
  "output-property-became-optional": { level: "breaking", side: "response", template: "Output property {subject} became optional" },
  "output-became-nullable": { level: "breaking", side: "response", template: "Output may now be null" },
  "output-type-widened": { level: "breaking", side: "response", template: "Output type widened from {before} to {after}" },
  "output-type-changed": { level: "breaking", side: "response", template: "Output type changed from {before} to {after}" },
  "output-constraint-loosened": { level: "breaking", side: "response", template: "Output constraint {subject} loosened from {before} to {after}" },
  "output-const-changed": { level: "breaking", side: "response", template: "Output constant changed from {before} to {after}" },
  "output-additional-properties-allowed": { level: "breaking", side: "response", template: "Output may now hold additional properties" },
  "output-optional-property-removed": { level: "dangerous", side: "response", template: "Optional output property {subject} was removed" },
  "output-enum-value-added": { level: "dangerous", side: "response", template: "Output value {subject} may now be returned" },
  "output-union-branch-added": { level: "dangerous", side: "response", template: "Output alternative {after} was added" },
  "output-format-changed": { level: "dangerous", side: "response", template: "Output format changed from {before} to {after}" },
  "output-schema-changed": { level: "dangerous", side: "response", template: "Output schema keyword {subject} changed" },
  "output-schema-added": { level: "safe", side: "response", template: "Output schema was added" },
  "output-property-added": { level: "safe", side: "response", template: "Output property {subject} was added" },
  "output-type-narrowed": { level: "safe", side: "response", template: "Output type narrowed from {before} to {after}" },
  "output-enum-value-removed": { level: "safe", side: "response", template: "Output value {subject} is no longer returned" },
  "output-became-non-nullable": { level: "safe", side: "response", template: "Output is no longer null" },
  "output-property-became-required": { level: "safe", side: "response", template: "Output property {subject} became required" },
  "output-constraint-tightened": { level: "safe", side: "response", template: "Output constraint {subject} tightened from {before} to {after}" },
  "output-union-branch-removed": { level: "safe", side: "response", template: "Output alternative {before} was removed" },
  "output-additional-properties-disallowed": { level: "safe", side: "response", template: "Output no longer holds additional properties" },
  "resource-mime-type-changed": { level: "breaking", side: "response", template: "MIME type changed from {before} to {after}" },

  // ── model- and approval-facing text and hints ─────────────────────────────────────────────
  "description-changed": { level: "dangerous", side: "entity", template: "Description changed from {before} to {after}" },
  "property-description-changed": { level: "dangerous", side: "entity", template: "Schema description changed from {before} to {after}" },
  "argument-description-changed": { level: "dangerous", side: "entity", template: "Description of argument {subject} changed from {before} to {after}" },
  "schema-annotation-changed": { level: "dangerous", side: "entity", template: "Schema annotation {subject} changed from {before} to {after}" },
  "instructions-changed": { level: "dangerous", side: "server", template: "Server instructions changed from {before} to {after}" },
  // Reported by the generator's `check`, which runs the audit rules (src/audit) on the live text:
  // the level follows the finding's (error → breaking, warning → dangerous, note → safe).
  "audit-finding-introduced": { level: "breaking", side: "entity", template: "Introduces audit finding {subject}" },
  "annotation-hint-changed": { level: "dangerous", side: "entity", template: "Annotation {subject} changed from {before} to {after}" },
  "resource-name-changed": { level: "dangerous", side: "entity", template: "Name changed from {before} to {after}" },
  "tool-execution-changed": { level: "dangerous", side: "entity", template: "Execution setting {subject} changed from {before} to {after}" },
  // Task support (`execution.taskSupport`): levels follow what the generated method can still do.
  "tool-task-required": { level: "breaking", side: "entity", template: "Task support changed from {before} to {after}: the tool now runs only as a task" },
  "tool-task-support-removed": { level: "breaking", side: "entity", template: "Task support changed from {before} to {after}: the tool no longer runs as a task" },
  "tool-task-no-longer-required": { level: "safe", side: "entity", template: "Task support changed from {before} to {after}: the tool also runs as a plain call" },
  "tool-task-support-added": { level: "safe", side: "entity", template: "Task support changed from {before} to {after}: the tool can now run as a task" },
  "field-changed": { level: "dangerous", side: "entity", template: "Field {subject} changed" },

  // ── server ────────────────────────────────────────────────────────────────────────────────
  "capability-withdrawn": { level: "breaking", side: "server", template: "Capability {subject} was withdrawn" },
  "capability-changed": { level: "dangerous", side: "server", template: "Capability {subject} changed from {before} to {after}" },
  "capability-added": { level: "safe", side: "server", template: "Capability {subject} was added" },
  // An advertised list the server stopped answering (or answers again; snapshot `unavailable`).
  // Dangerous, not breaking: nothing generated changes and the entries may still be there (a
  // read by URI, a prompt by name may work), but they can no longer be compared. A list that
  // stays unavailable is no change at all.
  "list-became-unavailable": { level: "dangerous", side: "server", template: "List {subject} is no longer answered ({after}): its entries are not compared" },
  "list-became-available": { level: "safe", side: "server", template: "List {subject} is answered again (was {before}): its entries are compared as added" },
  "protocol-version-changed": { level: "dangerous", side: "server", template: "Protocol version changed from {before} to {after}" },
  // Dangerous, not breaking: no generated type changes and the client still connects (it starts in
  // the recorded era and negotiates when refused), but how the server behaves does: sessions,
  // input requests (server-to-client requests vs. multi round-trip), tasks, list-change delivery.
  "protocol-era-changed": { level: "dangerous", side: "server", template: "Protocol era changed from {before} to {after}" },

  // ── cosmetic ──────────────────────────────────────────────────────────────────────────────
  "title-changed": { level: "safe", side: "entity", template: "Title changed from {before} to {after}" },
  "icons-changed": { level: "safe", side: "entity", template: "Icons changed" },
  "meta-changed": { level: "safe", side: "entity", template: "_meta changed" },
  "annotation-changed": { level: "safe", side: "entity", template: "Annotation {subject} changed from {before} to {after}" },
  "server-version-changed": { level: "safe", side: "server", template: "Server version changed from {before} to {after}" },
  "server-info-changed": { level: "safe", side: "server", template: "Server info {subject} changed from {before} to {after}" },
} as const satisfies Record<string, RuleDefinition>;

export type RuleId = keyof typeof RULES;

export const RULE_IDS = Object.keys(RULES) as RuleId[];

export function isRuleId(value: string): value is RuleId {
  return Object.hasOwn(RULES, value);
}

/** Numeric rank for threshold comparisons: breaking > dangerous > safe. */
export const LEVEL_RANK: Record<Level, number> = { breaking: 3, dangerous: 2, safe: 1 };

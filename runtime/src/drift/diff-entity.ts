/**
 * Differences between two versions of one listed entity (tool, resource, template, prompt),
 * field by field. Which rule a field change maps to is the table `FIELDS` below; a field not
 * in it is reported as `field-changed` so nothing new a server sends goes unnoticed.
 */
import type { Json } from "../shared/canonical-json.js";
import { canonicalStringify, compareCodeUnits } from "../shared/canonical-json.js";
import { getOwn } from "../shared/own-property.js";
import type { EntityKind, JsonObject } from "../shared/snapshot.js";
import { canonicalizeSchema } from "./canonicalize.js";
import type { Finding } from "./change.js";
import { diffSchemas } from "./diff-schema.js";
import type { RuleId } from "./rules.js";
import { templateVariables } from "./uri-template.js";
import { pushAll } from "../shared/lists.js";
import { pointerToken } from "../shared/json-pointer.js";

type FieldDiff = (field: string, before: Json | undefined, after: Json | undefined) => Finding[];

/** Tool annotation hints and their value when absent (MCP spec defaults). */
const HINT_DEFAULTS: ReadonlyMap<string, boolean> = new Map([
  ["readOnlyHint", false],
  ["destructiveHint", true],
  ["idempotentHint", false],
  ["openWorldHint", true],
]);

type TaskSupport = "forbidden" | "optional" | "required";

/**
 * `execution.taskSupport` changes by what they do to a generated client: its method of a
 * "required" tool runs it as a task, every "optional" / "required" tool has `.start()`. A
 * method or `.start()` that would stop working is breaking; one that keeps working is safe.
 */
const TASK_SUPPORT_CHANGES: Record<TaskSupport, Partial<Record<TaskSupport, RuleId>>> = {
  forbidden: { optional: "tool-task-support-added", required: "tool-task-required" },
  optional: { forbidden: "tool-task-support-removed", required: "tool-task-required" },
  required: { forbidden: "tool-task-support-removed", optional: "tool-task-no-longer-required" },
};

const whole =
  (ruleId: RuleId): FieldDiff =>
  (field, before, after) => [withValues({ ruleId, pointer: `/${pointerToken(field)}`, subject: field }, before, after)];

const ignore: FieldDiff = () => [];

const COMMON: Record<string, FieldDiff> = {
  hash: ignore,
  title: whole("title-changed"),
  description: whole("description-changed"),
  icons: whole("icons-changed"),
  _meta: whole("meta-changed"),
  annotations: diffAnnotations,
};

/** Per kind: how each field's change is classified. The entity's key field is compared by the caller. */
const FIELDS: Record<EntityKind, Record<string, FieldDiff>> = {
  tools: { ...COMMON, name: ignore, inputSchema: diffInputSchema, outputSchema: diffOutputSchema, execution: diffExecution },
  resources: { ...COMMON, uri: ignore, name: whole("resource-name-changed"), mimeType: whole("resource-mime-type-changed") },
  resourceTemplates: { ...COMMON, uriTemplate: diffUriTemplate, name: whole("resource-name-changed"), mimeType: whole("resource-mime-type-changed") },
  prompts: { ...COMMON, name: ignore, arguments: diffPromptArguments },
};

export function diffEntity(kind: EntityKind, before: JsonObject, after: JsonObject): Finding[] {
  const handlers = FIELDS[kind];
  const findings: Finding[] = [];
  for (const field of unionKeys(before, after)) {
    const b = before[field];
    const a = after[field];
    if (sameJson(b, a)) continue;
    const handler = handlers[field] ?? whole("field-changed");
    pushAll(findings, handler(field, b, a));
  }
  return findings;
}

function diffInputSchema(_field: string, before: Json | undefined, after: Json | undefined): Finding[] {
  return diffSchemas(canonicalizeSchema(before ?? {}), canonicalizeSchema(after ?? {}), "input", "/inputSchema");
}

function diffOutputSchema(_field: string, before: Json | undefined, after: Json | undefined): Finding[] {
  if (before === undefined) return [{ ruleId: "output-schema-added", pointer: "/outputSchema" }];
  if (after === undefined) return [{ ruleId: "output-schema-removed", pointer: "/outputSchema" }];
  return diffSchemas(canonicalizeSchema(before), canonicalizeSchema(after), "output", "/outputSchema");
}

function diffAnnotations(_field: string, before: Json | undefined, after: Json | undefined): Finding[] {
  const b = asObject(before);
  const a = asObject(after);
  const findings: Finding[] = [];
  for (const key of unionKeys(b, a)) {
    const pointer = `/annotations/${pointerToken(key)}`;
    // Annotation keys are server text (`constructor` too): own keys only, never Object's members.
    const [was, is] = [getOwn(b, key), getOwn(a, key)];
    const hintDefault = HINT_DEFAULTS.get(key);
    if (hintDefault !== undefined) {
      // Absent means the spec default: spelling the default out is no change.
      if (!sameJson(was ?? hintDefault, is ?? hintDefault)) findings.push({ ruleId: "annotation-hint-changed", pointer, subject: key, before: was ?? hintDefault, after: is ?? hintDefault });
      continue;
    }
    if (sameJson(was, is)) continue;
    findings.push(withValues({ ruleId: key === "title" ? "title-changed" : "annotation-changed", pointer, subject: key }, was, is));
  }
  return findings;
}

/** `taskSupport` by the table above (absent = "forbidden"); any other execution setting is dangerous. */
function diffExecution(_field: string, before: Json | undefined, after: Json | undefined): Finding[] {
  const b = asObject(before);
  const a = asObject(after);
  const findings: Finding[] = [];
  const was = taskSupportOf(b["taskSupport"]);
  const is = taskSupportOf(a["taskSupport"]);
  const ruleId = TASK_SUPPORT_CHANGES[was][is];
  if (ruleId) findings.push({ ruleId, pointer: "/execution/taskSupport", subject: "taskSupport", before: was, after: is });
  for (const key of unionKeys(b, a)) {
    if (key === "taskSupport" || sameJson(getOwn(b, key), getOwn(a, key))) continue;
    findings.push(withValues({ ruleId: "tool-execution-changed", pointer: `/execution/${pointerToken(key)}`, subject: key }, getOwn(b, key), getOwn(a, key)));
  }
  return findings;
}

function taskSupportOf(value: Json | undefined): TaskSupport {
  return value === "optional" || value === "required" ? value : "forbidden";
}

function diffPromptArguments(_field: string, before: Json | undefined, after: Json | undefined): Finding[] {
  const b = byName(before);
  const a = byName(after);
  const findings: Finding[] = [];
  for (const name of unionKeys(Object.fromEntries(b), Object.fromEntries(a))) {
    const pointer = `/arguments/${pointerToken(name)}`;
    const was = b.get(name);
    const is = a.get(name);
    if (!was && is) {
      findings.push({ ruleId: is["required"] === true ? "prompt-required-argument-added" : "prompt-optional-argument-added", pointer, subject: name, after: is });
    } else if (was && !is) {
      findings.push({ ruleId: "prompt-argument-removed", pointer, subject: name, before: was });
    } else if (was && is) {
      pushAll(findings, diffPromptArgument(name, pointer, was, is));
    }
  }
  return findings;
}

function diffPromptArgument(name: string, pointer: string, before: JsonObject, after: JsonObject): Finding[] {
  const findings: Finding[] = [];
  const wasRequired = before["required"] === true;
  const isRequired = after["required"] === true;
  if (wasRequired !== isRequired) {
    findings.push({ ruleId: isRequired ? "prompt-argument-became-required" : "prompt-argument-became-optional", pointer, subject: name });
  }
  for (const field of unionKeys(before, after)) {
    if (field === "name" || field === "required" || sameJson(before[field], after[field])) continue;
    const ruleId: RuleId = field === "description" ? "argument-description-changed" : field === "title" ? "title-changed" : "field-changed";
    findings.push(withValues({ ruleId, pointer: `${pointer}/${pointerToken(field)}`, subject: ruleId === "field-changed" ? field : name }, before[field], after[field]));
  }
  return findings;
}

/**
 * Templates are keyed by `uriTemplate`, so a changed template only reaches this handler when the
 * caller paired the old and new entries by name: report the variables that changed, or the URI
 * shape when only its literal text did.
 */
function diffUriTemplate(_field: string, before: Json | undefined, after: Json | undefined): Finding[] {
  const beforeText = typeof before === "string" ? before : "";
  const afterText = typeof after === "string" ? after : "";
  const was = templateVariables(beforeText);
  const is = templateVariables(afterText);
  const removed = was.filter((name) => !is.includes(name));
  const added = is.filter((name) => !was.includes(name));
  const findings: Finding[] = [];
  const renames = Math.min(removed.length, added.length);
  for (let index = 0; index < renames; index += 1) {
    const from = removed[index] as string;
    const to = added[index] as string;
    findings.push({ ruleId: "template-variable-changed", pointer: "/uriTemplate", subject: from, before: from, after: to });
  }
  for (const name of removed.slice(renames)) findings.push({ ruleId: "template-variable-changed", pointer: "/uriTemplate", subject: name, before: name, afterText: "(removed)" });
  for (const name of added.slice(renames)) findings.push({ ruleId: "template-variable-changed", pointer: "/uriTemplate", subject: name, beforeText: "(added)", after: name });
  if (findings.length === 0) findings.push(withValues({ ruleId: "template-uri-changed", pointer: "/uriTemplate" }, before, after));
  return findings;
}

// ── helpers ─────────────────────────────────────────────────────────────────────────────────

function withValues(finding: Finding, before: Json | undefined, after: Json | undefined): Finding {
  return { ...finding, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) };
}

function byName(value: Json | undefined): Map<string, JsonObject> {
  const map = new Map<string, JsonObject>();
  if (!Array.isArray(value)) return map;
  for (const item of value) {
    const object = asObject(item);
    if (typeof object["name"] === "string") map.set(object["name"], object);
  }
  return map;
}

function asObject(value: Json | undefined): JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
}

export function unionKeys(a: object, b: object): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareCodeUnits);
}

/** Structural equality, blind to key order (hand-written snapshots need not be canonical). */
export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return canonicalStringify(a) === canonicalStringify(b);
}

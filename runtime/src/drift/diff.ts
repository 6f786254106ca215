/**
 * `diffSnapshots`: every change between two snapshots, classified by the rule table and the
 * user's drift options. Entities whose fingerprint (`hash`) is the same on both sides are
 * skipped without looking inside, so the cost follows the number of changed entities.
 */
import { compareCodeUnits } from "../shared/canonical-json.js";
import { canonicalSchemaText } from "./canonicalize.js";
import { ENTITY_KINDS, entityKey, type EntityKind, type JsonObject, type ServerSnapshot, type Snapshot } from "../shared/snapshot.js";
import { makeChange, type EntityRef, type Finding } from "./change.js";
import { diffEntity } from "./diff-entity.js";
import { diffServerMetadata } from "./diff-server.js";
import { diffSkills } from "./diff-skills.js";
import { applyPolicy, validateDriftOptions } from "./policy.js";
import { hintPropertyRenames, hintToolRenames } from "./rename-hints.js";
import type { RuleId } from "./rules.js";
import type { Change, DriftEntityKind, DriftOptions, DriftReport } from "./types.js";
import { pushAll } from "../shared/lists.js";

/** Per entity kind: its name in reports and its added / removed rules. */
const KINDS: Record<EntityKind, { kind: DriftEntityKind; added: RuleId; removed: RuleId }> = {
  tools: { kind: "tool", added: "tool-added", removed: "tool-removed" },
  resources: { kind: "resource", added: "resource-added", removed: "resource-removed" },
  resourceTemplates: { kind: "resourceTemplate", added: "resource-template-added", removed: "resource-template-removed" },
  prompts: { kind: "prompt", added: "prompt-added", removed: "prompt-removed" },
};

/**
 * Compare two snapshots (`before` = committed, `after` = live or newer). Throws a `config`
 * CodegenError when `options` name an unknown rule id or level.
 */
export function diffSnapshots(before: Snapshot, after: Snapshot, options: DriftOptions = {}): DriftReport {
  validateDriftOptions(options);
  const changes: Change[] = [];
  const names = [...new Set([...Object.keys(before.servers), ...Object.keys(after.servers)])].sort(compareCodeUnits);
  for (const name of names) pushAll(changes, diffServer(name, before.servers[name], after.servers[name]));
  return applyPolicy(changes, options);
}

/** The raw (default-level) changes of one server; `undefined` = not in that snapshot. */
export function diffServer(server: string, before: ServerSnapshot | undefined, after: ServerSnapshot | undefined): Change[] {
  const self: EntityRef = { kind: "server", name: server };
  if (!before && !after) return [];
  if (!before) return [makeChange(server, self, { ruleId: "server-added" })];
  if (!after) return [makeChange(server, self, { ruleId: "server-removed" })];
  if (before.hash && before.hash === after.hash) return [];
  const changes = diffServerMetadata(before, after).map((finding) => makeChange(server, self, finding));
  for (const kind of ENTITY_KINDS) {
    const [was, is] = [before.unavailable?.[kind], after.unavailable?.[kind]];
    // Unavailable on either side: nothing to compare entry by entry (see rules.ts).
    if (was && is) continue;
    if (!was && is) {
      changes.push(makeChange(server, self, { ruleId: "list-became-unavailable", pointer: `/unavailable/${kind}`, subjectText: is.method, after: is.code, afterText: describeCode(is.code) }));
      continue;
    }
    if (was && !is) changes.push(makeChange(server, self, { ruleId: "list-became-available", pointer: `/unavailable/${kind}`, subjectText: was.method, before: was.code, beforeText: describeCode(was.code) }));
    pushAll(changes, diffKind(server, kind, list(before, kind), list(after, kind)));
  }
  pushAll(changes, diffSkills(server, before, after));
  hintPropertyRenames(changes);
  return changes;
}

function diffKind(server: string, kind: EntityKind, before: JsonObject[], after: JsonObject[]): Change[] {
  const { kind: entityKind, added, removed } = KINDS[kind];
  const beforeByKey = keyed(kind, before);
  const afterByKey = keyed(kind, after);
  const pairs = kind === "resourceTemplates" ? pairRenamedTemplates(beforeByKey, afterByKey) : new Map<string, string>();
  const pairedAfterKeys = new Set(pairs.values());
  const changes: { key: string; change: Change }[] = [];
  const add = (key: string, findings: Finding[]): void => {
    for (const finding of findings) changes.push({ key, change: makeChange(server, { kind: entityKind, name: key }, finding) });
  };
  for (const [key, old] of beforeByKey) {
    const current = afterByKey.get(key) ?? afterByKey.get(pairs.get(key) ?? "");
    if (!current) add(key, [{ ruleId: removed }]);
    else if (!(old["hash"] && old["hash"] === current["hash"])) add(key, diffEntity(kind, old, current));
  }
  for (const key of afterByKey.keys()) {
    if (!beforeByKey.has(key) && !pairedAfterKeys.has(key)) add(key, [{ ruleId: added }]);
  }
  // Stable sort: by entity, keeping each entity's findings in walk order.
  const sorted = changes.sort((a, b) => compareCodeUnits(a.key, b.key)).map((entry) => entry.change);
  if (kind === "tools") {
    const schemasOf = (keys: Iterable<string>, byKey: Map<string, JsonObject>) =>
      new Map([...keys].map((key) => [key, `${canonicalSchemaText(byKey.get(key)?.["inputSchema"] ?? {})}\u0000${canonicalSchemaText(byKey.get(key)?.["outputSchema"] ?? null)}`]));
    const gone = [...beforeByKey.keys()].filter((key) => !afterByKey.has(key));
    const fresh = [...afterByKey.keys()].filter((key) => !beforeByKey.has(key));
    if (gone.length > 0 && fresh.length > 0) hintToolRenames(sorted, schemasOf(gone, beforeByKey), schemasOf(fresh, afterByKey));
  }
  return sorted;
}

/**
 * Templates are keyed by their URI template, so renaming a variable changes the key. A template
 * that disappeared and one that appeared with the same `name` (each the only one of that name)
 * are taken as one template that changed: old key → new key.
 */
function pairRenamedTemplates(before: Map<string, JsonObject>, after: Map<string, JsonObject>): Map<string, string> {
  const gone = [...before].filter(([key]) => !after.has(key));
  const fresh = [...after].filter(([key]) => !before.has(key));
  const pairs = new Map<string, string>();
  for (const [oldKey, old] of gone) {
    const sameName = (entity: JsonObject): boolean => entity["name"] === old["name"];
    const candidates = fresh.filter(([, entity]) => sameName(entity));
    if (candidates.length === 1 && gone.filter(([, entity]) => sameName(entity)).length === 1) {
      pairs.set(oldKey, (candidates[0] as [string, JsonObject])[0]);
    }
  }
  return pairs;
}

function keyed(kind: EntityKind, entities: JsonObject[]): Map<string, JsonObject> {
  const map = new Map<string, JsonObject>();
  for (const entity of entities) map.set(entityKey(kind, entity as unknown as { name: string }), entity);
  return map;
}

/** `error -32601`, `timeout`, `invalid-result`: an unavailable list's code in a change's message. */
function describeCode(code: number | string): string {
  return typeof code === "number" ? `error ${code}` : code;
}

function list(server: ServerSnapshot, kind: EntityKind): JsonObject[] {
  return (server[kind] ?? []) as unknown as JsonObject[];
}

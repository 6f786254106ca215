/**
 * Walk two canonical JSON Schemas (see canonicalize.ts) side by side and name every difference
 * as a schema event; `SCHEMA_EVENTS` turns the event into a rule for the side being compared.
 * Equal subtrees are skipped by their canonical text, so a pure refactor yields nothing.
 */
import { getOwn } from "../shared/own-property.js";
import type { Json } from "../shared/canonical-json.js";
import { compareCodeUnits } from "../shared/canonical-json.js";
import type { Finding } from "./change.js";
import {
  ANNOTATION_KEYWORDS,
  CONSTRAINT_KEYWORDS,
  SCHEMA_EVENTS,
  type ConstraintKind,
  type SchemaEvent,
  type SchemaSide,
} from "./schema-events.js";
import { pointerToken } from "../shared/json-pointer.js";

type Node = { [key: string]: Json };

/** A finding inside a schema: always at a pointer. */
export type SchemaFinding = Finding & { pointer: string };

interface Walk {
  side: SchemaSide;
  out: SchemaFinding[];
}

interface Where {
  pointer: string;
  /** Readable path of property names (`user.tags[]`), the subject of property rules. */
  path: string;
}

/** Keywords the walker understands; a difference in any other keyword is `schemaChanged`. */
const HANDLED = new Set<string>([
  "type", "enum", "const", "format", "default", "description", "title",
  ...Object.keys(CONSTRAINT_KEYWORDS), ...ANNOTATION_KEYWORDS,
  "properties", "required", "additionalProperties", "patternProperties", "propertyNames",
  "items", "prefixItems", "additionalItems", "unevaluatedItems", "unevaluatedProperties",
  "anyOf", "oneOf", "allOf",
]);

/** Keywords whose absence means "anything": compared as `{}` when one side lacks them. */
const ABSENT_IS_ANY = ["propertyNames", "additionalItems", "unevaluatedItems", "unevaluatedProperties"] as const;

/** Differences between two canonical schemas, from the point of view of `side`. */
export function diffSchemas(before: Json, after: Json, side: SchemaSide, pointer: string): SchemaFinding[] {
  const walk: Walk = { side, out: [] };
  diffNode(before, after, { pointer, path: "" }, walk);
  return walk.out;
}

function diffNode(beforeRaw: Json, afterRaw: Json, where: Where, walk: Walk): void {
  if (sameJson(beforeRaw, afterRaw)) return;
  const before = asNode(beforeRaw);
  const after = asNode(afterRaw);
  diffTypes(before, after, where, walk);
  diffEnum(before, after, where, walk);
  diffConstraints(before, after, where, walk);
  diffFormat(before, after, where, walk);
  diffScalarKeyword("default", "defaultChanged", before, after, where, walk);
  diffScalarKeyword("description", "descriptionChanged", before, after, where, walk);
  diffScalarKeyword("title", "titleChanged", before, after, where, walk);
  for (const keyword of ANNOTATION_KEYWORDS) diffScalarKeyword(keyword, "annotationChanged", before, after, where, walk, keyword);
  diffProperties(before, after, where, walk);
  diffAdditionalProperties(before, after, where, walk);
  diffSchemaMap("patternProperties", before, after, where, walk);
  for (const keyword of ABSENT_IS_ANY) diffChild(keyword, before[keyword] ?? {}, after[keyword] ?? {}, where, walk);
  diffItems(before, after, where, walk);
  diffTuple("prefixItems", before["prefixItems"], after["prefixItems"], where, walk);
  diffUnion("anyOf", before, after, where, walk);
  diffUnion("oneOf", before, after, where, walk);
  diffUnion("allOf", before, after, where, walk);
  diffUnhandled(before, after, where, walk);
}

// ── types and nullability ───────────────────────────────────────────────────────────────────

function diffTypes(before: Node, after: Node, where: Where, walk: Walk): void {
  const b = typeSet(before);
  const a = typeSet(after);
  const relation = compareTypes(b, a);
  if (relation !== "same") {
    const event: SchemaEvent = relation === "wider" ? "typeWidened" : relation === "narrower" ? "typeNarrowed" : "typeChanged";
    emit(walk, event, where.pointer + "/type", {
      subject: "type",
      before: before["type"] ?? null,
      after: after["type"] ?? null,
      beforeText: typeText(b),
      afterText: typeText(a),
    });
  }
  if (b && a) {
    const wasNullable = (before["type"] as string[]).includes("null");
    const isNullable = (after["type"] as string[]).includes("null");
    if (wasNullable !== isNullable) emit(walk, isNullable ? "becameNullable" : "becameNonNullable", where.pointer + "/type", { subject: "null" });
  }
}

/** Non-null type names, or undefined when the schema does not restrict the type. */
function typeSet(node: Node): Set<string> | undefined {
  const type = node["type"];
  return Array.isArray(type) ? new Set(type.filter((name): name is string => typeof name === "string" && name !== "null")) : undefined;
}

function compareTypes(before: Set<string> | undefined, after: Set<string> | undefined): "same" | "wider" | "narrower" | "changed" {
  if (!before && !after) return "same";
  if (!after) return "wider";
  if (!before) return "narrower";
  const afterCovers = [...before].every((name) => covers(after, name));
  const beforeCovers = [...after].every((name) => covers(before, name));
  if (afterCovers && beforeCovers) return "same";
  if (afterCovers) return "wider";
  if (beforeCovers) return "narrower";
  return "changed";
}

function covers(types: Set<string>, name: string): boolean {
  return types.has(name) || (name === "integer" && types.has("number"));
}

function typeText(types: Set<string> | undefined): string {
  return types ? [...types].join(" | ") || "null" : "any";
}

// ── enum and const ──────────────────────────────────────────────────────────────────────────

function diffEnum(before: Node, after: Node, where: Where, walk: Walk): void {
  if (walk.side === "output" && "const" in before && "const" in after && !sameJson(before["const"], after["const"])) {
    emit(walk, "constChanged", where.pointer + "/const", { subject: "const", before: before["const"] as Json, after: after["const"] as Json });
    return;
  }
  const b = enumValues(before);
  const a = enumValues(after);
  if (!b && !a) return;
  const pointer = where.pointer + ("enum" in after || (!a && "enum" in before) ? "/enum" : "/const");
  if (!b) return emit(walk, "enumIntroduced", pointer, { subject: "enum", after: a as Json[] });
  if (!a) return emit(walk, "enumLifted", pointer, { subject: "enum", before: b, afterText: "(none)" });
  const beforeTexts = new Map(b.map((value) => [JSON.stringify(value), value]));
  const afterTexts = new Map(a.map((value) => [JSON.stringify(value), value]));
  for (const [text, value] of beforeTexts) {
    if (!afterTexts.has(text)) emit(walk, "enumValueRemoved", pointer, { subject: text, subjectText: text, before: value });
  }
  for (const [text, value] of afterTexts) {
    if (!beforeTexts.has(text)) emit(walk, "enumValueAdded", pointer, { subject: text, subjectText: text, after: value });
  }
}

function enumValues(node: Node): Json[] | undefined {
  if (Array.isArray(node["enum"])) return node["enum"];
  if ("const" in node) return [node["const"] as Json];
  return undefined;
}

// ── constraints, format, scalar keywords ────────────────────────────────────────────────────

function diffConstraints(before: Node, after: Node, where: Where, walk: Walk): void {
  for (const [keyword, kind] of Object.entries(CONSTRAINT_KEYWORDS)) {
    const b = before[keyword];
    const a = after[keyword];
    if (sameJson(b, a)) continue;
    const pointer = `${where.pointer}/${keyword}`;
    const fields = { subject: keyword, ...(b === undefined ? {} : { before: b }), ...(a === undefined ? {} : { after: a }) };
    if (b === undefined) emit(walk, "constraintAdded", pointer, fields);
    else if (a === undefined) emit(walk, "constraintRemoved", pointer, fields);
    else emit(walk, compareConstraint(kind, b, a), pointer, fields);
  }
}

function compareConstraint(kind: ConstraintKind, before: Json, after: Json): SchemaEvent {
  if (typeof before === "boolean" && typeof after === "boolean") return after ? "constraintTightened" : "constraintLoosened";
  if (typeof before !== "number" || typeof after !== "number") return "constraintReplaced";
  switch (kind) {
    case "lower":
      return after > before ? "constraintTightened" : "constraintLoosened";
    case "upper":
      return after < before ? "constraintTightened" : "constraintLoosened";
    case "multiple":
      if (isMultiple(after, before)) return "constraintTightened"; // every multiple of `after` is one of `before`
      if (isMultiple(before, after)) return "constraintLoosened";
      return "constraintReplaced";
    default:
      return "constraintReplaced";
  }
}

function isMultiple(value: number, of: number): boolean {
  if (of === 0) return false;
  const ratio = value / of;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9;
}

function diffFormat(before: Node, after: Node, where: Where, walk: Walk): void {
  const b = before["format"];
  const a = after["format"];
  if (sameJson(b, a)) return;
  const event: SchemaEvent = b === undefined ? "formatAdded" : a === undefined ? "formatRemoved" : "formatChanged";
  emit(walk, event, where.pointer + "/format", { subject: "format", ...(b === undefined ? {} : { before: b }), ...(a === undefined ? {} : { after: a }) });
}

function diffScalarKeyword(keyword: string, event: SchemaEvent, before: Node, after: Node, where: Where, walk: Walk, subject?: string): void {
  const b = before[keyword];
  const a = after[keyword];
  if (sameJson(b, a)) return;
  emit(walk, event, `${where.pointer}/${keyword}`, {
    subject: subject ?? (where.path || keyword),
    ...(b === undefined ? {} : { before: b }),
    ...(a === undefined ? {} : { after: a }),
  });
}

// ── objects ─────────────────────────────────────────────────────────────────────────────────

function diffProperties(before: Node, after: Node, where: Where, walk: Walk): void {
  const b = asRecord(before["properties"]);
  const a = asRecord(after["properties"]);
  const bRequired = stringSet(before["required"]);
  const aRequired = stringSet(after["required"]);
  for (const name of unionKeys(b, a)) {
    const child = childWhere(where, `/properties/${pointerToken(name)}`, joinPath(where.path, name));
    const inBefore = Object.hasOwn(b, name);
    const inAfter = Object.hasOwn(a, name);
    if (!inBefore) {
      emit(walk, aRequired.has(name) ? "propertyAddedRequired" : "propertyAddedOptional", child.pointer, { subject: child.path, after: a[name] as Json });
    } else if (!inAfter) {
      emit(walk, bRequired.has(name) ? "propertyRemovedRequired" : "propertyRemovedOptional", child.pointer, { subject: child.path, before: b[name] as Json });
    } else {
      diffRequiredFlag(name, bRequired, aRequired, child.pointer, child.path, walk);
      diffNode(b[name] as Json, a[name] as Json, child, walk);
    }
  }
  // Names required without a `properties` entry on either side.
  for (const name of [...new Set([...bRequired, ...aRequired])].sort(compareCodeUnits)) {
    if (Object.hasOwn(b, name) || Object.hasOwn(a, name)) continue;
    diffRequiredFlag(name, bRequired, aRequired, `${where.pointer}/required`, joinPath(where.path, name), walk);
  }
}

function diffRequiredFlag(name: string, before: Set<string>, after: Set<string>, pointer: string, path: string, walk: Walk): void {
  if (before.has(name) === after.has(name)) return;
  emit(walk, after.has(name) ? "becameRequired" : "becameOptional", pointer, { subject: path });
}

function diffAdditionalProperties(before: Node, after: Node, where: Where, walk: Walk): void {
  const b = before["additionalProperties"];
  const a = after["additionalProperties"];
  if (sameJson(b, a)) return;
  const pointer = `${where.pointer}/additionalProperties`;
  if (a === false) return emit(walk, "additionalDisallowed", pointer, { subject: "additionalProperties" });
  if (b === false) return emit(walk, "additionalAllowed", pointer, { subject: "additionalProperties" });
  diffChild("additionalProperties", b ?? {}, a ?? {}, where, walk);
}

function diffSchemaMap(keyword: string, before: Node, after: Node, where: Where, walk: Walk): void {
  const b = asRecord(before[keyword]);
  const a = asRecord(after[keyword]);
  for (const key of unionKeys(b, a)) {
    const pointer = `${where.pointer}/${keyword}/${pointerToken(key)}`;
    if (Object.hasOwn(b, key) && Object.hasOwn(a, key)) diffNode(b[key] as Json, a[key] as Json, { pointer, path: where.path }, walk);
    else emit(walk, "schemaChanged", pointer, { subject: keyword });
  }
}

// ── arrays ──────────────────────────────────────────────────────────────────────────────────

function diffItems(before: Node, after: Node, where: Where, walk: Walk): void {
  const b = before["items"];
  const a = after["items"];
  if (sameJson(b, a)) return;
  if (Array.isArray(b) || Array.isArray(a)) return diffTuple("items", b, a, where, walk);
  diffNode(b ?? {}, a ?? {}, childWhere(where, "/items", `${where.path || "items"}[]`), walk);
}

function diffTuple(keyword: string, b: Json | undefined, a: Json | undefined, where: Where, walk: Walk): void {
  if (sameJson(b, a)) return;
  if (!Array.isArray(b) || !Array.isArray(a) || b.length !== a.length) {
    return emit(walk, "schemaChanged", `${where.pointer}/${keyword}`, { subject: keyword });
  }
  b.forEach((item, index) => diffNode(item, a[index] as Json, childWhere(where, `/${keyword}/${index}`, `${where.path}[${index}]`), walk));
}

function diffChild(keyword: string, b: Json, a: Json, where: Where, walk: Walk): void {
  diffNode(b, a, childWhere(where, `/${keyword}`, where.path), walk);
}

// ── unions ──────────────────────────────────────────────────────────────────────────────────

/**
 * Branches equal on both sides are matched first; of the rest, a removed and an added branch
 * with the same type signature are taken as one branch that changed (and walked), the others
 * are reported as removed / added branches.
 */
function diffUnion(keyword: "anyOf" | "oneOf" | "allOf", before: Node, after: Node, where: Where, walk: Walk): void {
  const b = before[keyword];
  const a = after[keyword];
  if (sameJson(b, a)) return;
  if (!Array.isArray(b) || !Array.isArray(a)) return emit(walk, "schemaChanged", `${where.pointer}/${keyword}`, { subject: keyword });
  const removed = unmatched(b, a);
  const added = unmatched(a, b);
  for (const [signature, left] of groupBySignature(removed)) {
    const right = groupBySignature(added).get(signature);
    if (left.length !== 1 || right?.length !== 1) continue;
    const [oldBranch] = left;
    const [newBranch] = right;
    if (!oldBranch || !newBranch) continue;
    removed.splice(removed.indexOf(oldBranch), 1);
    added.splice(added.indexOf(newBranch), 1);
    diffNode(oldBranch.value, newBranch.value, childWhere(where, `/${keyword}/${newBranch.index}`, where.path), walk);
  }
  const allOf = keyword === "allOf";
  for (const branch of removed) {
    emit(walk, allOf ? "schemaChanged" : "branchRemoved", `${where.pointer}/${keyword}/${branch.index}`, { subject: keyword, before: branch.value });
  }
  for (const branch of added) {
    emit(walk, allOf ? "schemaChanged" : "branchAdded", `${where.pointer}/${keyword}/${branch.index}`, { subject: keyword, after: branch.value });
  }
}

interface Branch {
  value: Json;
  index: number;
  text: string;
}

/** Branches of `from` with no equal branch left in `other` (multiset difference). */
function unmatched(from: Json[], other: Json[]): Branch[] {
  const pool = other.map((value) => JSON.stringify(value));
  const out: Branch[] = [];
  from.forEach((value, index) => {
    const text = JSON.stringify(value);
    const at = pool.indexOf(text);
    if (at >= 0) pool.splice(at, 1);
    else out.push({ value, index, text });
  });
  return out;
}

function groupBySignature(branches: Branch[]): Map<string, Branch[]> {
  const groups = new Map<string, Branch[]>();
  for (const branch of branches) {
    const node = asNode(branch.value);
    const signature = JSON.stringify([node["type"] ?? null, node["$ref"] ?? null]);
    groups.set(signature, [...(groups.get(signature) ?? []), branch]);
  }
  return groups;
}

// ── anything else ───────────────────────────────────────────────────────────────────────────

function diffUnhandled(before: Node, after: Node, where: Where, walk: Walk): void {
  for (const key of unionKeys(before, after)) {
    // Unknown keywords are server text: own keys only (`constructor` is not Object's here).
    const [was, is] = [getOwn(before, key), getOwn(after, key)];
    if (HANDLED.has(key) || sameJson(was, is)) continue;
    emit(walk, "schemaChanged", `${where.pointer}/${pointerToken(key)}`, {
      subject: key,
      ...(was === undefined ? {} : { before: was as Json }),
      ...(is === undefined ? {} : { after: is as Json }),
    });
  }
}

// ── helpers ─────────────────────────────────────────────────────────────────────────────────

function emit(walk: Walk, event: SchemaEvent, pointer: string, fields: Omit<SchemaFinding, "ruleId" | "pointer">): void {
  const ruleId = SCHEMA_EVENTS[event][walk.side];
  if (ruleId !== null) walk.out.push({ ruleId, pointer, ...fields });
}

/** `true` = any value, `false` = none; anything that is not an object is compared as any. */
function asNode(value: Json | undefined): Node {
  if (value === false) return { not: {} };
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
}

function asRecord(value: Json | undefined): Node {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
}

function stringSet(value: Json | undefined): Set<string> {
  return new Set(Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
}

function unionKeys(a: object, b: object): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareCodeUnits);
}

/** Canonical values have sorted keys, so their JSON texts compare structurally. */
function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function childWhere(where: Where, pointerSuffix: string, path: string): Where {
  return { pointer: where.pointer + pointerSuffix, path };
}

function joinPath(parent: string, name: string): string {
  return parent ? `${parent}.${name}` : name;
}

/**
 * Canonical form of a JSON Schema, for comparison only (never emitted). Two schemas that accept
 * the same values and say the same things compare equal (`JSON.stringify` of the results) when
 * they differ only by: key order, local `$ref` vs inline, order of set-like arrays (`enum`,
 * `required`, `type`, `anyOf` / `oneOf` / `allOf` branches), the spelling of nullability
 * (`type: [x, "null"]`, `nullable: true`, `anyOf` / `oneOf` with a `{ type: "null" }` branch),
 * `type: "x"` vs `type: ["x"]`, a one-value `enum` vs `const`, a union of bare types vs a type
 * list, and keywords spelled at their no-op value (`additionalProperties: true`, `required: []`).
 *
 * The canonical form:
 * - local `$ref`s (`#`, `#/definitions/…`, `#/$defs/…`, any deep pointer) are inlined; sibling
 *   keywords of a `$ref` override the target's. A `$ref` back into a schema being inlined (a
 *   cycle) stays as `{ "$ref": "#/…" }`, a marker. Non-local refs stay as written.
 * - `$schema`, `$id`, `$comment`, `definitions`, `$defs` are dropped (after inlining).
 * - `type` is always a sorted array; nullable is always `"null"` in `type` (or `null` in `enum`
 *   for a schema without `type`); `integer` is dropped beside `number`.
 */
import { canonicalize as canonicalJson, compareCodeUnits, type Json } from "../shared/canonical-json.js";
import { getOwn, setOwn } from "../shared/own-property.js";
import { unescapeToken } from "../shared/json-pointer.js";

type JsonRecord = { [key: string]: Json };

/** Keywords holding one subschema. `items` is listed here and in SCHEMA_LIST (tuple form). */
const SCHEMA_SINGLE = new Set([
  "additionalProperties", "additionalItems", "items", "contains", "not", "if", "then", "else",
  "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema",
]);
/** Keywords holding a name → subschema map. */
const SCHEMA_MAP = new Set(["properties", "patternProperties", "dependentSchemas"]);
/** Keywords holding a list of subschemas, and whether their order is meaningless. */
const SCHEMA_LIST: Record<string, { unordered: boolean; dedupe: boolean }> = {
  anyOf: { unordered: true, dedupe: true },
  allOf: { unordered: true, dedupe: true },
  oneOf: { unordered: true, dedupe: false }, // a duplicate branch changes what oneOf accepts
  prefixItems: { unordered: false, dedupe: false },
  items: { unordered: false, dedupe: false },
};
/** Identification and storage keywords: no meaning once refs are inlined. */
const DROPPED = new Set(["$schema", "$id", "$comment", "definitions", "$defs"]);
/** Keyword values that say nothing (same as absent), by their JSON text. */
const NO_OP_VALUES: Record<string, readonly string[]> = {
  additionalProperties: ["true", "{}"],
  additionalItems: ["true", "{}"],
  unevaluatedProperties: ["true", "{}"],
  unevaluatedItems: ["true", "{}"],
  items: ["true", "{}"],
  propertyNames: ["true", "{}"],
  properties: ["{}"],
  patternProperties: ["{}"],
  required: ["[]"],
  uniqueItems: ["false"],
  deprecated: ["false"],
  readOnly: ["false"],
  writeOnly: ["false"],
  minLength: ["0"],
  minItems: ["0"],
  minProperties: ["0"],
};
/** How many `$ref`s one schema may inline before the rest are kept as refs (DAG blow-up guard). */
const INLINE_BUDGET = 5_000;

interface Context {
  root: unknown;
  /** Refs being inlined on the current path: a ref to one of them is a cycle. */
  stack: string[];
  budget: number;
}

/** The canonical form of `schema` (any JSON; booleans stay booleans). Pure: `schema` is not modified. */
export function canonicalizeSchema(schema: unknown): Json {
  // The root counts as being inlined: a `$ref: "#"` inside it is a cycle from the start.
  return canonicalNode(schema, { root: schema, stack: ["#"], budget: INLINE_BUDGET });
}

/** Canonical text of a schema: equal texts ⇔ equal canonical forms. */
export function canonicalSchemaText(schema: unknown): string {
  return JSON.stringify(canonicalizeSchema(schema));
}

function canonicalNode(node: unknown, ctx: Context): Json {
  if (!isRecord(node)) return canonicalJson(node);
  const inlined = inlineRef(node, ctx);
  if (inlined !== undefined) return inlined;

  const out: JsonRecord = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key) || value === undefined) continue;
    setOwn(out, key, canonicalKeyword(key, value, ctx));
  }
  normalizeType(out);
  applyNullableFlag(out);
  collapseEnum(out);
  let result = collapseUnion(out, "anyOf");
  result = collapseUnion(result, "oneOf");
  result = collapseUnion(result, "allOf");
  normalizeType(result);
  dropNoOps(result);
  return sortKeys(result);
}

/** Inline a local `$ref` (unless it closes a cycle or the budget is spent); undefined = not inlined. */
function inlineRef(node: Record<string, unknown>, ctx: Context): Json | undefined {
  const ref = node["$ref"];
  if (typeof ref !== "string" || !ref.startsWith("#") || ctx.stack.includes(ref) || ctx.budget <= 0) return undefined;
  const target = resolvePointer(ctx.root, ref.slice(1));
  if (target === undefined) return undefined;
  ctx.budget -= 1;
  ctx.stack.push(ref);
  try {
    const { $ref: _ref, ...siblings } = node;
    if (isRecord(target)) return canonicalNode({ ...target, ...siblings }, ctx);
    if (Object.keys(siblings).length === 0) return canonicalNode(target, ctx);
    return canonicalNode(target === true ? siblings : { allOf: [target, siblings] }, ctx);
  } finally {
    ctx.stack.pop();
  }
}

/** Resolve a URI-fragment JSON pointer (`/definitions/a~1b`, percent-encoded) against the root. */
function resolvePointer(root: unknown, fragment: string): unknown {
  if (fragment === "") return root;
  if (!fragment.startsWith("/")) return undefined; // `#anchor` names are not resolved
  let current: unknown = root;
  for (const raw of fragment.slice(1).split("/")) {
    const token = unescapeToken(safeDecode(raw));
    if (Array.isArray(current)) current = current[Number(token)];
    else if (isRecord(current) && Object.hasOwn(current, token)) current = current[token];
    else return undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function canonicalKeyword(key: string, value: unknown, ctx: Context): Json {
  // `key` is server text: a keyword named `constructor` is no entry of the table.
  const list = getOwn(SCHEMA_LIST, key);
  if (list && Array.isArray(value)) return canonicalList(value, list, ctx);
  if (SCHEMA_SINGLE.has(key)) return canonicalNode(value, ctx);
  if (SCHEMA_MAP.has(key) && isRecord(value)) return mapValues(value, (member) => canonicalNode(member, ctx));
  if (key === "dependencies" && isRecord(value)) {
    return mapValues(value, (member) => (Array.isArray(member) ? sortedSet(member) : canonicalNode(member, ctx)));
  }
  if (key === "dependentRequired" && isRecord(value)) return mapValues(value, (member) => sortedSet(member));
  if (key === "enum" || key === "required" || key === "type") return Array.isArray(value) ? sortedSet(value) : canonicalJson(value);
  return canonicalJson(value);
}

function canonicalList(items: unknown[], rule: { unordered: boolean; dedupe: boolean }, ctx: Context): Json[] {
  const canonical = items.map((item) => canonicalNode(item, ctx));
  if (!rule.unordered) return canonical;
  const keyed = canonical.map((item) => ({ item, text: JSON.stringify(item) }));
  keyed.sort((a, b) => compareCodeUnits(a.text, b.text));
  const kept = rule.dedupe ? keyed.filter((entry, index) => index === 0 || keyed[index - 1]?.text !== entry.text) : keyed;
  return kept.map((entry) => entry.item);
}

/** Sort by canonical text and drop duplicates: for arrays whose order and multiplicity mean nothing. */
export function sortedSet(values: unknown): Json[] {
  if (!Array.isArray(values)) return [];
  const byText = new Map<string, Json>();
  for (const value of values) {
    const canonical = canonicalJson(value);
    byText.set(JSON.stringify(canonical), canonical);
  }
  return [...byText.keys()].sort(compareCodeUnits).map((text) => byText.get(text) as Json);
}

/** `type: "x"` → `["x"]`, sorted, deduplicated; `integer` beside `number` says nothing more. */
function normalizeType(out: JsonRecord): void {
  const type = out["type"];
  if (type === undefined) return;
  const names = (Array.isArray(type) ? type : [type]).filter((name): name is string => typeof name === "string");
  const unique = [...new Set(names)];
  const kept = unique.includes("number") ? unique.filter((name) => name !== "integer") : unique;
  out["type"] = kept.sort(compareCodeUnits);
}

/** OpenAPI's `nullable: true` → the JSON Schema spelling. */
function applyNullableFlag(out: JsonRecord): void {
  const nullable = out["nullable"];
  if (typeof nullable !== "boolean") return;
  delete out["nullable"];
  if (nullable) addNull(out);
}

/** A one-value `enum` is a `const`. */
function collapseEnum(out: JsonRecord): void {
  const values = out["enum"];
  if (Array.isArray(values) && values.length === 1 && !("const" in out)) {
    out["const"] = values[0] as Json;
    delete out["enum"];
  }
}

/** Make a schema also accept null, in the canonical spelling. */
function addNull(out: JsonRecord): void {
  const type = out["type"];
  if (Array.isArray(type)) {
    if (!type.includes("null")) out["type"] = [...type, "null"].sort((a, b) => compareCodeUnits(String(a), String(b)));
    return;
  }
  if (Array.isArray(out["enum"])) {
    out["enum"] = sortedSet([...out["enum"], null]);
    return;
  }
  if ("const" in out) {
    out["enum"] = sortedSet([out["const"], null]);
    delete out["const"];
  }
  // Otherwise the schema has no type restriction: it already accepts null.
}

/**
 * Fold a union into its parent where that is a pure respelling: `[X, {type:"null"}]` → X made
 * nullable, a one-branch union → its branch, a union of bare `{type}` branches → a type list.
 */
function collapseUnion(out: JsonRecord, key: "anyOf" | "oneOf" | "allOf"): JsonRecord {
  const branches = out[key];
  if (!Array.isArray(branches) || branches.length === 0) return out;
  const { [key]: _union, ...rest } = out;
  const candidate = unionReplacement(branches, key);
  if (candidate === undefined || conflicts(rest, candidate)) return out;
  const merged: JsonRecord = { ...rest, ...candidate };
  collapseEnum(merged);
  return merged;
}

function unionReplacement(branches: Json[], key: "anyOf" | "oneOf" | "allOf"): JsonRecord | undefined {
  if (branches.length === 1) return isRecord(branches[0]) ? { ...branches[0] } : undefined;
  if (key === "allOf") return undefined;
  const nulls = branches.filter(isBareNull);
  const others = branches.filter((branch) => !isBareNull(branch));
  if (others.length === 0) return undefined;
  if (others.every(isBareType)) {
    const types = new Set<string>();
    for (const branch of branches) for (const name of (branch as { type: string[] }).type) types.add(name);
    // oneOf [integer, number] accepts non-integers only: not a type list.
    if (key === "oneOf" && types.has("integer") && types.has("number")) return undefined;
    const out: JsonRecord = { type: [...types] };
    normalizeType(out);
    return out;
  }
  if (others.length !== 1 || nulls.length === 0 || !isRecord(others[0])) return undefined;
  const out: JsonRecord = { ...others[0] };
  addNull(out);
  return out;
}

function isBareNull(branch: Json): boolean {
  return isBareType(branch) && JSON.stringify((branch as { type: Json }).type) === '["null"]';
}

function isBareType(branch: Json): boolean {
  return isRecord(branch) && Array.isArray(branch["type"]) && Object.keys(branch).length === 1;
}

/** True when merging would change a keyword the parent already sets to something else. */
function conflicts(parent: JsonRecord, child: JsonRecord): boolean {
  return Object.keys(child).some(
    (key) => Object.hasOwn(parent, key) && JSON.stringify(parent[key]) !== JSON.stringify(child[key]),
  );
}

function dropNoOps(out: JsonRecord): void {
  for (const [key, values] of Object.entries(NO_OP_VALUES)) {
    if (key in out && values.includes(JSON.stringify(out[key]))) delete out[key];
  }
}

function sortKeys(out: JsonRecord): JsonRecord {
  const sorted: JsonRecord = {};
  for (const key of Object.keys(out).sort(compareCodeUnits)) setOwn(sorted, key, out[key] as Json);
  return sorted;
}

function mapValues(record: Record<string, unknown>, map: (value: unknown) => Json): JsonRecord {
  const out: JsonRecord = {};
  for (const key of Object.keys(record).sort(compareCodeUnits)) {
    if (record[key] !== undefined) setOwn(out, key, map(record[key]));
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

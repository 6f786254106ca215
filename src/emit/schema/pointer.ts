/** JSON pointers (RFC 6901) and the schema keywords that hold sub-schemas. */
import { pointerToken, unescapeToken, type Json } from "@mcp-codegen/runtime/internal";

export function childPointer(pointer: string, ...segments: (string | number)[]): string {
  let result = pointer;
  for (let index = 0; index < segments.length; index++) result += `/${pointerToken(String(segments[index]))}`;
  return result;
}

/** Resolve a `$ref` fragment (`#`, `#/definitions/a`, percent-encoded) against a document; undefined if absent. */
export function resolveFragment(root: Json, ref: string): { value: Json; pointer: string } | undefined {
  if (!ref.startsWith("#")) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === "") return { value: root, pointer: "" };
  if (!fragment.startsWith("/")) return undefined;
  let node: Json | undefined = root;
  for (const raw of fragment.slice(1).split("/")) {
    const key = unescapeToken(raw);
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      node = node[Number(key)];
    } else if (node !== null && typeof node === "object" && Object.prototype.hasOwnProperty.call(node, key)) {
      node = node[key];
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return { value: node, pointer: fragment };
}

/** Keywords whose value is one sub-schema. */
export const SINGLE_SCHEMA_KEYWORDS = [
  "additionalItems",
  "additionalProperties",
  "contains",
  "else",
  "if",
  "not",
  "propertyNames",
  "then",
  "unevaluatedItems",
  "unevaluatedProperties",
] as const;

/** Keywords whose value is a map of name → sub-schema. */
export const SCHEMA_MAP_KEYWORDS = ["$defs", "definitions", "dependentSchemas", "patternProperties", "properties"] as const;

/** Keywords whose value is a list of sub-schemas. */
export const SCHEMA_LIST_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;

export function isJsonObject(value: unknown): value is { [key: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Names an object inherits from Object.prototype, and `__proto__`: property names that read
 * differently through a plain object (jstt loses or trips over them, Zod finds the inherited
 * member). The emitters treat them apart; they are ordinary names.
 */
export const PROTOTYPE_NAMES: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), "__proto__"]);

/**
 * Whether one of the node's keys is in `keywords`. A node has a few keys and most hold none of a
 * list of keywords: looking its keys up costs less than looking each keyword up in it (on objects
 * of many shapes, each a slow lookup).
 */
export function holdsAnyKey(node: { readonly [key: string]: unknown }, keywords: ReadonlySet<string>): boolean {
  for (const key in node) if (keywords.has(key)) return true;
  return false;
}

/** How `forEachSchema` descends into each keyword's value: one schema, a map of them, a list (or, for `items`, one schema). */
type WalkedKind = "single" | "map" | "list";

/** Every keyword `forEachSchema` descends into, in the order it visits them (a table, built once). */
const WALKED: readonly { keyword: string; kind: WalkedKind }[] = [
  ...SINGLE_SCHEMA_KEYWORDS.map((keyword) => ({ keyword, kind: "single" as const })),
  ...[...SCHEMA_MAP_KEYWORDS, "dependencies"].map((keyword) => ({ keyword, kind: "map" as const })),
  ...[...SCHEMA_LIST_KEYWORDS, "items"].map((keyword) => ({ keyword, kind: "list" as const })),
];
/** Each walked keyword's place in WALKED: one bit of a node's mask of keywords held (fewer than 32). */
const WALKED_RANK: ReadonlyMap<string, number> = new Map(WALKED.map(({ keyword }, rank) => [keyword, rank]));

/**
 * Visit every schema node (objects and booleans in schema positions), depth first, with its pointer.
 * `items` may be a schema or a list; `dependencies` values may be schemas or string lists. A
 * visitor that takes no pointer parameter gets none built: most walks only read nodes, and building
 * every node's pointer was most of their time. The loops are indexed: every emitter walks every
 * schema, and a `for…of` (or `Object.entries`) allocates per step until V8 optimizes the walk.
 */
export function forEachSchema(
  node: Json,
  pointer: string,
  visit: (node: Json, pointer: string) => void,
): void {
  walkSchema(node, pointer, visit, visit.length > 1);
}

function walkSchema(node: Json, pointer: string, visit: (node: Json, pointer: string) => void, withPointers: boolean): void {
  visit(node, pointer);
  if (!isJsonObject(node)) return;
  // A node holds a few keys and most hold none of these keywords: finding them among its
  // keys costs less than looking each keyword up (on objects of many shapes, each a slow lookup).
  let held = 0;
  for (const key in node) {
    const rank = WALKED_RANK.get(key);
    if (rank !== undefined) held |= 1 << rank;
  }
  for (let rank = 0; held !== 0; rank++, held >>>= 1) {
    if ((held & 1) === 0) continue;
    const { keyword, kind } = WALKED[rank]!;
    const value = node[keyword];
    const at = withPointers ? childPointer(pointer, keyword) : "";
    if (kind === "single" || (keyword === "items" && !Array.isArray(value))) {
      if (isSchemaNode(value)) walkSchema(value, at, visit, withPointers);
    } else if (kind === "map") {
      if (!isJsonObject(value)) continue;
      const keys = Object.keys(value);
      for (let index = 0; index < keys.length; index++) {
        const entry = value[keys[index]!];
        if (isSchemaNode(entry)) walkSchema(entry, withPointers ? childPointer(at, keys[index]!) : "", visit, withPointers);
      }
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const entry = value[index];
        if (isSchemaNode(entry)) walkSchema(entry, withPointers ? childPointer(at, index) : "", visit, withPointers);
      }
    }
  }
}

/** An object or a boolean: what stands where a schema can. */
function isSchemaNode(value: Json | undefined): value is Json {
  return typeof value === "boolean" || isJsonObject(value);
}

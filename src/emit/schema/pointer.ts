/** JSON pointers (RFC 6901) and the schema keywords that hold sub-schemas. */
import { pointerToken, unescapeToken, type Json } from "@mcp-codegen/runtime/internal";

export function childPointer(pointer: string, ...segments: (string | number)[]): string {
  let result = pointer;
  for (const segment of segments) result += `/${pointerToken(String(segment))}`;
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

/** The keywords `forEachSchema` descends into beside the single-schema ones (built once, not per node). */
const MAP_KEYWORDS_WALKED: readonly string[] = [...SCHEMA_MAP_KEYWORDS, "dependencies"];
const LIST_KEYWORDS_WALKED: readonly string[] = [...SCHEMA_LIST_KEYWORDS, "items"];

/**
 * Visit every schema node (objects and booleans in schema positions), depth first, with its pointer.
 * `items` may be a schema or a list; `dependencies` values may be schemas or string lists. A
 * visitor that takes no pointer parameter gets none built: most walks only read nodes, and building
 * every node's pointer was most of their time.
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
  const child = (...segments: (string | number)[]) => (withPointers ? childPointer(pointer, ...segments) : "");
  for (const keyword of SINGLE_SCHEMA_KEYWORDS) {
    const value = node[keyword];
    if (value !== undefined && (isJsonObject(value) || typeof value === "boolean")) walkSchema(value, child(keyword), visit, withPointers);
  }
  for (const keyword of MAP_KEYWORDS_WALKED) {
    const map = node[keyword];
    if (!isJsonObject(map)) continue;
    for (const [key, value] of Object.entries(map)) {
      if (isJsonObject(value) || typeof value === "boolean") walkSchema(value, child(keyword, key), visit, withPointers);
    }
  }
  for (const keyword of LIST_KEYWORDS_WALKED) {
    const list = node[keyword];
    if (keyword === "items" && (isJsonObject(list) || typeof list === "boolean")) {
      walkSchema(list, child("items"), visit, withPointers);
      continue;
    }
    if (!Array.isArray(list)) continue;
    list.forEach((value, index) => {
      if (isJsonObject(value) || typeof value === "boolean") walkSchema(value, child(keyword, index), visit, withPointers);
    });
  }
}

/** Keyword tables of the schema emitters, and the types a node admits (both emitters read it alike). */
import type { Json, JsonObject } from "@mcp-codegen/runtime/internal";
import { isJsonObject } from "./pointer.js";

export const JSON_TYPES = ["null", "boolean", "object", "array", "number", "integer", "string"] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** Assertion keywords the emitter does not check (the Zod schema is looser where they appear). */
export const UNSUPPORTED_KEYWORDS = [
  "unevaluatedProperties",
  "unevaluatedItems",
  "$dynamicRef",
  "$recursiveRef",
] as const;

/** Keywords that only constrain values of one type. */
const TYPE_HINTS: ReadonlyArray<readonly [JsonType, readonly string[]]> = [
  [
    "object",
    [
      "properties",
      "required",
      "additionalProperties",
      "patternProperties",
      "minProperties",
      "maxProperties",
      "propertyNames",
      "dependentRequired",
      "dependentSchemas",
      "dependencies",
    ],
  ],
  ["array", ["items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems", "contains"]],
  ["string", ["minLength", "maxLength", "pattern"]],
  ["number", ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]],
];

/**
 * The types of a node without `type` (nor enum/const), for both emitters: a type-specific keyword
 * constrains only values of its type and every other value passes, so a node with such keywords
 * admits every type, each with its own constraints (`{ properties: … }` accepts `"x"`); a node
 * with none is undefined (`unknown`).
 */
export function typesOfUntyped(node: JsonObject): JsonType[] | undefined {
  const hinted = TYPE_HINTS.some(([, keywords]) => keywords.some((keyword) => keyword in node));
  return hinted ? ["null", "boolean", "object", "array", "number", "string"] : undefined;
}

/**
 * The types a node admits: declared (unknown names dropped), inherited from the parent (branches
 * of anyOf/oneOf/allOf/not/if/then/else: within those types their meaning is unchanged), or
 * typesOfUntyped; OpenAPI's `nullable: true` adds null. undefined: any value.
 */
export function nodeTypes(node: JsonObject, inherited?: readonly JsonType[]): JsonType[] | undefined {
  const declared = node.type;
  let types: JsonType[] | undefined;
  if (typeof declared === "string") {
    // The common case, without the list, filter and set below (every node of every schema).
    types = (JSON_TYPES as readonly string[]).includes(declared) ? [declared as JsonType] : [];
  } else if (Array.isArray(declared)) {
    const names = declared.filter((t): t is JsonType => (JSON_TYPES as readonly Json[]).includes(t));
    types = [...new Set(names)];
  } else if (inherited !== undefined) {
    types = [...inherited];
  } else if (!("enum" in node) && !("const" in node)) {
    types = typesOfUntyped(node);
  }
  if (types !== undefined && node.nullable === true && !types.includes("null")) types.push("null");
  return types;
}

/** Keywords whose sub-schemas apply to the same value as their node, and so inherit its types. */
export const SAME_VALUE_KEYWORDS = ["allOf", "anyOf", "oneOf", "not", "if", "then", "else"] as const;

/** The values enum and const allow (both: the const if listed), of the node's types; undefined when neither is given. */
export function allowedValues(node: JsonObject, types: readonly JsonType[] | undefined): Json[] | undefined {
  let values: Json[] | undefined;
  if (Array.isArray(node.enum)) values = node.enum;
  if ("const" in node && node.const !== undefined) {
    values = values === undefined ? [node.const] : values.filter((v) => v === node.const);
  }
  if (values === undefined) return undefined;
  const unique = [...new Set(values)];
  return types === undefined ? unique : unique.filter((v) => types.some((t) => valueHasType(v, t)));
}

function valueHasType(value: Json, type: JsonType): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "array":
      return Array.isArray(value);
    case "object":
      return isJsonObject(value);
    default:
      return typeof value === type;
  }
}

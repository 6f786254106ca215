/** Keyword tables of the Zod emitter. */
import type { JsonObject } from "@mcp-codegen/runtime/internal";

export const JSON_TYPES = ["null", "boolean", "object", "array", "number", "integer", "string"] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** Assertion keywords the emitter does not check (the Zod schema is looser where they appear). */
export const UNSUPPORTED_KEYWORDS = [
  "unevaluatedProperties",
  "unevaluatedItems",
  "$dynamicRef",
  "$recursiveRef",
] as const;

/** Keywords that only make sense for one type: used to guess the type of a node without `type`, as json-schema-to-typescript does. */
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

export function inferTypes(node: JsonObject): JsonType[] {
  return TYPE_HINTS.filter(([, keywords]) => keywords.some((keyword) => keyword in node)).map(([type]) => type);
}

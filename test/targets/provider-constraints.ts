/**
 * A validator of tool parameter schemas written from each provider's published rules (kept here
 * as data, apart from the runtime's own tables, so the projection is checked against a second
 * reading): OpenAI structured outputs in strict mode, and Gemini function declarations.
 * Returns the violations, each with its JSON pointer.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface Constraints {
  /** Every keyword a schema node may carry. */
  allowed: readonly string[];
  refs: "defs-only" | "none";
  /** Every object closed and every property required. */
  strictObjects: boolean;
  /** `type`: one name, or one name and "null". */
  typeForm: "any-array" | "one-or-nullable";
  stringEnumsOnly: boolean;
  maxDepth: number;
  rootObject: boolean;
}

export const PUBLISHED: Record<"openai-strict" | "gemini", Constraints> = {
  "openai-strict": {
    allowed: ["type", "properties", "required", "additionalProperties", "items", "anyOf", "enum", "const", "$ref", "$defs", "description", "pattern", "format", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "minItems", "maxItems"],
    refs: "defs-only",
    strictObjects: true,
    typeForm: "any-array",
    stringEnumsOnly: false,
    maxDepth: 10,
    rootObject: true,
  },
  gemini: {
    allowed: ["type", "format", "description", "nullable", "enum", "maxItems", "minItems", "properties", "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "anyOf", "items", "minimum", "maximum", "title", "default", "propertyOrdering"],
    refs: "none",
    strictObjects: false,
    typeForm: "one-or-nullable",
    stringEnumsOnly: true,
    maxDepth: Number.POSITIVE_INFINITY,
    rootObject: true,
  },
};

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

export function violations(schema: JsonObject, rules: Constraints): string[] {
  const found: string[] = [];
  if (rules.rootObject && schema["type"] !== "object") found.push(": the root is not an object");
  const visit = (node: Json, pointer: string, depth: number) => {
    if (!isObject(node)) {
      found.push(`${pointer}: not a schema object`);
      return;
    }
    for (const key of Object.keys(node)) if (!rules.allowed.includes(key)) found.push(`${pointer}: keyword ${key}`);
    if (typeof node["$ref"] === "string" && (rules.refs === "none" || !node["$ref"].startsWith("#/$defs/"))) found.push(`${pointer}: $ref ${node["$ref"]}`);
    if (pointer !== "" && node["$defs"] !== undefined) found.push(`${pointer}: $defs below the root`);
    const type = node["type"];
    if (Array.isArray(type) && rules.typeForm === "one-or-nullable" && !(type.length === 2 && type.includes("null"))) found.push(`${pointer}: type ${JSON.stringify(type)}`);
    if (rules.stringEnumsOnly && Array.isArray(node["enum"]) && !node["enum"].every((value) => typeof value === "string")) found.push(`${pointer}: a non-string enum`);
    const isObjectType = type === "object" || (Array.isArray(type) && type.includes("object"));
    if (isObjectType) {
      if (depth > rules.maxDepth) found.push(`${pointer}: nested ${depth} levels`);
      const properties = isObject(node["properties"]) ? node["properties"] : {};
      if (rules.strictObjects) {
        if (node["additionalProperties"] !== false) found.push(`${pointer}: additionalProperties is not false`);
        const required = Array.isArray(node["required"]) ? node["required"] : [];
        if (Object.keys(properties).some((key) => !required.includes(key))) found.push(`${pointer}: a property is not required`);
      }
      for (const [key, value] of Object.entries(properties)) visit(value, `${pointer}/properties/${key}`, depth + 1);
    }
    if (node["items"] !== undefined) visit(node["items"], `${pointer}/items`, depth + 1);
    if (Array.isArray(node["anyOf"])) node["anyOf"].forEach((branch, index) => visit(branch, `${pointer}/anyOf/${index}`, depth));
    if (isObject(node["$defs"])) for (const [key, value] of Object.entries(node["$defs"])) visit(value, `/$defs/${key}`, depth);
  };
  visit(schema, "", 1);
  return found;
}

/**
 * What each model provider accepts in a tool's parameter schema, as data, from their published
 * rules: OpenAI's structured outputs in strict mode ("Supported schemas": every property
 * required, optional ones as a union with null, `additionalProperties: false` on every object,
 * the root an object, `anyOf` but no other combinator, the keywords listed per type, `$defs` /
 * `$ref` allowed, at most 10 levels of nesting, 5,000 properties, 1,000 enum values) and Gemini's
 * function declarations (an OpenAPI 3.0 subset: no `$ref` / `$defs`, one type per schema with
 * null as "nullable", string-only enums, the fields of its `Schema` object). The projection
 * (project.ts) and the tests' validator (test/model-schema) both read these tables.
 */
export type ModelSchemaMode = "exact" | "openai-strict" | "gemini";
export type ProjectedMode = Exclude<ModelSchemaMode, "exact">;

export const MODEL_SCHEMA_MODES: readonly ModelSchemaMode[] = ["exact", "openai-strict", "gemini"];

export interface ProviderRules {
  /** Keywords kept as they are (beyond type, properties, required, items, anyOf, enum, nullable forms). */
  readonly keywords: ReadonlySet<string>;
  /** `format` values kept; another format is dropped (and reported: the projection is looser). */
  readonly formats: ReadonlySet<string> | "any";
  /** `$ref` to the root's `$defs`; otherwise every reference is inlined (recursion to a bound). */
  readonly refs: boolean;
  /** Every property required, the optional ones nullable; objects closed. */
  readonly strictObjects: boolean;
  /** `enum` / `const` only of strings. */
  readonly stringEnumsOnly: boolean;
  /** Nesting limit of objects (OpenAI: 10 levels). */
  readonly maxDepth: number;
  /** Total properties (OpenAI: 5,000). */
  readonly maxProperties: number;
  /** Total enum values (OpenAI: 1,000). */
  readonly maxEnumValues: number;
}

/** Annotations: dropped without a word (they never change which values are valid). */
export const ANNOTATIONS: ReadonlySet<string> = new Set(["$schema", "$id", "$comment", "$anchor", "title", "default", "examples", "deprecated", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"]);

export const PROVIDER_RULES: Record<ProjectedMode, ProviderRules> = {
  "openai-strict": {
    keywords: new Set(["description", "const", "pattern", "format", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "minItems", "maxItems"]),
    formats: new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]),
    refs: true,
    strictObjects: true,
    stringEnumsOnly: false,
    maxDepth: 10,
    maxProperties: 5000,
    maxEnumValues: 1000,
  },
  gemini: {
    keywords: new Set(["description", "format", "minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength", "pattern", "minProperties", "maxProperties"]),
    formats: new Set(["date-time", "enum", "int32", "int64", "float", "double"]),
    refs: false,
    strictObjects: false,
    stringEnumsOnly: true,
    maxDepth: Number.POSITIVE_INFINITY,
    maxProperties: Number.POSITIVE_INFINITY,
    maxEnumValues: Number.POSITIVE_INFINITY,
  },
};

/** How many times one `$ref` is inlined inside itself before the recursion is cut (Gemini). */
export const INLINE_RECURSION_LIMIT = 3;

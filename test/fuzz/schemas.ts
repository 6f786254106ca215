/**
 * fast-check arbitraries of JSON Schemas from the vocabulary MCP servers use: types and type
 * arrays, nested objects, required, additionalProperties, enum, const, anyOf/oneOf/allOf,
 * `$ref` to `$defs`/`definitions` (recursion included), nullable forms, numeric and string
 * constraints, formats, tuples, not, if/then/else and the other applicator keywords, in the
 * spelling of draft 2020-12 or draft-07.
 */
import fc from "fast-check";
import type { Json } from "../../runtime/src/shared/canonical-json.js";
import type { JsonObject } from "../../runtime/src/shared/snapshot.js";
import { DEF_NAMES, FORMATS, KEYS, NUMBERS, PATTERNS, PRIMITIVES, TYPES } from "./vocabulary.js";

export type Draft = "2020-12" | "draft-07";

export const DRAFT_URIS: Record<Draft, string> = {
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
  "draft-07": "http://json-schema.org/draft-07/schema#",
};

export interface FuzzCase {
  draft: Draft;
  schema: JsonObject;
}

/** Where the root keeps its definitions, per draft. */
const DEFS: Record<Draft, string> = { "2020-12": "$defs", "draft-07": "definitions" };

/** `{ k?: v }` from optional entries: a missing one leaves its key out. */
function compact(entries: Record<string, Json | undefined>): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) out[key] = value;
  return out;
}

const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 3 });

function stringNode(): fc.Arbitrary<JsonObject> {
  return fc
    .record({
      minLength: maybe(fc.integer({ min: 0, max: 3 })),
      maxLength: maybe(fc.integer({ min: 0, max: 5 })),
      pattern: maybe(fc.constantFrom(...PATTERNS)),
      format: maybe(fc.constantFrom(...FORMATS)),
    })
    .map((r) => compact({ type: "string", ...r }));
}

function numberNode(): fc.Arbitrary<JsonObject> {
  return fc
    .record({
      type: fc.constantFrom("number", "integer"),
      minimum: maybe(fc.constantFrom(...NUMBERS)),
      maximum: maybe(fc.constantFrom(...NUMBERS)),
      exclusiveMinimum: maybe(fc.constantFrom(...NUMBERS)),
      exclusiveMaximum: maybe(fc.constantFrom(...NUMBERS)),
      multipleOf: maybe(fc.constantFrom(2, 0.5, 3, 0.1)),
    })
    .map((r) => compact(r));
}

/** A type keyword: one type or a list (nullable spelled as a type array). */
function typeKeyword(): fc.Arbitrary<Json> {
  return fc.oneof(fc.constantFrom(...TYPES), fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }));
}

export function schemaArbitrary(draft: Draft): fc.Arbitrary<JsonObject> {
  const defs = DEFS[draft];
  const tied = fc.letrec<{ node: JsonObject | boolean; object: JsonObject; array: JsonObject; leaf: JsonObject | boolean }>((tie) => {
    const sub = tie("node");
    const props = fc.dictionary(fc.constantFrom(...KEYS), sub, { minKeys: 0, maxKeys: 3 });
    return {
      leaf: fc.oneof(
        { weight: 4, arbitrary: stringNode() },
        { weight: 4, arbitrary: numberNode() },
        { weight: 2, arbitrary: fc.constant({ type: "boolean" }) },
        { weight: 1, arbitrary: fc.constant({ type: "null" }) },
        { weight: 2, arbitrary: fc.uniqueArray(fc.constantFrom(...PRIMITIVES), { minLength: 1, maxLength: 4 }).map((e) => ({ enum: e })) },
        { weight: 1, arbitrary: fc.constantFrom(...PRIMITIVES).map((c) => ({ const: c })) },
        { weight: 2, arbitrary: typeKeyword().map((type) => ({ type })) },
        { weight: 1, arbitrary: fc.constantFrom<JsonObject | boolean>({}, true, false, { description: "free" }) },
        { weight: 1, arbitrary: fc.constant({ $ref: `#/${defs}/d0` }) },
      ),
      object: fc
        .record({
          type: fc.constantFrom<Json | undefined>("object", "object", "object", ["object", "null"], undefined),
          properties: props,
          extraRequired: fc.subarray(["a", "b", "z"]),
          additionalProperties: maybe(fc.oneof(fc.boolean(), sub)),
          patternProperties: maybe(fc.dictionary(fc.constantFrom("^a", "^x-", "z$"), sub, { minKeys: 1, maxKeys: 2 })),
          propertyNames: maybe(fc.constantFrom<Json>({ maxLength: 1 }, { pattern: "^[a-c]" })),
          minProperties: maybe(fc.integer({ min: 0, max: 2 })),
          maxProperties: maybe(fc.integer({ min: 1, max: 3 })),
          dependent: maybe(fc.tuple(fc.constantFrom(...KEYS), fc.oneof(fc.constant<Json>(["a"]), sub))),
          nullable: maybe(fc.constant(true)),
        })
        .map((r) => {
          const required = [...new Set([...Object.keys(r.properties).filter((_, i) => i % 2 === 0), ...r.extraRequired])];
          const node = compact({
            type: r.type,
            properties: r.properties,
            required: required.length > 0 ? required : undefined,
            additionalProperties: r.additionalProperties,
            patternProperties: r.patternProperties,
            propertyNames: r.propertyNames,
            minProperties: r.minProperties,
            maxProperties: r.maxProperties,
            // OpenAPI's `nullable` goes with a `type` (Ajv refuses it alone).
            nullable: r.type === "object" ? r.nullable : undefined,
          });
          if (r.dependent !== undefined) {
            const [key, value] = r.dependent;
            const keyword = draft === "draft-07" ? "dependencies" : Array.isArray(value) ? "dependentRequired" : "dependentSchemas";
            node[keyword] = { [key]: value };
          }
          return node;
        }),
      array: fc
        .record({
          items: maybe(sub),
          prefix: maybe(fc.array(sub, { minLength: 1, maxLength: 3 })),
          rest: maybe(fc.oneof(fc.boolean(), sub)),
          minItems: maybe(fc.integer({ min: 0, max: 2 })),
          maxItems: maybe(fc.integer({ min: 0, max: 3 })),
          uniqueItems: maybe(fc.boolean()),
          contains: maybe(sub),
        })
        .map((r) => {
          // Ajv 8 passes `[]` against `contains` next to a tuple (prefixItems or an items list): that pair is left out.
          const contains = r.prefix === undefined ? r.contains : undefined;
          const node: JsonObject = compact({ type: "array", minItems: r.minItems, maxItems: r.maxItems, uniqueItems: r.uniqueItems, contains });
          if (r.prefix === undefined) {
            if (r.items !== undefined) node.items = r.items;
          } else if (draft === "2020-12") {
            node.prefixItems = r.prefix;
            if (r.rest !== undefined) node.items = r.rest;
          } else {
            node.items = r.prefix;
            if (r.rest !== undefined) node.additionalItems = r.rest;
          }
          return node;
        }),
      node: fc.oneof(
        { depthSize: "small", maxDepth: 3, withCrossShrink: true },
        { weight: 6, arbitrary: tie("leaf") },
        { weight: 3, arbitrary: tie("object") },
        { weight: 2, arbitrary: tie("array") },
        { weight: 1, arbitrary: fc.record({ keyword: fc.constantFrom("anyOf", "oneOf", "allOf"), branches: fc.array(sub, { minLength: 1, maxLength: 3 }) }).map((r) => ({ [r.keyword]: r.branches })) },
        { weight: 1, arbitrary: fc.tuple(tie("object"), fc.constantFrom("anyOf", "oneOf", "allOf"), fc.array(sub, { minLength: 1, maxLength: 2 })).map(([o, k, b]) => ({ ...o, [k]: b })) },
        { weight: 1, arbitrary: fc.tuple(sub, fc.constantFrom("anyOf", "oneOf")).map(([s, k]) => ({ [k]: [s, { type: "null" }] })) },
        { weight: 1, arbitrary: fc.tuple(sub, sub).map(([base, not]) => (typeof base === "object" ? { ...base, not } : { not })) },
        { weight: 1, arbitrary: fc.record({ base: sub, if: sub, then: maybe(sub), else: maybe(sub) }).map((r) => compact({ ...(typeof r.base === "object" ? r.base : {}), if: r.if, then: r.then, else: r.else })) },
      ),
    };
  });
  const { node } = tied;
  const tie0 = (name: "object" | "array") => tied[name];
  const root = fc.oneof({ weight: 4, arbitrary: objectRoot() }, { weight: 1, arbitrary: node.map((n) => (typeof n === "boolean" ? { not: {} } : n)) });
  // d0 is referenced from anywhere, so it is never a bare reference (a loop that never reaches a value); a recursive one refers to itself.
  const definition = fc.oneof(tie0("object"), tie0("array"), stringNode(), numberNode());
  return fc.record({ root, d0: definition, recursive: fc.boolean(), name: fc.constantFrom(...DEF_NAMES) }).map(({ root, d0, recursive, name }) => {
    const def: Json = recursive ? { type: "object", properties: { value: d0, next: { $ref: `#/${defs}/d0` } } } : d0;
    const schema = { $schema: DRAFT_URIS[draft], ...root, [defs]: { d0: def } };
    // The definition under its drawn name, each `$ref` to it a percent-encoded pointer (JSON.parse keeps `__proto__` a key).
    const pointer = `#/${defs}/${encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1"))}`;
    const text = JSON.stringify(schema).replaceAll(`"#/${defs}/d0"`, JSON.stringify(pointer)).replace(`"${defs}":{"d0":`, `"${defs}":{${JSON.stringify(name)}:`);
    return JSON.parse(text) as JsonObject;
  });

  function objectRoot(): fc.Arbitrary<JsonObject> {
    const properties = fc.dictionary(fc.constantFrom(...KEYS), node, { minKeys: 1, maxKeys: 4 });
    return fc.record({ properties, req: fc.subarray([...KEYS]), self: fc.boolean() }).map((r) => {
      // A property may refer back to the root (recursion through `#`).
      const all = r.self ? { ...r.properties, self: { $ref: "#" } } : r.properties;
      const required = r.req.filter((k) => k in all);
      return compact({ type: "object", properties: all, required: required.length > 0 ? required : undefined });
    });
  }
}

export function caseArbitrary(): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom<Draft>("2020-12", "draft-07").chain((draft) => schemaArbitrary(draft).map((schema) => ({ draft, schema })));
}

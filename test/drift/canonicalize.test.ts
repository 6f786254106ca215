import { describe, expect, it } from "vitest";
import { canonicalSchemaText, canonicalizeSchema } from "../../runtime/src/drift/canonicalize.js";
import { diffInput, diffOutput, diffServers, obj, tool } from "./builder.js";
import type { JsonObject } from "../../runtime/src/shared/snapshot.js";

/** Pairs of schemas that say the same thing in different spellings. */
const REFACTORS: Record<string, [JsonObject, JsonObject]> = {
  "key order": [
    { type: "object", properties: { b: { type: "string" }, a: { type: "number", minimum: 1 } }, required: ["a"] },
    { required: ["a"], properties: { a: { minimum: 1, type: "number" }, b: { type: "string" } }, type: "object" },
  ],
  "inline vs #/definitions $ref": [
    obj({ p: { type: "object", properties: { x: { type: "string" } } } }),
    { ...obj({ p: { $ref: "#/definitions/P" } }), definitions: { P: { type: "object", properties: { x: { type: "string" } } } } },
  ],
  "inline vs #/$defs $ref with a sibling description": [
    obj({ p: { type: "string", description: "the p" } }),
    { ...obj({ p: { $ref: "#/$defs/S", description: "the p" } }), $defs: { S: { type: "string", description: "generic" } } },
  ],
  "deep pointer $ref": [
    obj({ a: { type: "integer", minimum: 0 }, b: { type: "integer", minimum: 0 } }),
    obj({ a: { type: "integer", minimum: 0 }, b: { $ref: "#/properties/a" } }),
  ],
  "enum order and duplicates": [obj({ e: { enum: ["b", "a", "c"] } }), obj({ e: { enum: ["c", "a", "b", "a"] } })],
  "required order": [obj({ a: {}, b: {} }, ["a", "b"]), obj({ a: {}, b: {} }, ["b", "a"])],
  "type string vs array": [obj({ a: { type: "string" } }), obj({ a: { type: ["string"] } })],
  "type array order": [obj({ a: { type: ["string", "number"] } }), obj({ a: { type: ["number", "string"] } })],
  "nullable: type array vs OpenAPI nullable": [obj({ a: { type: ["string", "null"] } }), obj({ a: { type: "string", nullable: true } })],
  "nullable: type array vs anyOf null": [obj({ a: { type: ["string", "null"] } }), obj({ a: { anyOf: [{ type: "string" }, { type: "null" }] } })],
  "nullable: anyOf null first vs oneOf": [
    obj({ a: { anyOf: [{ type: "null" }, { type: "object", properties: { x: { type: "string" } } }] } }),
    obj({ a: { oneOf: [{ type: "object", properties: { x: { type: "string" } } }, { type: "null" }] } }),
  ],
  "nullable enum": [obj({ a: { enum: ["x", "y", null] } }), obj({ a: { anyOf: [{ enum: ["y", "x"] }, { type: "null" }] } })],
  "nullable $ref": [
    { ...obj({ a: { anyOf: [{ $ref: "#/$defs/S" }, { type: "null" }] } }), $defs: { S: { type: "string", minLength: 1 } } },
    obj({ a: { type: ["null", "string"], minLength: 1 } }),
  ],
  "anyOf of bare types vs type list": [obj({ a: { anyOf: [{ type: "string" }, { type: "number" }] } }), obj({ a: { type: ["number", "string"] } })],
  "one-value enum vs const": [obj({ a: { enum: ["x"] } }), obj({ a: { const: "x" } })],
  "anyOf branch order": [
    obj({ a: { anyOf: [{ type: "string", minLength: 2 }, { type: "object", required: ["k"] }] } }),
    obj({ a: { anyOf: [{ type: "object", required: ["k"] }, { type: "string", minLength: 2 }] } }),
  ],
  "no-op keywords": [obj({ a: { type: "array" } }), obj({ a: { type: "array", items: {}, uniqueItems: false, minItems: 0 } }, [], { additionalProperties: true })],
  "$schema, $id, $comment": [obj({ a: {} }), { ...obj({ a: { $comment: "hi" } }), $schema: "http://json-schema.org/draft-07/schema#", $id: "urn:x" }],
  "integer beside number": [obj({ a: { type: "number" } }), obj({ a: { type: ["integer", "number"] } })],
};

describe("canonicalizeSchema", () => {
  for (const [name, [a, b]] of Object.entries(REFACTORS)) {
    it(`treats ${name} as equal`, () => {
      expect(canonicalSchemaText(b)).toBe(canonicalSchemaText(a));
    });
  }

  it("keeps genuinely different schemas different", () => {
    expect(canonicalSchemaText(obj({ a: { type: "string" } }))).not.toBe(canonicalSchemaText(obj({ a: { type: ["string", "null"] } })));
    expect(canonicalSchemaText(obj({ a: { enum: ["x", "y"] } }))).not.toBe(canonicalSchemaText(obj({ a: { enum: ["x"] } })));
    expect(canonicalSchemaText({ oneOf: [{ type: "integer" }, { type: "number" }] })).not.toBe(canonicalSchemaText({ type: "number" }));
  });

  it("writes type as a sorted array and nullability in type", () => {
    expect(canonicalizeSchema({ type: "string", nullable: true })).toEqual({ type: ["null", "string"] });
    expect(canonicalizeSchema({ properties: { a: { type: "boolean" } }, type: "object" })).toEqual({ properties: { a: { type: ["boolean"] } }, type: ["object"] });
  });

  it("keeps a $ref that closes a cycle as a marker and terminates", () => {
    const recursive = {
      $ref: "#/definitions/node",
      definitions: { node: { type: "object", properties: { value: { type: "number" }, next: { $ref: "#/definitions/node" } } } },
    };
    expect(canonicalizeSchema(recursive)).toEqual({
      type: ["object"],
      properties: { next: { $ref: "#/definitions/node" }, value: { type: ["number"] } },
    });
    const selfRoot = { type: "object", properties: { child: { $ref: "#" } } };
    expect(canonicalizeSchema(selfRoot)).toEqual({ type: ["object"], properties: { child: { $ref: "#" } } });
  });

  it("terminates on mutually recursive definitions and on a ref to a missing target", () => {
    const mutual = {
      $ref: "#/$defs/a",
      $defs: { a: { properties: { b: { $ref: "#/$defs/b" } } }, b: { properties: { a: { $ref: "#/$defs/a" } } } },
    };
    expect(JSON.stringify(canonicalizeSchema(mutual))).toContain('"$ref":"#/$defs/a"');
    expect(canonicalizeSchema({ $ref: "#/$defs/missing" })).toEqual({ $ref: "#/$defs/missing" });
    expect(canonicalizeSchema({ $ref: "https://example.com/s.json" })).toEqual({ $ref: "https://example.com/s.json" });
  });

  it("bounds inlining of a ref DAG that would blow up exponentially", () => {
    const defs: Record<string, JsonObject> = { d0: { type: "string" } };
    for (let level = 1; level <= 30; level += 1) {
      defs[`d${level}`] = { type: "object", properties: { l: { $ref: `#/$defs/d${level - 1}` }, r: { $ref: `#/$defs/d${level - 1}` } } };
    }
    const text = canonicalSchemaText({ $ref: "#/$defs/d30", $defs: defs });
    expect(text.length).toBeLessThan(5_000_000);
    expect(text).toContain("$ref");
  });

  it("does not modify its input", () => {
    const schema = { type: "string", nullable: true, enum: ["b", "a"] };
    const copy = structuredClone(schema);
    canonicalizeSchema(schema);
    expect(schema).toEqual(copy);
  });
});

describe("pure refactors report nothing", () => {
  for (const [name, [a, b]] of Object.entries(REFACTORS)) {
    it(`${name} (input and output)`, () => {
      const input = diffInput(a, b);
      expect(input.changes).toEqual([]);
      const output = diffOutput(a, b);
      expect(output.changes).toEqual([]);
    });
  }

  it("entity fields in another key order and annotation hints spelled at their defaults", () => {
    const before = diffServers(
      { tools: [tool("t", obj({ a: { type: "string" } }), { annotations: { title: "T" }, _meta: { x: 1, y: 2 } })] },
      { tools: [tool("t", obj({ a: { type: "string" } }), { annotations: { title: "T", destructiveHint: true, readOnlyHint: false }, _meta: { y: 2, x: 1 } })] },
    );
    expect(before.changes).toEqual([]);
  });
});

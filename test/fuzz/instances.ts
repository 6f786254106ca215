/**
 * Instances for a schema: values shaped by the schema (many valid, some near misses) mixed with
 * arbitrary JSON, so that every schema sees both sides of Ajv's verdict.
 */
import fc from "fast-check";
import type { Json } from "../../runtime/src/shared/canonical-json.js";
import type { JsonObject } from "../../runtime/src/shared/snapshot.js";
import { resolveFragment, isJsonObject } from "../../src/emit/schema/pointer.js";
import { EXTRA_KEYS, INSTANCE_NUMBERS, PRIMITIVES, STRINGS } from "./vocabulary.js";

const anyJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 2 },
    fc.constantFrom(...PRIMITIVES),
    fc.constantFrom(...STRINGS),
    fc.constantFrom(...INSTANCE_NUMBERS),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...EXTRA_KEYS), tie("value"), { maxKeys: 3 }),
  ),
})).value;

export function instancesArbitrary(root: JsonObject, count: number): fc.Arbitrary<Json[]> {
  const one = fc.oneof({ weight: 8, arbitrary: shaped(root, root, 0) }, { weight: 1, arbitrary: anyJson });
  return fc.array(one, { minLength: count, maxLength: count });
}

function shaped(root: JsonObject, node: Json, depth: number): fc.Arbitrary<Json> {
  if (depth > 5 || !isJsonObject(node)) return anyJson;
  if (typeof node.$ref === "string") {
    const target = resolveFragment(root, node.$ref);
    return target === undefined ? anyJson : shaped(root, target.value, depth + 1);
  }
  const options: fc.Arbitrary<Json>[] = [];
  if ("const" in node && node.const !== undefined) options.push(fc.constant(node.const));
  if (Array.isArray(node.enum) && node.enum.length > 0) options.push(fc.constantFrom(...node.enum));
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const branches = node[keyword];
    if (Array.isArray(branches) && branches.length > 0) options.push(fc.oneof(...branches.map((b) => shaped(root, b, depth + 1))));
  }
  if (node.then !== undefined) options.push(shaped(root, node.then, depth + 1));
  if (node.else !== undefined) options.push(shaped(root, node.else, depth + 1));
  const types = Array.isArray(node.type) ? node.type : typeof node.type === "string" ? [node.type] : [];
  if (types.length === 0 && (node.properties !== undefined || node.additionalProperties !== undefined)) types.push("object");
  if (types.length === 0 && (node.items !== undefined || node.prefixItems !== undefined)) types.push("array");
  for (const type of types) options.push(ofType(root, node, String(type), depth));
  return options.length === 0 ? anyJson : fc.oneof(...options);
}

function ofType(root: JsonObject, node: JsonObject, type: string, depth: number): fc.Arbitrary<Json> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.oneof(fc.integer({ min: -3, max: 12 }), fc.constantFrom(...INSTANCE_NUMBERS));
    case "number":
      return fc.constantFrom(...INSTANCE_NUMBERS);
    case "string":
      return fc.oneof(fc.constantFrom(...STRINGS), fc.string({ maxLength: 4 }));
    case "array": {
      const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : [];
      const rest = Array.isArray(node.items) ? node.additionalItems : Array.isArray(node.prefixItems) ? node.items : node.items;
      const head = fc.tuple(...prefix.map((item) => shaped(root, item, depth + 1)));
      const tail = fc.array(rest === undefined || typeof rest === "boolean" ? anyJson : shaped(root, rest, depth + 1), { maxLength: 3 });
      return fc.tuple(head, tail, fc.nat({ max: prefix.length })).map(([h, t, cut]): Json => (t.length > 0 ? [...h, ...t] : h.slice(0, cut)));
    }
    case "object": {
      const properties = isJsonObject(node.properties) ? node.properties : {};
      const required = Array.isArray(node.required) ? node.required : [];
      const entries = Object.entries(properties).map(([key, sub]) => {
        const entry = shaped(root, sub, depth + 1).map((v) => [key, v] as const);
        return required.includes(key) ? fc.oneof({ weight: 9, arbitrary: entry }, { weight: 1, arbitrary: fc.constant(undefined) }) : fc.option(entry, { nil: undefined, freq: 3 });
      });
      const extra = fc.option(fc.tuple(fc.constantFrom(...EXTRA_KEYS), anyJson), { nil: undefined, freq: 3 });
      return fc.tuple(fc.tuple(...entries), extra).map(([chosen, more]) => {
        const out: { [key: string]: Json } = {};
        for (const entry of [...chosen, more]) if (entry !== undefined) Object.defineProperty(out, entry[0], { value: entry[1], enumerable: true, writable: true, configurable: true });
        return out;
      });
    }
    default:
      return anyJson;
  }
}

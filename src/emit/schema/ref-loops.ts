/**
 * A `$ref` that leads back to itself without stepping into a property or an item applies a schema
 * to the value it is already checking, forever: Ajv overflows its stack on it, a Zod schema would
 * too, and json-schema-to-typescript emits type aliases that refer to themselves (TS2456). Such a
 * reference is dropped for both emitters, with a warning.
 */
import type { Json } from "@mcp-codegen/runtime/internal";
import { forEachSchema, isJsonObject, resolveFragment } from "./pointer.js";
import type { SchemaWarning } from "./warnings.js";
import { SAME_VALUE_KEYWORDS } from "./zod-keywords.js";
import { pushAll } from "@mcp-codegen/runtime/internal";

/** Maps of sub-schemas that apply to the same value as their node (string-list dependencies are no schemas). */
const SAME_VALUE_MAPS = ["dependentSchemas", "dependencies"] as const;

export function dropLoopingRefs(root: Json, warnings: SchemaWarning[]): void {
  const loops: { node: { [key: string]: Json }; pointer: string; ref: string }[] = [];
  forEachSchema(root, "", (node, pointer) => {
    if (!isJsonObject(node) || typeof node.$ref !== "string") return;
    const target = resolveFragment(root, node.$ref);
    if (target !== undefined && reaches(root, target.value, node)) loops.push({ node, pointer, ref: node.$ref });
  });
  for (const { node, pointer, ref } of loops) {
    delete node.$ref;
    warnings.push({ pointer, message: `$ref ${JSON.stringify(ref)} leads back to the same value without reaching a property or item (an endless loop); left unchecked` });
  }
}

/** Whether `goal` is applied to the value `from` applies to, through sub-schemas of that same value and `$ref`s. */
function reaches(root: Json, from: Json, goal: Json): boolean {
  const seen = new Set<Json>();
  const pending = [from];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === goal) return true;
    if (!isJsonObject(node) || seen.has(node)) continue;
    seen.add(node);
    pushAll(pending, sameValueSchemas(node));
    if (typeof node.$ref === "string") {
      const target = resolveFragment(root, node.$ref);
      if (target !== undefined) pending.push(target.value);
    }
  }
  return false;
}

function sameValueSchemas(node: { [key: string]: Json }): Json[] {
  const out: Json[] = [];
  for (const keyword of SAME_VALUE_KEYWORDS) {
    const value = node[keyword];
    if (Array.isArray(value)) pushAll(out, value);
    else if (value !== undefined) out.push(value);
  }
  for (const keyword of SAME_VALUE_MAPS) {
    const map = node[keyword];
    if (isJsonObject(map)) pushAll(out, Object.values(map).filter((value) => !Array.isArray(value)));
  }
  return out;
}

/**
 * The definition keys a schema's TS declarations are named after (`$defs.Input` →
 * `<TypeName>Input`), as json-schema-to-typescript will meet them: the keys of every
 * `definitions` and `$defs` object, `$defs` keys renamed as typescript.ts merges them. Kept apart
 * from typescript.ts (which loads jstt) so that normalize can give each one a name from the
 * server's name scope before anything is emitted.
 */
import type { Json } from "@mcp-codegen/runtime/internal";
import { forEachSchema, isJsonObject } from "./pointer.js";

/** Sorted, without repeats. */
export function definitionKeys(schema: Json): string[] {
  const keys = new Set<string>();
  forEachSchema(schema, "", (node) => {
    if (!isJsonObject(node)) return;
    const definitions = isJsonObject(node.definitions) ? Object.keys(node.definitions) : [];
    for (const key of definitions) keys.add(key);
    if (!isJsonObject(node.$defs)) return;
    const taken = new Set(definitions);
    for (const key of Object.keys(node.$defs)) keys.add(mergedKey(key, taken));
  });
  return [...keys].sort();
}

/** A `$defs` key as it lands in `definitions`: `key`, or `key2`, … when `definitions` has it. */
export function mergedKey(key: string, taken: Set<string>): string {
  let target = key;
  for (let n = 2; taken.has(target); n++) target = `${key}${n}`;
  taken.add(target);
  return target;
}

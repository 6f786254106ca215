/**
 * Arguments a model produced under a projected schema (project.ts) → the arguments the exact
 * schema describes, before the exact Zod schema validates them: OpenAI strict sends `null` for
 * an optional property it leaves out (removed again, unless the exact schema admits null there);
 * Gemini's open objects may carry keys a closed exact object does not declare (removed). Walks
 * the value along the exact schema, `$ref`s and `anyOf` / `oneOf` / `allOf` branches included.
 * Returns a copy where something changed; the input is never modified.
 */
import type { JsonObject } from "../snapshot.js";
import type { ModelSchemaMode } from "./rules.js";
import { admitsNull, isObject, resolveRef } from "./schema-walk.js";
import { pushAll } from "../lists.js";

const MAX_DEPTH = 64;

export function mapBack(root: JsonObject, value: unknown, mode: ModelSchemaMode): unknown {
  if (mode === "exact") return value;
  return walk(root, [root], value, mode, 0);
}

/** `schemas`: every schema the value must (or may, for union branches) match here. */
function walk(root: JsonObject, schemas: readonly unknown[], value: unknown, mode: ModelSchemaMode, depth: number): unknown {
  if (depth > MAX_DEPTH || typeof value !== "object" || value === null) return value;
  const branches = flatten(root, schemas, 0);
  if (Array.isArray(value)) {
    const items = branches.flatMap((schema) => (isObject(schema) && isObject(schema["items"]) ? [schema["items"]] : []));
    if (items.length === 0) return value;
    let changed = false;
    const mapped = value.map((item) => {
      const next = walk(root, items, item, mode, depth + 1);
      changed ||= next !== item;
      return next;
    });
    return changed ? mapped : value;
  }
  const objects = branches.filter((schema): schema is JsonObject => isObject(schema) && (isObject(schema["properties"]) || "additionalProperties" in schema || "required" in schema));
  if (objects.length === 0) return value;
  const record = value as Record<string, unknown>;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    const declaring = objects.filter((schema) => isObject(schema["properties"]) && Object.hasOwn(schema["properties"], key));
    const properties = declaring.map((schema) => (schema["properties"] as JsonObject)[key]);
    if (mode === "openai-strict" && item === null && declaring.length > 0) {
      const optional = declaring.every((schema) => !(Array.isArray(schema["required"]) && schema["required"].includes(key)));
      if (optional && !properties.some((property) => admitsNull(root, property))) {
        changed = true;
        continue;
      }
    }
    if (mode === "gemini" && declaring.length === 0 && objects.every((schema) => schema["additionalProperties"] === false && schema["patternProperties"] === undefined)) {
      changed = true;
      continue;
    }
    const next = properties.length === 0 ? item : walk(root, properties, item, mode, depth + 1);
    changed ||= next !== item;
    defineKey(out, key, next);
  }
  return changed ? out : value;
}

/** The schemas themselves, their `$ref` targets and their combinator branches, as one list. */
function flatten(root: JsonObject, schemas: readonly unknown[], depth: number): unknown[] {
  if (depth > 16) return [];
  return schemas.flatMap((schema) => {
    if (!isObject(schema)) return [];
    const own: unknown[] = [schema];
    if (typeof schema["$ref"] === "string") pushAll(own, flatten(root, [resolveRef(root, schema["$ref"])], depth + 1));
    for (const keyword of ["anyOf", "oneOf", "allOf"]) {
      const list = schema[keyword];
      if (Array.isArray(list)) pushAll(own, flatten(root, list, depth + 1));
    }
    return own;
  });
}

/** As JSON.parse makes keys: a `__proto__` key stays an own key. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

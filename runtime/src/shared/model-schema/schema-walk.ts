/** Small JSON Schema helpers shared by the projection and the map-back. */
import type { JsonObject } from "../snapshot.js";
import { unescapeToken } from "../json-pointer.js";

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The target of a local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`, any JSON pointer), or undefined. */
export function resolveRef(root: JsonObject, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    // A pointer in a URI fragment is percent-encoded (`a%20b`); malformed encoding resolves nothing.
    let key: string;
    try {
      key = unescapeToken(decodeURIComponent(raw));
    } catch {
      return undefined;
    }
    if (Array.isArray(at)) at = at[Number(key)];
    else if (isObject(at)) at = Object.hasOwn(at, key) ? at[key] : undefined;
    else return undefined;
  }
  return at;
}

/** Whether `null` can be valid under the schema (loosely: any branch or form admitting it). */
export function admitsNull(root: JsonObject, schema: unknown, seen: ReadonlySet<string> = new Set()): boolean {
  if (schema === true) return true;
  if (!isObject(schema)) return false;
  if (typeof schema["$ref"] === "string") {
    const ref = schema["$ref"];
    if (seen.has(ref)) return false;
    return admitsNull(root, resolveRef(root, ref), new Set([...seen, ref]));
  }
  if (schema["nullable"] === true) return true;
  if ("const" in schema) return schema["const"] === null;
  if (Array.isArray(schema["enum"])) return schema["enum"].includes(null);
  const type = schema["type"];
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) return branches.some((branch) => admitsNull(root, branch, seen));
  }
  // No type and no structural keyword that excludes null: anything goes.
  return type === undefined && !("properties" in schema) && !("items" in schema) && !("required" in schema);
}

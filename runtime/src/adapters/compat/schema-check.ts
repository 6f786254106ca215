/**
 * Whether a listed input schema can become a LangChain tool schema: what `throwOnLoadError`
 * is about. The SDK has already checked that it is an object schema; here: `properties` holds
 * schemas, `required` names, and every local `$ref` points at something in the document.
 */
import { pointerToken, unescapeToken } from "../../shared/json-pointer.js";

type Json = unknown;

/** The first problem found, as "… at /json/pointer", or `undefined` when the schema is usable. */
export function schemaProblem(schema: Record<string, unknown>): string | undefined {
  const properties = schema["properties"];
  if (properties !== undefined && !isSchemaMap(properties)) return "has \"properties\" that are not schemas at /properties";
  const required = schema["required"];
  if (required !== undefined && !(Array.isArray(required) && required.every((name) => typeof name === "string"))) {
    return "has a \"required\" that is not a list of names at /required";
  }
  return danglingRef(schema, schema, "");
}

function isSchemaMap(value: Json): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((entry) => typeof entry === "boolean" || (typeof entry === "object" && entry !== null && !Array.isArray(entry)));
}

function danglingRef(root: Json, node: Json, pointer: string): string | undefined {
  if (typeof node !== "object" || node === null) return undefined;
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) {
      const problem = danglingRef(root, item, `${pointer}/${index}`);
      if (problem) return problem;
    }
    return undefined;
  }
  const ref = (node as Record<string, unknown>)["$ref"];
  if (typeof ref === "string" && ref.startsWith("#") && resolvePointer(root, ref.slice(1)) === undefined) {
    return `refers to ${JSON.stringify(ref)}, which is not in the schema, at ${pointer}/$ref`;
  }
  for (const [key, value] of Object.entries(node)) {
    const problem = danglingRef(root, value, `${pointer}/${pointerToken(key)}`);
    if (problem) return problem;
  }
  return undefined;
}

function resolvePointer(root: Json, pointer: string): Json {
  if (pointer === "") return root;
  if (!pointer.startsWith("/")) return undefined;
  let node = root;
  for (const raw of pointer.slice(1).split("/")) {
    const key = unescapeToken(raw);
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, Json>)[key];
  }
  return node;
}

/**
 * The one normalisation both emitters share, so the TS type and the Zod schema degrade the same
 * way: references that cannot be followed inside the document are dropped (never fetched), so are
 * references that loop back to the value they check (ref-loops.ts), and
 * `enum`/`const` values that are not primitives are dropped (both become looser, with a warning).
 * A `propertyNames` every key passes (`{ "type": "string" }`, which Zod 4 writes for every
 * `z.record(z.string(), …)`) is dropped without a word: JSON keys are strings, so it checks nothing.
 */
import type { Json, JsonObject } from "@mcp-codegen/runtime/internal";
import { forEachSchema, isJsonObject, resolveFragment } from "./pointer.js";
import { dropLoopingRefs } from "./ref-loops.js";
import type { SchemaWarning } from "./warnings.js";

export interface PreparedSchema {
  schema: Json;
  warnings: SchemaWarning[];
  /** The input's JSON text. Equal texts prepare to equal schemas, so it keys what is emitted from one. */
  source: string;
}

export function isPrimitive(value: Json): value is null | boolean | number | string {
  return value === null || typeof value !== "object";
}

export function prepareSchema(input: JsonObject | boolean): PreparedSchema {
  const source = JSON.stringify(input);
  // Most schemas need none of the changes below, and the emitters only read a prepared schema:
  // those are used as they are. The others are changed on a copy made through JSON text, as a
  // server sends it: a tree (structuredClone would keep an object shared by two places shared).
  if (!anyNode(input, needsChange)) return { schema: input, warnings: [], source };
  const schema = JSON.parse(source) as Json;
  const warnings: SchemaWarning[] = [];
  let refs = false;
  forEachSchema(schema, "", (node, pointer) => {
    if (!isJsonObject(node)) return;
    if ("$ref" in node) {
      refs = true;
      dropUnfollowableRef(schema, node, pointer, warnings);
    }
    if (admitsEveryKeyListed(node)) delete node.propertyNames;
    if (holdsNonPrimitiveEnum(node)) {
      delete node.enum;
      warnings.push({ pointer, message: "enum with object or array values is not checked" });
    }
    if (holdsNonPrimitiveConst(node)) {
      delete node.const;
      warnings.push({ pointer, message: "const with an object or array value is not checked" });
    }
  });
  // Only a `$ref` can loop.
  if (refs) dropLoopingRefs(schema, warnings);
  return { schema, warnings, source };
}

/** Whether preparing changes `node` (or may: a `$ref` is followed, or dropped, or loops). */
function needsChange(node: JsonObject): boolean {
  return "$ref" in node || admitsEveryKeyListed(node) || holdsNonPrimitiveEnum(node) || holdsNonPrimitiveConst(node);
}

function admitsEveryKeyListed(node: JsonObject): boolean {
  return "propertyNames" in node && admitsEveryKey(node.propertyNames);
}

function holdsNonPrimitiveEnum(node: JsonObject): boolean {
  return Array.isArray(node.enum) && !node.enum.every(isPrimitive);
}

function holdsNonPrimitiveConst(node: JsonObject): boolean {
  return "const" in node && node.const !== undefined && !isPrimitive(node.const);
}

/** Whether `test` holds for any object node of the schema (a walk without pointers). */
function anyNode(schema: Json, test: (node: JsonObject) => boolean): boolean {
  let found = false;
  forEachSchema(schema, "", (node) => {
    if (!found && isJsonObject(node) && test(node)) found = true;
  });
  return found;
}

/** Keys a `propertyNames` schema may hold and still pass every string: the type, and words for people. */
const EVERY_KEY_KEYWORDS: ReadonlySet<string> = new Set(["type", "title", "description", "$comment"]);

/** `true`, `{}` or `{ "type": "string" }` (with at most a title, description or comment). */
function admitsEveryKey(schema: Json | undefined): boolean {
  if (schema === true) return true;
  if (!isJsonObject(schema)) return false;
  return Object.keys(schema).every((key) => EVERY_KEY_KEYWORDS.has(key)) && (schema.type === undefined || schema.type === "string");
}

function dropUnfollowableRef(root: Json, node: JsonObject, pointer: string, warnings: SchemaWarning[]): void {
  const ref = node.$ref;
  if (typeof ref !== "string") {
    delete node.$ref;
    warnings.push({ pointer, message: "$ref is not a string; ignored" });
    return;
  }
  if (!ref.startsWith("#")) {
    delete node.$ref;
    warnings.push({ pointer, message: `external $ref ${JSON.stringify(ref)} is not followed (no file or URL is ever read); left unchecked` });
    return;
  }
  if (resolveFragment(root, ref) === undefined) {
    delete node.$ref;
    warnings.push({ pointer, message: `$ref ${JSON.stringify(ref)} does not resolve inside the schema; left unchecked` });
  }
}

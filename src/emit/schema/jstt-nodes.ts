/**
 * How each node of a schema is rewritten for the TS printers (ts-print.ts, and jstt behind it),
 * and the copy that ts-print.ts reads for most schemas, built in one pass.
 *
 * typescript.ts's `toJsttSchema` makes the general copy: a JSON round trip, then walks for the
 * node rewrite, the optional-property wrappers and the `$ref`s that follow them, with pointers
 * for warnings. On 1,000 tools those walks took most of its ~35–40 ms. `copyForPrinter` applies
 * the same rewrite (`rewriteNode`, `wrapOptionalProperties`) node by node as it copies, to the
 * schemas that need none of the rest: no `$ref`, no definitions, no keyword the rewrite warns
 * about or drops, no prototype-named property. For any other schema it gives up, and the general
 * copy is made. test/schema/ts-print.test.ts holds the two copies' declarations to the same bytes.
 */
import type { Json, JsonObject } from "@mcp-codegen/runtime/internal";
import { pushAll, setOwn } from "@mcp-codegen/runtime/internal";
import { docText } from "../text.js";
import { childPointer, holdsAnyKey, isJsonObject, PROTOTYPE_NAMES } from "./pointer.js";
import { allowedValues, nodeTypes, SAME_VALUE_KEYWORDS, type JsonType } from "./zod-keywords.js";
import type { SchemaWarning } from "./warnings.js";

/** Keywords only jstt understands; a server must not be able to steer code generation with them. */
export const JSTT_EXTENSION_KEYWORDS = ["tsType", "tsEnumNames", "tsExtends", "extends", "id"] as const;

/** Marks the root so `customName` can give it exactly `typeName`. */
export const ROOT_MARK = "__mcp_codegen_root__";

/**
 * Keywords TypeScript cannot express, checked by the Zod schema's refinements (which leave its
 * inferred type as if they were absent): the TS type is the schema without them, as wide as the
 * Zod type, and a warning says the check happens at run time only.
 */
const UNEXPRESSED_KEYWORDS = [
  "not",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "dependencies",
  "contains",
  "minContains",
  "maxContains",
  "propertyNames",
  "patternProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
] as const;

/** Those of them worth a warning: the others only narrow what the type already lists, or the Zod schema warns of them itself. */
const WARNED_KEYWORDS: ReadonlySet<string> = new Set(["not", "if", "dependentSchemas", "dependencies", "contains", "propertyNames", "patternProperties"]);

/** UNEXPRESSED_KEYWORDS, for a node's keys to be looked up in (fewer lookups than the list's in the node). */
const UNEXPRESSED: ReadonlySet<string> = new Set(UNEXPRESSED_KEYWORDS);

function dropUnexpressed(node: JsonObject, pointer: string, warnings: SchemaWarning[]): void {
  if (!holdsAnyKey(node, UNEXPRESSED)) return;
  for (let index = 0; index < UNEXPRESSED_KEYWORDS.length; index++) {
    const keyword = UNEXPRESSED_KEYWORDS[index]!;
    if (!(keyword in node)) continue;
    if (WARNED_KEYWORDS.has(keyword)) {
      warnings.push({ pointer: childPointer(pointer, keyword), message: `${keyword} is not expressed in the TS type (the Zod schema checks it at run time)` });
    }
    delete node[keyword];
  }
}

/** Keys beyond `properties` that the schema admits in ways a TS type cannot spell: the type keeps `[k: string]: unknown`. */
function opensObject(node: JsonObject): boolean {
  return node.patternProperties !== undefined;
}

/**
 * Whether a closed input type leaves out the index signature of this object: only when the
 * schema is silent about extra keys and names its properties (an object with none stays open,
 * since `{}` would accept any value), and no keyword here admits other keys by a rule of its own
 * (patternProperties, unevaluatedProperties, or a conditional or dependent schema naming keys
 * the object does not list).
 */
export function closesObject(node: JsonObject): boolean {
  if (node.additionalProperties !== undefined || node.patternProperties !== undefined) return false;
  if (node.unevaluatedProperties !== undefined && node.unevaluatedProperties !== false) return false;
  if (!isJsonObject(node.properties) || Object.keys(node.properties).length === 0) return false;
  if (!holdsAnyKey(node, CONDITIONAL_KEYWORDS)) return true;
  const known = new Set(Object.keys(node.properties));
  const conditional = [node.if, node.then, node.else, ...dependentSchemas(node)];
  return !conditional.some((schema) => admitsOtherKeys(schema, known));
}

/** The keywords whose schemas `closesObject` asks about other keys. */
const CONDITIONAL_KEYWORDS: ReadonlySet<string> = new Set(["if", "then", "else", "dependentSchemas", "dependencies"]);

function dependentSchemas(node: JsonObject): Json[] {
  return ["dependentSchemas", "dependencies"].flatMap((keyword) => {
    const map = node[keyword];
    return isJsonObject(map) ? Object.values(map).filter((value) => !Array.isArray(value)) : [];
  });
}

/** Whether a schema applied to the same object lets keys outside `known` be evaluated (a `$ref` might: assumed so). */
function admitsOtherKeys(schema: Json | undefined, known: ReadonlySet<string>): boolean {
  if (!isJsonObject(schema)) return false;
  if (schema.$ref !== undefined || schema.patternProperties !== undefined) return true;
  if ((schema.additionalProperties ?? false) !== false || (schema.unevaluatedProperties ?? false) !== false) return true;
  if (isJsonObject(schema.properties) && Object.keys(schema.properties).some((key) => !known.has(key))) return true;
  const applied = [schema.if, schema.then, schema.else, ...dependentSchemas(schema)];
  for (const keyword of ["allOf", "anyOf", "oneOf"]) {
    const list = schema[keyword];
    if (Array.isArray(list)) pushAll(applied, list);
  }
  return applied.some((sub) => admitsOtherKeys(sub, known));
}

/** Keywords that shape a node with no type of its own (its TS type is not simply `unknown`). */
const UNTYPED_BUT_SHAPED = ["enum", "const", "$ref", "allOf", "anyOf", "oneOf"] as const;

/**
 * Each node's `type` is what the Zod emitter reads (nodeTypes: inherited by the branches of
 * combinators, every type for an untyped node with type-specific keywords, null for `nullable`),
 * set before the keywords TS cannot express are dropped; when nothing gives a node a type its Zod
 * schema is `z.unknown()` (perhaps refined), and so is its TS type (jstt would make it an object).
 */
function typeAsZodReadsIt(node: JsonObject, inherited: WeakMap<object, JsonType[]>): void {
  const types = nodeTypes(node, inherited.get(node));
  // Indexed loops and no lists built on the way: this runs for every node of every schema.
  if (types !== undefined) {
    for (let index = 0; index < SAME_VALUE_KEYWORDS.length; index++) {
      const value = node[SAME_VALUE_KEYWORDS[index]!];
      if (isJsonObject(value)) inherited.set(value, types);
      else if (Array.isArray(value)) for (let at = 0; at < value.length; at++) if (isJsonObject(value[at])) inherited.set(value[at] as JsonObject, types);
    }
  }
  // jstt puts the target in place of a `$ref` node: a `type` there would retype the definition itself.
  if ("$ref" in node) return;
  const values = allowedValues(node, types);
  if (values !== undefined) listValues(node, values);
  else if (types?.length === 0) node.tsType = "never";
  else if (types !== undefined) node.type = types;
  else if (!UNTYPED_BUT_SHAPED.some((keyword) => keyword in node)) node.tsType = "unknown";
}

/** Keywords jstt reads as an object or array type even beside `enum`. */
const SHAPE_KEYWORDS = ["type", "const", "properties", "patternProperties", "additionalProperties", "required", "items"] as const;

/**
 * enum/const (primitive values only, see prepareSchema) fix the type: the node is the values of
 * its types, as the Zod schema lists them. jstt would instead read `type: "object"` or
 * `properties` beside an enum as an object, and drop `null` from a type list beside `enum: [null]`.
 */
function listValues(node: JsonObject, values: Json[]): void {
  for (const keyword of SHAPE_KEYWORDS) delete node[keyword];
  if (values.length === 0) node.tsType = "never";
  else node.enum = values;
}

/**
 * A JSON Schema tuple does not require its positions, and jstt does not know `prefixItems`. The
 * Zod tuple infers `[A?, B?]`, whose elements TypeScript reads as `A | undefined` even under
 * exactOptionalPropertyTypes, so no JSON-derived element type fits: tuples are typed `unknown[]`.
 */
function tupleAsArray(node: JsonObject): void {
  const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined;
  if (prefix === undefined) return;
  delete node.prefixItems;
  delete node.additionalItems;
  node.items = true;
}

/**
 * One node of the copy rewritten in place (`inherited`: the types its combinator parent gave it,
 * by node): what `toJsttSchema` does to every node, but for decoding its `$ref`.
 */
export function rewriteNode(node: JsonObject, closed: boolean, inherited: WeakMap<object, JsonType[]>, pointer: string, warnings: SchemaWarning[]): void {
  for (let index = 0; index < JSTT_EXTENSION_KEYWORDS.length; index++) delete node[JSTT_EXTENSION_KEYWORDS[index]!];
  delete node.title;
  delete node.$id;
  if (node.deprecated !== undefined && typeof node.deprecated !== "boolean") delete node.deprecated;
  if (typeof node.description === "string") {
    const text = docText(node.description);
    if (text) node.description = text;
    else delete node.description;
  } else {
    delete node.description;
  }
  tupleAsArray(node);
  // Arrays stay `T[]`: length bounds are checked by the Zod schema, not spelled as tuple unions
  // (jstt would also print, and fail on, bounds it finds inconsistent).
  delete node.minItems;
  delete node.maxItems;
  typeAsZodReadsIt(node, inherited);
  const openObject = opensObject(node);
  if (closed && closesObject(node)) node.additionalProperties = false;
  dropUnexpressed(node, pointer, warnings);
  if (openObject) node.additionalProperties = true;
}

/**
 * An optional property may be absent or `undefined` (as its Zod schema's `.optional()` accepts):
 * `x?: T | undefined`, so a value that may be undefined can be passed on also under
 * exactOptionalPropertyTypes. The property's schema becomes `anyOf: [schema, undefined]` with its
 * description and `deprecated` lifted onto the wrapper (jstt documents the property from there).
 * (The `tsType` is our own, set after the server's were removed.) Returns the keys wrapped, whose
 * `$ref`s the caller points at their new place.
 */
export function wrapOptionalProperties(node: JsonObject): string[] {
  const wrapped: string[] = [];
  const properties = node.properties;
  if (!isJsonObject(properties)) return wrapped;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  for (const [key, sub] of Object.entries(properties)) {
    if (required.has(key)) continue;
    // `false` admits no value, but an optional property may still be `undefined`.
    if (sub === false) properties[key] = { tsType: "undefined" };
    // `unknown` holds `undefined` already.
    if (!isJsonObject(sub) || sub.tsType === "unknown") continue;
    const { description, deprecated, ...rest } = sub;
    properties[key] = { anyOf: [rest, { tsType: "undefined" }], ...(description === undefined ? {} : { description }), ...(deprecated === undefined ? {} : { deprecated }) };
    wrapped.push(key);
  }
  return wrapped;
}

/** Keywords that send a schema to the general copy: what the rewrite resolves, moves or warns about, and what ts-print.ts leaves to jstt anyway. */
const GENERAL_COPY_KEYWORDS: ReadonlySet<string> = new Set(["$ref", "$defs", "definitions", "allOf", "nullable", "additionalItems", ...UNEXPRESSED_KEYWORDS]);

/** Thrown inside `copyForPrinter` when the schema needs the general copy. */
const NEEDS_GENERAL_COPY = Symbol("needs the general copy");

/** Children that stay in the copy once a node is rewritten (the others send the schema to the general copy). */
const CHILD_LISTS = ["anyOf", "oneOf"] as const;
const CHILD_SCHEMAS = ["additionalProperties", "items"] as const;

/** What `copyNode` carries down: the type settings, the types combinators hand on, and where a warning would go. */
interface CopyContext {
  closed: boolean;
  inherited: WeakMap<object, JsonType[]>;
  warnings: SchemaWarning[];
}

/**
 * The copy ts-print.ts reads, with the root marked, for a prepared schema that needs nothing
 * beyond the node rewrite and the optional-property wrappers; undefined for any other.
 */
export function copyForPrinter(schema: Json, closed: boolean): Json | undefined {
  const context: CopyContext = { closed, inherited: new WeakMap(), warnings: [] };
  try {
    const copy = copyNode(schema, context);
    // A warning needs its pointer, which only the general copy builds (none is expected here).
    if (context.warnings.length > 0) return undefined;
    if (isJsonObject(copy)) copy.$id = ROOT_MARK;
    return copy;
  } catch (error) {
    if (error === NEEDS_GENERAL_COPY) return undefined;
    throw error;
  }
}

/** `node` copied and rewritten (a shallow copy per node: the prepared schema is left as it is), then its children. */
function copyNode(node: Json, context: CopyContext): Json {
  if (!isJsonObject(node)) return node;
  if (holdsAnyKey(node, GENERAL_COPY_KEYWORDS)) throw NEEDS_GENERAL_COPY;
  if (isJsonObject(node.properties) && holdsAnyKey(node.properties, PROTOTYPE_NAMES)) throw NEEDS_GENERAL_COPY;
  const copy: JsonObject = { ...node };
  // The parent's rewrite recorded this node's types under the node it read, not under this copy.
  const types = context.inherited.get(node);
  if (types !== undefined) context.inherited.set(copy, types);
  rewriteNode(copy, context.closed, context.inherited, "", context.warnings);
  for (let index = 0; index < CHILD_SCHEMAS.length; index++) {
    const keyword = CHILD_SCHEMAS[index]!;
    const child = copy[keyword];
    if (child !== undefined) copy[keyword] = copyNode(child, context);
  }
  for (let index = 0; index < CHILD_LISTS.length; index++) {
    const keyword = CHILD_LISTS[index]!;
    const list = copy[keyword];
    if (Array.isArray(list)) copy[keyword] = list.map((child) => copyNode(child, context));
  }
  const properties = copy.properties;
  if (isJsonObject(properties)) {
    const copied: JsonObject = {};
    const keys = Object.keys(properties);
    for (let index = 0; index < keys.length; index++) setOwn(copied, keys[index]!, copyNode(properties[keys[index]!]!, context));
    copy.properties = copied;
  }
  wrapOptionalProperties(copy);
  return copy;
}

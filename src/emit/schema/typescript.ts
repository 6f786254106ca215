/**
 * JSON Schema → TypeScript declarations, in the text of json-schema-to-typescript (jstt), made
 * safe for server-controlled schemas: no `$ref` is ever fetched, jstt's own extension keywords
 * (`tsType` injects raw code) are removed, titles and `$id`s cannot rename types, descriptions
 * cannot leave their JSDoc, and every sub-type is named after the top-level type so tools never
 * collide. The common shapes are printed by ts-print.ts, most of them from the one-pass copy of
 * jstt-nodes.ts; jstt prints the rest.
 */
import { randomBytes } from "node:crypto";
import type { Options } from "json-schema-to-typescript";
import type { Json, JsonObject } from "@mcp-codegen/runtime/internal";
import { escapeInvisible } from "../text.js";
import { setOwn } from "@mcp-codegen/runtime/internal";
import { childPointer, forEachSchema, holdsAnyKey, isJsonObject, PROTOTYPE_NAMES } from "./pointer.js";
import { definitionKeys, mergedKey } from "./definitions.js";
import { prepareSchema, type PreparedSchema } from "./prepare.js";
import { printDeclaration } from "./ts-print.js";
import { scopeOwnNames } from "./jstt-names.js";
import { copyForPrinter, rewriteNode, ROOT_MARK, wrapOptionalProperties } from "./jstt-nodes.js";
import type { JsonType } from "./zod-keywords.js";
import type { SchemaWarning } from "./warnings.js";

export interface EmitTypeScriptOptions {
  /** What the schema belongs to, e.g. `tool "math/add" input`; kept for the caller's reports. */
  subject: string;
  /**
   * The schema went through `prepareSchema` already, from this text (`PreparedSchema.source`): its
   * warnings are the caller's, and the text keys the cache (equal texts prepare alike).
   */
  preparedFrom?: string;
  /** Object types whose schema leaves `additionalProperties` unset get no index signature (input types). */
  closed?: boolean;
  /**
   * Names of the sub-types, by definition key (definitions.ts), handed out by the server's name
   * scope; a key without one is named `<typeName><Key>`.
   */
  subTypes?: ReadonlyMap<string, string>;
}

export interface EmittedTypeScript {
  /** `export interface <typeName> …` / `export type <typeName> = …`, plus named sub-types `<typeName><Def>`. */
  code: string;
  warnings: SchemaWarning[];
}

const TYPE_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * jstt costs ~0.8 ms a schema, and many tools share schemas: compile once per schema under a
 * per-process random root name, then put each caller's name in. A server cannot predict the
 * placeholder, so it cannot plant it in its own text.
 */
const PLACEHOLDER = `McpCodegenRoot${[...randomBytes(12)].map((b) => String.fromCharCode(65 + (b % 26))).join("")}`;
/** A compiled schema: its code under PLACEHOLDER names, and the definition keys of its sub-type placeholders. */
interface Compiled extends EmittedTypeScript {
  definitions: string[];
}
const cache = new Map<string, Compiled>();

export async function emitTypeScript(
  schema: JsonObject,
  typeName: string,
  options: EmitTypeScriptOptions,
): Promise<EmittedTypeScript> {
  if (!TYPE_NAME.test(typeName)) throw new Error(`emitTypeScript: type name ${JSON.stringify(typeName)} is not an identifier`);
  // Equal texts are equal schemas (and equal schemas from one snapshot have equal texts: its keys are sorted).
  const closed = options.closed === true;
  const from = options.preparedFrom;
  const key = from !== undefined ? `prepared\u0000${closed}\u0000${from}` : `raw\u0000${closed}\u0000${JSON.stringify(schema)}`;
  let result = cache.get(key);
  if (!result) {
    result = await compileSchema(from !== undefined ? { schema, warnings: [] } : prepareSchema(schema), PLACEHOLDER, closed);
    cache.set(key, result);
  }
  let code = result.code;
  for (const [index, key] of result.definitions.entries()) code = code.replaceAll(subTypePlaceholder(index), options.subTypes?.get(key) ?? `${PLACEHOLDER}${upperFirst(key)}`);
  return { code: code.replaceAll(PLACEHOLDER, typeName), warnings: result.warnings.map((w) => ({ ...w })) };
}

/** A sub-type's name while compiling: never a prefix of another (the `Z`), never planted by a server (PLACEHOLDER). */
function subTypePlaceholder(index: number): string {
  return `${PLACEHOLDER}D${index}Z`;
}

function upperFirst(text: string): string {
  const safe = text.replace(/[^A-Za-z0-9_$]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase());
  return safe.charAt(0).toUpperCase() + safe.slice(1);
}

async function compileSchema(prepared: Omit<PreparedSchema, "source">, typeName: string, closed: boolean): Promise<Compiled> {
  const warnings = [...prepared.warnings];
  const definitions = definitionKeys(prepared.schema);
  const code = printedFromCopy(prepared.schema, typeName, closed) ?? (await printedOrJstt(prepared.schema, typeName, closed, definitions, warnings));
  const safe = escapeInvisible(code).trim() + "\n";
  if (!new RegExp(`^export (interface|type) ${typeName}\\b`, "m").test(safe)) {
    throw new Error(`emitTypeScript: json-schema-to-typescript did not name the root ${typeName}`);
  }
  return { code: safe, warnings, definitions };
}

/** ts-print.ts on the one-pass copy (jstt-nodes.ts); undefined when the schema needs the general copy or jstt. */
function printedFromCopy(schema: Json, typeName: string, closed: boolean): string | undefined {
  const copy = copyForPrinter(schema, closed);
  return copy === undefined ? undefined : printDeclaration(copy, typeName, ROOT_MARK);
}

/** ts-print.ts on the general copy, or jstt when ts-print.ts leaves the schema to it. */
async function printedOrJstt(schema: Json, typeName: string, closed: boolean, definitions: readonly string[], warnings: SchemaWarning[]): Promise<string> {
  const { forTypes, hidden, printed } = printedDeclaration(schema, typeName, closed, warnings);
  return printed ?? (await compileWithJstt(forTypes, typeName, definitions, hidden, warnings));
}

/** jstt, loaded the first time a schema needs it (ts-print.ts prints the common shapes without it). */
async function compileWithJstt(forTypes: Json, typeName: string, definitions: readonly string[], hidden: readonly string[], warnings: SchemaWarning[]): Promise<string> {
  const hiddenDefinitions = hidePrototypeDefinitions(forTypes);
  try {
    const { compile } = await import("json-schema-to-typescript");
    return restorePrototypeNames(scopeOwnNames(await compile(forTypes as never, typeName, jsttOptions(typeName, definitions, hiddenDefinitions)), typeName), hidden);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    warnings.push({ pointer: "", message: `json-schema-to-typescript failed (${reason}); typed as unknown` });
    return `export type ${typeName} = unknown;\n`;
  }
}

/**
 * For the test that holds ts-print.ts to jstt: a prepared schema's declaration from each
 * (undefined from ts-print.ts when it leaves the schema to jstt), and ts-print.ts's on the
 * one-pass copy (undefined when the schema needs the general copy).
 */
export async function declarationsFromBoth(prepared: JsonObject, typeName: string, closed: boolean): Promise<{ printed: string | undefined; jstt: string; fromCopy: string | undefined }> {
  const warnings: SchemaWarning[] = [];
  const { forTypes, hidden, printed } = printedDeclaration(prepared, typeName, closed, warnings);
  const jstt = await compileWithJstt(forTypes, typeName, definitionKeys(prepared), hidden, warnings);
  return { printed, jstt, fromCopy: printedFromCopy(prepared, typeName, closed) };
}

/**
 * The copy of the schema the printers read, the prototype-named properties hidden in it, and
 * ts-print.ts's declaration (undefined when it leaves the schema to jstt).
 */
function printedDeclaration(schema: Json, typeName: string, closed: boolean, warnings: SchemaWarning[]): { forTypes: Json; hidden: readonly string[]; printed: string | undefined } {
  const { schema: forTypes, prototypeNames } = toJsttSchema(schema, closed, warnings);
  const hidden = prototypeNames ? hidePrototypeNames(forTypes) : [];
  const printed = printDeclaration(forTypes, typeName, ROOT_MARK);
  return { forTypes, hidden, printed: printed === undefined ? undefined : restorePrototypeNames(printed, hidden) };
}

function jsttOptions(typeName: string, definitions: readonly string[], hiddenDefinitions: ReadonlyMap<string, string>): Partial<Options> {
  return {
    bannerComment: "",
    format: false,
    declareExternallyReferenced: true,
    unknownAny: true,
    additionalProperties: true,
    strictIndexSignatures: false,
    enableConstEnums: false,
    inferStringEnumKeysFromValues: false,
    unreachableDefinitions: false,
    // Arrays stay `T[]`: length bounds are checked by the Zod schema, not spelled as tuple unions.
    ignoreMinAndMaxItems: true,
    maxItems: -1,
    // Belt and braces: prepareSchema already removed every non-local `$ref`.
    $refOptions: { resolve: { external: false, file: false, http: false } } as Options["$refOptions"],
    customName: (node, keyNameFromDefinition) => {
      if (node.$id === ROOT_MARK) return typeName;
      // Every server `$id` was removed (toJsttSchema): an `$id` here is jstt's, the definition key.
      const named = keyNameFromDefinition ?? (typeof node.$id === "string" ? node.$id : undefined);
      const base = named === undefined ? undefined : (hiddenDefinitions.get(named) ?? named);
      // jstt also names nodes it makes for a definition (`$id: "N"` for `$defs.n`): one family,
      // which jstt itself numbers apart (`…D0Z`, `…D0Z1`).
      const index = base === undefined ? -1 : definitions.findIndex((key) => key === base || upperFirst(key) === upperFirst(base));
      if (index >= 0) return subTypePlaceholder(index);
      return base === undefined ? undefined : `${typeName}${base.charAt(0).toUpperCase()}${base.slice(1)}`;
    },
  };
}

/** A copy of the schema as jstt should see it (see the module comment). */
function toJsttSchema(schema: Json, closed: boolean, warnings: SchemaWarning[]): { schema: Json; prototypeNames: boolean } {
  // Through JSON text: the schema is JSON data, and this copies it in a fraction of
  // structuredClone's time (1,371 bench schemas: ~14 ms less of ~110).
  const copy = JSON.parse(JSON.stringify(schema)) as Json;
  const inherited = new WeakMap<object, JsonType[]>();
  // What the later passes would find: each runs only when there is something for it.
  let bothDefinitionKeywords = false;
  let prototypeNames = false;
  forEachSchema(copy, "", (node, pointer) => {
    if (!isJsonObject(node)) return;
    decodeLocalRef(node);
    if (isJsonObject(node.$defs) && isJsonObject(node.definitions)) bothDefinitionKeywords = true;
    if (isJsonObject(node.properties) && holdsAnyKey(node.properties, PROTOTYPE_NAMES)) prototypeNames = true;
    rewriteNode(node, closed, inherited, pointer, warnings);
  });
  if (bothDefinitionKeywords) mergeDefsIntoDefinitions(copy);
  optionalMayBeUndefined(copy);
  return { schema: isJsonObject(copy) ? { ...copy, $id: ROOT_MARK } : copy, prototypeNames };
}

/** The members TypeScript's `Object` interface declares (lib.es5.d.ts). */
const OBJECT_MEMBERS: ReadonlySet<string> = new Set(["constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable"]);

function propertyPlaceholder(index: number): string {
  return `${PLACEHOLDER}P${index}Z`;
}

/** Renames prototype-named properties (in `properties` and `required`); returns the names, by placeholder index. */
function hidePrototypeNames(root: Json): string[] {
  const names: string[] = [];
  const placeholder = (name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return propertyPlaceholder(index);
  };
  forEachSchema(root, "", (node) => {
    if (!isJsonObject(node) || !isJsonObject(node.properties)) return;
    const keys = Object.keys(node.properties);
    if (!keys.some((key) => PROTOTYPE_NAMES.has(key))) return;
    const renamed: JsonObject = {};
    const required = Array.isArray(node.required) ? node.required : [];
    for (const key of keys) {
      const sub = node.properties[key] as Json;
      // TypeScript reads an absent member of `{}` as Object's own (`constructor: Function`): an
      // optional one admits that type too, or `{}` could not be passed where it may be left out.
      const widened = OBJECT_MEMBERS.has(key) && !required.includes(key) ? { anyOf: [sub, { tsType: `Object[${JSON.stringify(key)}]` }] } : sub;
      setOwn(renamed, PROTOTYPE_NAMES.has(key) ? placeholder(key) : key, widened);
    }
    node.properties = renamed;
    if (Array.isArray(node.required)) node.required = node.required.map((key) => (typeof key === "string" && PROTOTYPE_NAMES.has(key) ? placeholder(key) : key));
  });
  return names;
}

function definitionPlaceholder(index: number): string {
  return `${PLACEHOLDER}K${index}Z`;
}

/**
 * A local `$ref` is a JSON pointer in a URI fragment, percent-encoded where a URI needs it
 * (`#/$defs/a%20b`): every `$ref` of the copy is written decoded (`~0`/`~1` kept), so that the
 * rewrites below, which build pointers from keys, find it whatever its spelling.
 */
function decodeLocalRef(node: JsonObject): void {
  if (typeof node.$ref !== "string" || !node.$ref.startsWith("#")) return;
  try {
    node.$ref = decodeURIComponent(node.$ref);
  } catch {
    // Not valid percent-encoding: left as written (prepareSchema reports what cannot be followed).
  }
}

/** A definition key jstt reads as written (in a `$ref` and as a type name): plain ASCII, no Object member. */
function plainDefinitionKey(key: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && !PROTOTYPE_NAMES.has(key);
}

/**
 * Definition keys jstt trips over: `$defs.hasOwnProperty` breaks it, and a key with a space, a
 * `%` or a `/` must be percent-encoded in a `$ref`, which jstt names the sub-type after. jstt sees
 * a placeholder key, every `$ref` to it follows, and the sub-type is still named after the
 * server's key (the returned map, placeholder → key, is read by `customName`).
 */
function hidePrototypeDefinitions(root: Json): Map<string, string> {
  const hidden = new Map<string, string>();
  const moves = new Map<string, string>();
  forEachSchema(root, "", (node, pointer) => {
    if (!isJsonObject(node)) return;
    for (const keyword of ["$defs", "definitions"] as const) {
      const map = node[keyword];
      if (!isJsonObject(map) || Object.keys(map).every(plainDefinitionKey)) continue;
      const renamed: JsonObject = {};
      for (const [key, value] of Object.entries(map)) {
        if (plainDefinitionKey(key)) {
          setOwn(renamed, key, value);
          continue;
        }
        const placeholder = definitionPlaceholder(hidden.size);
        hidden.set(placeholder, key);
        setOwn(renamed, placeholder, value);
        moves.set(`#${childPointer(pointer, keyword, key)}`, `#${childPointer(pointer, keyword, placeholder)}`);
      }
      node[keyword] = renamed;
    }
  });
  if (moves.size > 0) {
    forEachSchema(root, "", (node) => {
      if (!isJsonObject(node) || typeof node.$ref !== "string") return;
      for (const [from, to] of moves) {
        if (node.$ref === from || node.$ref.startsWith(`${from}/`)) {
          node.$ref = to + node.$ref.slice(from.length);
          break;
        }
      }
    });
  }
  return hidden;
}

function restorePrototypeNames(code: string, names: readonly string[]): string {
  return names.reduce((text, name, index) => text.replaceAll(propertyPlaceholder(index), JSON.stringify(name)), code);
}

/**
 * jstt refuses a schema holding both `definitions` and `$defs`; move `$defs` entries into
 * `definitions` (renamed on collision) and point the `$ref`s at their new place.
 */
function mergeDefsIntoDefinitions(root: Json): void {
  const moves = new Map<string, string>();
  forEachSchema(root, "", (node, pointer) => {
    if (!isJsonObject(node) || !isJsonObject(node.$defs) || !isJsonObject(node.definitions)) return;
    const definitions = node.definitions;
    const taken = new Set(Object.keys(definitions));
    for (const [key, value] of Object.entries(node.$defs)) {
      const target = mergedKey(key, taken);
      setOwn(definitions, target, value);
      moves.set(`#${childPointer(pointer, "$defs", key)}`, `#${childPointer(pointer, "definitions", target)}`);
    }
    delete node.$defs;
  });
  if (moves.size === 0) return;
  forEachSchema(root, "", (node) => {
    if (!isJsonObject(node) || typeof node.$ref !== "string") return;
    for (const [from, to] of moves) {
      if (node.$ref === from || node.$ref.startsWith(`${from}/`)) {
        node.$ref = to + node.$ref.slice(from.length);
        break;
      }
    }
  });
}

/**
 * Every optional property may be `undefined` too (`wrapOptionalProperties`), and a `$ref` into a
 * wrapped schema is pointed at its new place.
 */
function optionalMayBeUndefined(root: Json): void {
  const moves = new Map<string, string>();
  forEachSchema(root, "", (node, pointer) => {
    if (!isJsonObject(node)) return;
    for (const key of wrapOptionalProperties(node)) {
      const at = `#${childPointer(pointer, "properties", key)}`;
      moves.set(at, `${at}/anyOf/0`);
    }
  });
  if (moves.size === 0) return;
  forEachSchema(root, "", (node) => {
    if (!isJsonObject(node) || typeof node.$ref !== "string") return;
    // Parents first, each move in the coordinates its parent's left: a nested property moves twice.
    for (const [from, to] of moves) {
      if (node.$ref === from || node.$ref.startsWith(`${from}/`)) node.$ref = to + node.$ref.slice(from.length);
    }
  });
}

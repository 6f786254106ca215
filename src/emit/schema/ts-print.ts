/**
 * The common shapes of JSON Schema printed as TypeScript directly, in the very text
 * json-schema-to-typescript (jstt) prints for them, without its clone, dereferencer, normalizer
 * and optimizer passes: on 1,000 tools those passes are the largest share of `emit`.
 *
 * Reads the schema as typescript.ts prepares it for jstt (titles and `$id`s gone, `tsType` set
 * where the type is fixed, the root marked). Anything beyond the shapes below (a `$ref`, `allOf`,
 * definitions, `patternProperties`, a node jstt would type as an intersection of two readings)
 * returns undefined, and jstt prints it. A test holds the two to the same bytes
 * on the golden files, the fuzzer's schemas and the real-servers corpus.
 */
import type { Json, JsonObject } from "@mcp-codegen/runtime/internal";
import { holdsAnyKey, isJsonObject } from "./pointer.js";
import { pushAll } from "@mcp-codegen/runtime/internal";

/** A node as jstt's generator reads it after its optimizer: what it renders to, and what its comments need. */
interface Printed {
  /** jstt's AST kind where its generator or optimizer tells them apart (`custom` is a `tsType`). */
  kind: "unknown" | "never" | "custom" | "array" | "union" | "interface" | "other";
  text: string;
  comment?: string | undefined;
  deprecated?: boolean;
  /** An array's item. */
  item?: Printed;
  /** A union's members, each rendering once. */
  members?: Printed[];
}

const UNKNOWN: Printed = { kind: "unknown", text: "unknown" };

/** Keywords whose presence sends the schema to jstt: meanings this printer does not reproduce. */
const UNSUPPORTED_KEYWORDS: ReadonlySet<string> = new Set(["$ref", "allOf", "$defs", "definitions", "nullable", "const", "tsEnumNames", "extends", "id", "patternProperties", "additionalItems", "minItems", "maxItems"]);

const NEVER: Printed = { kind: "never", text: "never" };

/** The `type` values a `type: [...]` union may list here (each member a leaf). */
const LEAF_TYPES: ReadonlyMap<string, string> = new Map([
  ["string", "string"],
  ["number", "number"],
  ["integer", "number"],
  ["boolean", "boolean"],
  ["null", "null"],
]);

/** Keywords a `type: [...]` node may carry beside its type: none of them changes how jstt reads a member. */
const UNION_NEUTRAL_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "description",
  "deprecated",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "examples",
  "$comment",
  "readOnly",
  "writeOnly",
  "contentMediaType",
  "contentEncoding",
]);

class Unsupported extends Error {}

/**
 * The declaration of the root `typeName` as jstt prints it (unformatted, before typescript.ts
 * escapes and trims it), or undefined when the schema is not one this printer reproduces.
 */
export function printDeclaration(schema: Json, typeName: string, rootMark: string): string | undefined {
  if (!isJsonObject(schema) || schema.$id !== rootMark) return undefined;
  try {
    const root = printNode(schema, true);
    if (root.kind === "interface") {
      const comment = hasComment(root) ? `${jsdoc(root.comment, root.deprecated === true)}\n` : "";
      return `${comment}export interface ${typeName} ${root.text}\n`;
    }
    // jstt's optimizer drops the name of a union it collapses to `unknown`; jstt says what then.
    if (root === UNKNOWN) return undefined;
    const commented = withItemsComment(root);
    const comment = hasComment(commented) ? `${jsdoc(commented.comment, false)}\n` : "";
    return `${comment}export type ${typeName} = ${root.text}\n`;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

function printNode(schema: Json, root = false): Printed {
  if (schema === true) return UNKNOWN;
  if (schema === false) return NEVER;
  if (!isJsonObject(schema)) throw new Unsupported();
  if (holdsAnyKey(schema, UNSUPPORTED_KEYWORDS)) throw new Unsupported();
  if (!root && "$id" in schema) throw new Unsupported();
  if (schema.deprecated !== undefined && typeof schema.deprecated !== "boolean") throw new Unsupported();
  const type = Array.isArray(schema.type) && schema.type.length === 1 ? schema.type[0] : schema.type;
  const kinds = kindsOf(schema, type, root);
  if (kinds.length !== 1) throw new Unsupported();
  const notes = { comment: typeof schema.description === "string" ? schema.description : undefined, ...(schema.deprecated === true ? { deprecated: true } : {}) };
  switch (kinds[0]) {
    case "custom":
      if (typeof schema.tsType !== "string") throw new Unsupported();
      return { kind: "custom", text: schema.tsType, ...notes };
    case "any":
      return { ...UNKNOWN, ...notes };
    case "anyOf":
    case "oneOf":
      return union(listOf(schema[kinds[0]]).map((member) => printNode(member)), notes);
    case "leaf":
      return { kind: "other", text: LEAF_TYPES.get(type as string) ?? "", ...notes };
    case "typedArray":
      return array(printNode(schema.items as Json), notes);
    case "untypedArray":
      return array(UNKNOWN, notes);
    case "typeUnion":
      return union(typeMembers(schema), notes);
    case "enum":
      return union(listOf(schema.enum).map(literal), notes);
    case "interface":
      return { kind: "interface", text: interfaceBody(schema), ...notes };
    default:
      throw new Unsupported();
  }
}

type Kind = "custom" | "any" | "anyOf" | "oneOf" | "leaf" | "typedArray" | "untypedArray" | "typeUnion" | "enum" | "interface";

/** jstt's `typesOfSchema` for the shapes printed here (after its normalizer; see the module comment). */
function kindsOf(schema: JsonObject, type: Json | undefined, root: boolean): Kind[] {
  if (typeof schema.tsType === "string") return ["custom"];
  if (type === "any" || type === null) throw new Unsupported();
  const kinds: Kind[] = [];
  if (isEmpty(schema)) kinds.push("any");
  if ("anyOf" in schema) kinds.push("anyOf");
  if ("oneOf" in schema) kinds.push("oneOf");
  const compound = Array.isArray(type) || "anyOf" in schema || "oneOf" in schema;
  const hasEnum = "enum" in schema;
  // BOOLEAN, NUMBER, STRING (each also read from a `default` of its type), NULL: counted, no list built.
  let leaves = type === "null" ? 1 : 0;
  if (!hasEnum) {
    if (type === "boolean" || (!compound && typeof schema.default === "boolean")) leaves++;
    if (type === "integer" || type === "number" || (!compound && typeof schema.default === "number")) leaves++;
    if (type === "string" || (!compound && typeof schema.default === "string")) leaves++;
  }
  if (leaves > 1) throw new Unsupported();
  if (leaves === 1) {
    if (typeof type !== "string" || !LEAF_TYPES.has(type)) throw new Unsupported(); // typed by its default
    kinds.push("leaf");
  }
  if ((type === undefined || type === "array") && "items" in schema) kinds.push("typedArray");
  if (type === "array" && !("items" in schema)) kinds.push("untypedArray");
  if (Array.isArray(type)) kinds.push("typeUnion");
  if (hasEnum && (type === undefined || type === "boolean" || type === "integer" || type === "number" || type === "string")) kinds.push("enum");
  const objectLike = "properties" in schema || "patternProperties" in schema;
  // NAMED_SCHEMA (the root, which has the `$id`) or UNNAMED_SCHEMA.
  if (root ? objectLike && !Array.isArray(type) : (type === undefined || type === "object") && objectLike) kinds.push("interface");
  // jstt's OBJECT never matches after its normalizer gave every object type a `required`; a
  // schema nothing else matches is jstt's default reading, an interface.
  if (kinds.length === 0) kinds.push("interface");
  return kinds;
}

function isEmpty(schema: JsonObject): boolean {
  for (const _key in schema) return false;
  return true;
}

function listOf(value: Json | undefined): Json[] {
  if (!Array.isArray(value) || value.length === 0) throw new Unsupported();
  return value;
}

/** jstt's optimizer on a union (`unknown` absorbs it, equal renderings kept once), then its generator. */
function union(members: Printed[], notes: Pick<Printed, "comment" | "deprecated">): Printed {
  if (members.some((member) => member.kind === "unknown")) return UNKNOWN;
  const seen = new Set<string>();
  const kept = members.filter((member) => !seen.has(member.text) && seen.add(member.text));
  const text = kept.length === 1 ? kept[0]!.text : `(${kept.map((member) => member.text).join(" | ")})`;
  return { kind: "union", text, members: kept, ...notes };
}

function array(item: Printed, notes: Pick<Printed, "comment" | "deprecated">): Printed {
  return { kind: "array", text: item.text.endsWith('"') ? `(${item.text})[]` : `${item.text}[]`, item, ...notes };
}

function literal(value: Json): Printed {
  if (value !== null && typeof value === "object") throw new Unsupported();
  return { kind: "other", text: JSON.stringify(value) };
}

/** The members of a `type: [...]` node, each of its leaf types once over (jstt re-reads the node per type). */
function typeMembers(schema: JsonObject): Printed[] {
  for (const key of Object.keys(schema)) if (!UNION_NEUTRAL_KEYWORDS.has(key)) throw new Unsupported();
  return (schema.type as Json[]).map((type) => {
    const text = typeof type === "string" ? LEAF_TYPES.get(type) : undefined;
    if (text === undefined) throw new Unsupported();
    return { kind: "other", text, ...(schema.deprecated === true ? { deprecated: true } : {}) };
  });
}

/** `{ … }`: each property with its comment, then the index signature unless `additionalProperties` is false. */
function interfaceBody(schema: JsonObject): string {
  const properties = schema.properties ?? {};
  if (!isJsonObject(properties)) throw new Unsupported();
  const required = schema.required;
  if (required !== undefined && !Array.isArray(required)) throw new Unsupported();
  const lines: string[] = [];
  const named: { printed: Printed; isRequired: boolean }[] = [];
  for (const key of Object.keys(properties)) {
    const sub = properties[key] as Json;
    const printed = printNode(sub);
    const isRequired = (isJsonObject(sub) && sub.required === true) || (required?.includes(key) ?? false);
    named.push({ printed, isRequired });
    lines.push(`${commentLine(printed)}${propertyKey(key)}${isRequired ? "" : "?"}: ${printed.text}`);
  }
  const additional = schema.additionalProperties;
  // Absent or true: jstt's default, `unknown`; a schema: its type, widened over the named properties'.
  if (additional !== false) {
    const index = additional === undefined || additional === true ? UNKNOWN : printNode(additional);
    lines.push(`${commentLine(index)}[k: string]: ${indexSignatureType(index, named) ?? index.text}`);
  }
  return `{\n${lines.join("\n")}\n}`;
}

/** A declaration's JSDoc and its line break, or "" (jstt's property and index signature lines). */
function commentLine(printed: Printed): string {
  const commented = withItemsComment(printed);
  return hasComment(commented) ? `${jsdoc(commented.comment, commented.deprecated === true)}\n` : "";
}

function isUnknown(printed: Printed): boolean {
  return printed.kind === "unknown" || (printed.kind === "custom" && printed.text.trim() === "unknown");
}

/** A `tsType` of `any` (jstt's index-signature widening skips it among the named properties). */
function isAny(printed: Printed): boolean {
  return printed.kind === "custom" && printed.text.trim() === "any";
}

/**
 * jstt's `generateIndexSignatureType`: every named property's type must be assignable to the
 * index signature's, so the signature's type is widened into the union of its own members and
 * theirs (and `undefined` beside an optional one); undefined when its own rendering stands.
 */
function indexSignatureType(index: Printed, named: readonly { printed: Printed; isRequired: boolean }[]): string | undefined {
  if (isUnknown(index)) return undefined;
  const members: Printed[] = [];
  const add = (member: Printed): void => {
    if (member.kind === "union" && member.members !== undefined) return member.members.forEach(add);
    // An anonymous `tsType` union is split only when plainly safe to (identifiers, spaces and `|`).
    if (member.kind === "custom" && member.text.includes("|") && /^[\w$.\s|]+$/.test(member.text)) {
      for (const part of member.text.split("|")) if (part.trim()) members.push({ kind: "custom", text: part.trim() });
      return;
    }
    members.push(member);
  };
  add(index);
  let needsUndefined = false;
  for (const { printed, isRequired } of named) {
    if (isAny(printed)) continue;
    if (!isRequired) needsUndefined = true;
    if (printed.kind === "never") continue;
    add(printed);
  }
  if (members.some(isAny)) throw new Unsupported();
  if (members.some(isUnknown)) return "unknown";
  if (members.length === 0 || (members.length === 1 && !needsUndefined)) return undefined;
  const seen = new Set<string>();
  const texts: string[] = [];
  for (const member of members) {
    if (seen.has(member.text)) continue;
    seen.add(member.text);
    texts.push(member.kind === "custom" && !/^[\w$.]+(\[\])*$/.test(member.text) ? `(${member.text})` : member.text);
  }
  if (needsUndefined && !seen.has("undefined")) texts.push("undefined");
  return texts.join(" | ");
}

function propertyKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

function hasComment(node: Printed): boolean {
  return (node.comment !== undefined && node.comment !== "") || node.deprecated === true;
}

/** jstt hoists an array item's description onto the array's declaration, as "Items: …". */
function withItemsComment(node: Printed): Printed {
  const item = node.item;
  if (node.kind !== "array" || item === undefined || item.kind === "array") return node;
  const comment = item.comment;
  if (comment === undefined || comment === "" || /(^|\s)@\w/.test(comment)) return node;
  const items = `Items: ${comment}`;
  return { ...node, comment: node.comment ? `${node.comment}\n\n${items}` : items };
}

function jsdoc(comment: string | undefined, deprecated: boolean): string {
  const lines = ["/**"];
  if (deprecated) lines.push(" * @deprecated");
  if (comment !== undefined) pushAll(lines, comment.split("\n").map((line) => ` * ${line}`));
  lines.push(" */");
  return lines.join("\n");
}

/**
 * Every model-visible string of a snapshot, with where it sits: a table of text sources (one
 * entry per kind of listed entity) and a walker over tool schemas. Adding a kind of entity to
 * the snapshot (skills, say) is one entry in `ENTITY_SOURCES`.
 */
import { pointerToken, type Json, type ServerSnapshot, type Snapshot } from "@mcp-codegen/runtime/internal";
import type { AuditEntityKind, TextRole, TextSource } from "./types.js";

/** A string of an entity before the server and entity are known. */
interface EntityString {
  pointer: string;
  role: TextRole;
  text: string;
  parameter?: string;
}

type JsonRecord = { readonly [key: string]: Json | undefined };

interface EntitySource {
  kind: AuditEntityKind;
  /** The `ServerSnapshot` key that lists them. */
  key: string;
  /** The entity's name in reports. */
  name: (entity: JsonRecord) => string;
  strings: (entity: JsonRecord) => EntityString[];
}

export const ENTITY_SOURCES: readonly EntitySource[] = [
  { kind: "tool", key: "tools", name: (entity) => text(entity["name"]), strings: toolStrings },
  { kind: "prompt", key: "prompts", name: (entity) => text(entity["name"]), strings: promptStrings },
  { kind: "resource", key: "resources", name: (entity) => text(entity["uri"]) || text(entity["name"]), strings: (entity) => [...commonStrings(entity), ...field(entity, "uri", "uri")] },
  { kind: "resourceTemplate", key: "resourceTemplates", name: (entity) => text(entity["uriTemplate"]) || text(entity["name"]), strings: (entity) => [...commonStrings(entity), ...field(entity, "uriTemplate", "uri")] },
  { kind: "skill", key: "skills", name: (entity) => text(entity["name"]), strings: skillStrings },
];

/** The server's own model-visible text: `instructions` (hosts put it in the system prompt). */
function serverStrings(server: ServerSnapshot): EntityString[] {
  return server.instructions === undefined ? [] : [{ pointer: "/instructions", role: "instructions", text: server.instructions }];
}

/** Every model-visible string of the snapshot, server by server in key order. */
export function textSources(snapshot: Snapshot): TextSource[] {
  const sources: TextSource[] = [];
  for (const serverName of Object.keys(snapshot.servers).sort()) {
    const server = snapshot.servers[serverName];
    if (!server) continue;
    const serverPointer = `/servers/${pointerToken(serverName)}`;
    for (const string of serverStrings(server)) sources.push(located(string, serverName, "server", serverName, serverPointer));
    for (const source of ENTITY_SOURCES) {
      const entities = (server as unknown as Record<string, unknown>)[source.key];
      if (!Array.isArray(entities)) continue;
      entities.forEach((entity: unknown, index) => {
        if (!isRecord(entity)) return;
        const name = source.name(entity);
        const entityPointer = `${serverPointer}/${source.key}/${index}`;
        for (const string of source.strings(entity)) sources.push(located(string, serverName, source.kind, name, entityPointer));
      });
    }
  }
  return sources;
}

/** One shape for every source (spreads would give V8 many shapes in this hot loop). */
function located(string: EntityString, server: string, kind: AuditEntityKind, name: string, entityPointer: string): TextSource {
  const source: TextSource = { server, kind, name, pointer: string.pointer, entityPointer, role: string.role, text: string.text };
  if (string.parameter !== undefined) source.parameter = string.parameter;
  return source;
}

function commonStrings(entity: JsonRecord): EntityString[] {
  return [...field(entity, "name", "name"), ...field(entity, "title", "title"), ...field(entity, "description", "description"), ...annotationStrings(entity)];
}

function toolStrings(tool: JsonRecord): EntityString[] {
  return [...commonStrings(tool), ...schemaStrings(tool["inputSchema"], "/inputSchema", undefined), ...schemaStrings(tool["outputSchema"], "/outputSchema", undefined)];
}

function promptStrings(prompt: JsonRecord): EntityString[] {
  const args = Array.isArray(prompt["arguments"]) ? prompt["arguments"] : [];
  const argumentStrings = args.flatMap((argument, index) => {
    if (!isRecord(argument)) return [];
    const parameter = text(argument["name"]);
    const at = `/arguments/${index}`;
    return [
      ...field(argument, "name", "parameter-name", at),
      ...field(argument, "title", "parameter-description", at),
      ...field(argument, "description", "parameter-description", at),
    ].map((string) => ({ ...string, parameter }));
  });
  return [...commonStrings(prompt), ...argumentStrings];
}

/**
 * A skill's model-facing text (SEP-2640): its name and description, every string of its
 * `SKILL.md` frontmatter, the `SKILL.md` body when it was captured (what a host loads into the
 * model's context, read as instructions), and its file paths (names the model reads).
 */
function skillStrings(skill: JsonRecord): EntityString[] {
  const files = Array.isArray(skill["files"]) ? skill["files"] : [];
  return [
    ...field(skill, "name", "name"),
    ...field(skill, "description", "description"),
    ...valueStrings(skill["frontmatter"], "/frontmatter", "description", undefined),
    ...field(skill, "body", "instructions"),
    ...files.flatMap((file, index) => (isRecord(file) ? field(file, "path", "name", `/files/${index}`) : [])),
  ];
}

/** String values of `annotations` (its `title`, and whatever else a server puts there). */
function annotationStrings(entity: JsonRecord): EntityString[] {
  const annotations = entity["annotations"];
  if (!isRecord(annotations)) return [];
  return Object.keys(annotations).flatMap((key) => valueStrings(annotations[key], `/annotations/${pointerToken(key)}`, "annotation", undefined));
}

/** The keywords a model reads as words about a schema. */
const WORD_KEYWORDS = ["title", "description"] as const;
/** Schema keywords whose value is one subschema, or an array / map of them. */
const SUBSCHEMA_KEYWORDS = ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "additionalItems"] as const;
const SUBSCHEMA_ARRAY_KEYWORDS = ["anyOf", "oneOf", "allOf", "prefixItems", "items"] as const;
const SUBSCHEMA_MAP_KEYWORDS = ["$defs", "definitions", "patternProperties", "dependentSchemas"] as const;
/** Keywords whose values a model reads as text: full-schema poisoning hides in them too. */
const VALUE_KEYWORDS = ["enum", "const", "default", "examples", "example"] as const;

/**
 * Every title, description, property name and enum / const / default / example string of a
 * schema. The walkers append to one list: a list per node, spread into its parent's, made
 * the audit's text collection a tenth of a `generate --check` at 1,000 tools. Their loops are
 * indexed: a `for…of` allocates a result per step until V8 optimizes the function, and these
 * run for every schema node of every tool.
 */
function schemaStrings(schema: Json | undefined, pointer: string, parameter: string | undefined): EntityString[] {
  const out: EntityString[] = [];
  addSchemaStrings(out, schema, pointer, parameter, 0);
  return out;
}

function addSchemaStrings(out: EntityString[], schema: Json | undefined, pointer: string, parameter: string | undefined, depth: number): void {
  if (!isRecord(schema) || depth > 64) return;
  for (let index = 0; index < WORD_KEYWORDS.length; index++) {
    const key = WORD_KEYWORDS[index]!;
    const value = schema[key];
    if (typeof value === "string") out.push(entityString(`${pointer}/${key}`, "parameter-description", value, parameter));
  }
  for (let index = 0; index < VALUE_KEYWORDS.length; index++) {
    const key = VALUE_KEYWORDS[index]!;
    if (schema[key] !== undefined) addValueStrings(out, schema[key], `${pointer}/${key}`, "parameter-value", parameter, 0);
  }
  const properties = schema["properties"];
  if (isRecord(properties)) {
    const names = Object.keys(properties);
    for (let index = 0; index < names.length; index++) {
      const name = names[index]!;
      const at = `${pointer}/properties/${pointerToken(name)}`;
      out.push(entityString(at, "parameter-name", name, name));
      addSchemaStrings(out, properties[name], at, name, depth + 1);
    }
  }
  for (let index = 0; index < SUBSCHEMA_KEYWORDS.length; index++) {
    const key = SUBSCHEMA_KEYWORDS[index]!;
    if (isRecord(schema[key])) addSchemaStrings(out, schema[key], `${pointer}/${key}`, parameter, depth + 1);
  }
  for (let index = 0; index < SUBSCHEMA_ARRAY_KEYWORDS.length; index++) {
    const key = SUBSCHEMA_ARRAY_KEYWORDS[index]!;
    const list = schema[key];
    if (Array.isArray(list)) for (let at = 0; at < list.length; at++) addSchemaStrings(out, list[at], `${pointer}/${key}/${at}`, parameter, depth + 1);
  }
  for (let index = 0; index < SUBSCHEMA_MAP_KEYWORDS.length; index++) {
    const key = SUBSCHEMA_MAP_KEYWORDS[index]!;
    const map = schema[key];
    if (!isRecord(map)) continue;
    const names = Object.keys(map);
    for (let at = 0; at < names.length; at++) addSchemaStrings(out, map[names[at]!], `${pointer}/${key}/${pointerToken(names[at]!)}`, parameter, depth + 1);
  }
}

/** Every string inside a JSON value (an enum's members, an example object's fields). */
function valueStrings(value: Json | undefined, pointer: string, role: TextRole, parameter: string | undefined): EntityString[] {
  const out: EntityString[] = [];
  addValueStrings(out, value, pointer, role, parameter, 0);
  return out;
}

function addValueStrings(out: EntityString[], value: Json | undefined, pointer: string, role: TextRole, parameter: string | undefined, depth: number): void {
  if (typeof value === "string") {
    out.push(entityString(pointer, role, value, parameter));
    return;
  }
  if (depth > 16 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) value.forEach((item, index) => addValueStrings(out, item, `${pointer}/${index}`, role, parameter, depth + 1));
  else for (const key of Object.keys(value)) addValueStrings(out, (value as JsonRecord)[key], `${pointer}/${pointerToken(key)}`, role, parameter, depth + 1);
}

function entityString(pointer: string, role: TextRole, text: string, parameter: string | undefined): EntityString {
  return parameter === undefined ? { pointer, role, text } : { pointer, role, text, parameter };
}

function field(entity: JsonRecord, key: string, role: TextRole, at = ""): EntityString[] {
  const value = entity[key];
  return typeof value === "string" ? [{ pointer: `${at}/${key}`, role, text: value }] : [];
}

function text(value: Json | undefined): string {
  return typeof value === "string" ? value : "";
}

function isRecord(value: unknown): value is JsonRecord {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

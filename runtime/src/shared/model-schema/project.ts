/**
 * A tool's input schema as a model provider accepts it (rules.ts), for `modelSchema:
 * "openai-strict" | "gemini"`. The projection never accepts less than the model may need and,
 * when it reports no problem, nothing the exact schema rejects once mapped back (map-back.ts):
 * OpenAI strict makes every property required, an optional one nullable (its null is removed
 * again before the call), closes every object and keeps `$defs`; Gemini inlines every `$ref`
 * (a recursion cut after a few levels where the property is optional), spells null as a type
 * union, keeps string enums only and leaves objects open (extra keys of a closed object are
 * removed again). What cannot be expressed is dropped and reported with its JSON pointer; the
 * exact Zod schema still validates every call.
 */
import type { JsonObject } from "../snapshot.js";
import { ANNOTATIONS, INLINE_RECURSION_LIMIT, PROVIDER_RULES, type ModelSchemaMode, type ProjectedMode, type ProviderRules } from "./rules.js";
import { pointerToken } from "../json-pointer.js";
import { admitsNull, isObject, resolveRef } from "./schema-walk.js";

export type { ModelSchemaMode } from "./rules.js";

export interface ProjectionProblem {
  /** JSON pointer into the exact schema. */
  readonly pointer: string;
  readonly message: string;
}

export interface Projection {
  readonly schema: JsonObject;
  /** Empty when the projection is faithful: every value it accepts maps back to a valid one. */
  readonly problems: readonly ProjectionProblem[];
}

/** Keywords the walk handles itself (everything else goes by the rules' keyword list). */
const STRUCTURAL = new Set(["type", "properties", "required", "additionalProperties", "items", "anyOf", "oneOf", "allOf", "enum", "const", "$ref", "$defs", "definitions", "nullable"]);

/** Beyond any provider's nesting limit: a schema this deep is reported, not walked further. */
const HARD_DEPTH = 64;

const cache = new WeakMap<JsonObject, Map<ModelSchemaMode, Projection>>();

export function projectSchema(schema: JsonObject, mode: ModelSchemaMode): Projection {
  if (mode === "exact") return { schema, problems: [] };
  let byMode = cache.get(schema);
  if (!byMode) cache.set(schema, (byMode = new Map()));
  let projection = byMode.get(mode);
  if (!projection) byMode.set(mode, (projection = new Projector(schema, mode).run()));
  return projection;
}

class Projector {
  readonly #rules: ProviderRules;
  readonly problems: ProjectionProblem[] = [];
  readonly #defs = new Map<string, JsonObject>();
  readonly #defNames = new Map<string, string>();
  #properties = 0;
  #enumValues = 0;

  constructor(
    readonly root: JsonObject,
    readonly mode: ProjectedMode,
  ) {
    this.#rules = PROVIDER_RULES[mode];
  }

  run(): Projection {
    // Nothing expressible (reported): an empty object, as the provider takes it.
    const empty: JsonObject = this.#rules.strictObjects ? { type: "object", properties: {}, required: [], additionalProperties: false } : { type: "object", properties: {} };
    const projected = this.node(this.root, "", 0, []) ?? empty;
    if (projected["type"] !== "object") {
      this.problem("", "the root must be an object schema");
    }
    const schema: JsonObject = this.#defs.size > 0 ? { ...projected, $defs: Object.fromEntries(this.#defs) } : projected;
    if (this.#properties > this.#rules.maxProperties) this.problem("", `${this.#properties} properties: more than ${this.#rules.maxProperties}`);
    if (this.#enumValues > this.#rules.maxEnumValues) this.problem("", `${this.#enumValues} enum values: more than ${this.#rules.maxEnumValues}`);
    return { schema, problems: this.problems };
  }

  problem(pointer: string, message: string): void {
    this.problems.push({ pointer, message });
  }

  /** The projection of `schema` at `pointer`, or undefined when it cannot be expressed at all (a recursion cut). */
  node(schema: unknown, pointer: string, depth: number, refs: readonly string[]): JsonObject | undefined {
    if (schema === true || (isObject(schema) && Object.keys(schema).every((key) => ANNOTATIONS.has(key) || key === "description"))) {
      this.problem(pointer, "any value: the provider needs a type");
      return isObject(schema) && typeof schema["description"] === "string" ? { type: "string", description: schema["description"] } : { type: "string" };
    }
    if (schema === false || !isObject(schema)) {
      this.problem(pointer, "a schema no value matches");
      return undefined;
    }
    // A hard stop for schemas that loop through allOf / $ref without nesting.
    if (depth + refs.length > HARD_DEPTH) {
      this.problem(pointer, "nested too deeply to project");
      return undefined;
    }
    if (typeof schema["$ref"] === "string") return this.ref(schema, pointer, depth, refs);
    if (depth > this.#rules.maxDepth) {
      // Cut here: the model cannot be given more (an optional property is left out, a required one fails its object).
      this.problem(pointer, `nested deeper than ${this.#rules.maxDepth} levels: cut`);
      return undefined;
    }
    const out: JsonObject = {};
    this.keywords(schema, pointer, out);
    if (Array.isArray(schema["allOf"])) return this.allOf(schema, pointer, depth, refs, out);
    for (const keyword of ["anyOf", "oneOf"] as const) {
      const branches = schema[keyword];
      if (!Array.isArray(branches)) continue;
      if (keyword === "oneOf") this.problem(`${pointer}/oneOf`, "oneOf becomes anyOf (a value matching two branches is accepted)");
      const projected = branches.flatMap((branch, index) => this.node(branch, `${pointer}/${keyword}/${index}`, depth, refs) ?? []);
      const rest: JsonObject = { ...schema };
      delete rest[keyword];
      const siblings = Object.keys(rest).some((key) => STRUCTURAL.has(key) && key !== "nullable");
      if (siblings) {
        // `{ type: "object", properties, anyOf }`: the siblings apply to every branch; a branch's own keys win.
        if (Object.keys(rest).some((key) => STRUCTURAL.has(key) && key !== "type" && key !== "nullable")) this.problem(`${pointer}/${keyword}`, `${keyword} beside other keywords: each branch replaces them`);
        const base = this.typed(rest, pointer, depth, refs, {});
        return { ...out, anyOf: projected.map((branch) => ({ ...(base ?? {}), ...(branch as JsonObject) })) };
      }
      return this.nullable(schema, { ...out, anyOf: projected });
    }
    return this.typed(schema, pointer, depth, refs, out);
  }

  /** Kept keywords, dropped annotations, reported losses. */
  keywords(schema: JsonObject, pointer: string, out: JsonObject): void {
    for (const [key, value] of Object.entries(schema)) {
      if (STRUCTURAL.has(key) || ANNOTATIONS.has(key)) continue;
      if (key === "format") {
        const formats = this.#rules.formats;
        if (formats === "any" || formats.has(String(value))) out[key] = value;
        else this.problem(`${pointer}/format`, `format "${String(value)}" is not supported: dropped`);
        continue;
      }
      if (this.#rules.keywords.has(key)) {
        if (key === "const" && this.#rules.stringEnumsOnly) continue;
        out[key] = value;
      } else this.problem(`${pointer}/${pointerToken(key)}`, `${key} is not supported: dropped`);
    }
  }

  ref(schema: JsonObject, pointer: string, depth: number, refs: readonly string[]): JsonObject | undefined {
    const ref = schema["$ref"] as string;
    const target = resolveRef(this.root, ref);
    if (target === undefined) {
      this.problem(`${pointer}/$ref`, `unresolvable $ref ${ref}`);
      return undefined;
    }
    const siblings = Object.keys(schema).filter((key) => key !== "$ref" && !ANNOTATIONS.has(key) && key !== "description");
    if (siblings.length > 0) this.problem(pointer, `keywords beside $ref (${siblings.join(", ")}) are dropped`);
    const description = typeof schema["description"] === "string" ? { description: schema["description"] } : {};
    const seen = refs.filter((entry) => entry === ref).length;
    if (this.#rules.refs && seen > 0) {
      // A recursion: one definition, referred to.
      const name = this.#defName(ref);
      if (!this.#defs.has(name)) {
        this.#defs.set(name, {});
        this.#defs.set(name, this.node(target, ref.slice(1), depth + 1, [...refs, ref]) ?? {});
      }
      return { $ref: `#/$defs/${name}`, ...description };
    }
    if (seen >= INLINE_RECURSION_LIMIT) return undefined;
    const inlined = this.node(target, pointer, depth, [...refs, ref]);
    return inlined && { ...inlined, ...description };
  }

  #defName(ref: string): string {
    let name = this.#defNames.get(ref);
    if (name === undefined) {
      const base = ref.split("/").pop()?.replace(/[^A-Za-z0-9_-]/g, "_") || "def";
      name = base;
      for (let n = 2; [...this.#defNames.values()].includes(name); n++) name = `${base}_${n}`;
      this.#defNames.set(ref, name);
    }
    return name;
  }

  /** `allOf` of object schemas merged into one; anything else is reported and only its first branch kept. */
  allOf(schema: JsonObject, pointer: string, depth: number, refs: readonly string[], out: JsonObject): JsonObject | undefined {
    const branches = (schema["allOf"] as unknown[]).map((branch) => (isObject(branch) && typeof branch["$ref"] === "string" ? resolveRef(this.root, branch["$ref"]) : branch));
    const { allOf: _allOf, ...rest } = schema;
    const parts = [rest, ...branches];
    const objects = parts.every((part) => isObject(part) && Object.keys(part).every((key) => ["type", "properties", "required", "additionalProperties", "description"].includes(key) || ANNOTATIONS.has(key)) && (part["type"] === undefined || part["type"] === "object"));
    const names = parts.flatMap((part) => (isObject(part) && isObject(part["properties"]) ? Object.keys(part["properties"]) : []));
    if (!objects || new Set(names).size !== names.length || parts.some((part) => isObject(part) && part["additionalProperties"] === false)) {
      this.problem(`${pointer}/allOf`, "allOf cannot be expressed: only its first branch is kept");
      return this.node({ ...rest, ...(isObject(branches[0]) ? branches[0] : {}) }, pointer, depth + 1, refs);
    }
    const merged: JsonObject = {
      ...out,
      type: "object",
      properties: Object.fromEntries(parts.flatMap((part) => (isObject(part) && isObject(part["properties"]) ? Object.entries(part["properties"]) : []))),
      required: parts.flatMap((part) => (isObject(part) && Array.isArray(part["required"]) ? part["required"] : [])),
    };
    return this.typed(merged, pointer, depth, refs, {});
  }

  /** A schema with `type` (or none), `properties`, `items`, `enum` / `const`. */
  typed(schema: JsonObject, pointer: string, depth: number, refs: readonly string[], out: JsonObject): JsonObject | undefined {
    const declared = schema["type"];
    const types = (Array.isArray(declared) ? declared : declared === undefined ? inferTypes(schema) : [declared]).map(String);
    const nonNull = types.filter((type) => type !== "null");
    const nullable = types.includes("null") || schema["nullable"] === true;
    if (Array.isArray(schema["enum"]) || "const" in schema) return this.enumeration(schema, pointer, out, nullable);
    if (nonNull.length === 0) return nullable ? { ...out, type: "null" } : this.node(true, pointer, depth, refs);
    const variants = nonNull.map((type) => this.ofType(type, schema, pointer, depth, refs, out));
    const present = variants.filter((variant): variant is JsonObject => variant !== undefined);
    if (present.length === 0) return undefined;
    const single = present.length === 1 ? present[0]! : { anyOf: present };
    return nullable ? this.withNull(single) : single;
  }

  ofType(type: string, schema: JsonObject, pointer: string, depth: number, refs: readonly string[], out: JsonObject): JsonObject | undefined {
    if (type === "object") return this.object(schema, pointer, depth, refs, out);
    if (type === "array") return this.array(schema, pointer, depth, refs, out);
    const kept = Object.fromEntries(Object.entries(out).filter(([key]) => keywordApplies(key, type)));
    return { type, ...kept };
  }

  object(schema: JsonObject, pointer: string, depth: number, refs: readonly string[], out: JsonObject): JsonObject | undefined {
    const properties = isObject(schema["properties"]) ? schema["properties"] : {};
    const required = new Set(Array.isArray(schema["required"]) ? schema["required"].map(String) : []);
    const extra = schema["additionalProperties"];
    const projected: Record<string, JsonObject> = {};
    const keep: string[] = [];
    for (const [key, value] of Object.entries(properties)) {
      this.#properties++;
      const at = `${pointer}/properties/${pointerToken(key)}`;
      const property = this.node(value, at, depth + 1, refs);
      if (property === undefined) {
        if (required.has(key)) {
          this.problem(at, "a required property that cannot be expressed");
          return undefined;
        }
        continue; // an optional property cut (recursion): the model cannot send it
      }
      // defineProperty: a `__proto__` property stays an own key, as JSON.parse makes it.
      const own = this.#rules.strictObjects && !required.has(key) && !admitsNull(this.root, value) ? this.withNull(property) : property;
      Object.defineProperty(projected, key, { value: own, enumerable: true, writable: true, configurable: true });
      keep.push(key);
    }
    for (const key of required) if (!Object.hasOwn(properties, key)) this.problem(`${pointer}/required`, `required property "${key}" has no schema`);
    if (isObject(extra) || schema["patternProperties"] !== undefined) {
      this.problem(isObject(extra) ? `${pointer}/additionalProperties` : `${pointer}/patternProperties`, "an object with typed extra keys (a map) cannot be expressed: only its declared properties remain");
    }
    const kept = Object.fromEntries(Object.entries(out).filter(([key]) => keywordApplies(key, "object")));
    if (this.#rules.strictObjects) return { type: "object", ...kept, properties: projected, required: keep, additionalProperties: false };
    const stillRequired = keep.filter((key) => required.has(key));
    return { type: "object", ...kept, properties: projected, ...(stillRequired.length > 0 ? { required: stillRequired } : {}) };
  }

  array(schema: JsonObject, pointer: string, depth: number, refs: readonly string[], out: JsonObject): JsonObject | undefined {
    const kept = Object.fromEntries(Object.entries(out).filter(([key]) => keywordApplies(key, "array")));
    const items = schema["items"];
    if (Array.isArray(items) || schema["prefixItems"] !== undefined) {
      this.problem(`${pointer}/${Array.isArray(items) ? "items" : "prefixItems"}`, "tuples cannot be expressed");
      return { type: "array", ...kept, items: { type: "string" } };
    }
    if (items === undefined) {
      this.problem(pointer, "an array without item schema: the provider needs one");
      return { type: "array", ...kept, items: { type: "string" } };
    }
    const projected = this.node(items, `${pointer}/items`, depth + 1, refs);
    if (projected === undefined) return { type: "array", ...kept, maxItems: 0, items: { type: "string" } };
    return { type: "array", ...kept, items: projected };
  }

  enumeration(schema: JsonObject, pointer: string, out: JsonObject, nullable: boolean): JsonObject | undefined {
    const values = "const" in schema ? [schema["const"]] : (schema["enum"] as unknown[]);
    this.#enumValues += values.length;
    const nonNull = values.filter((value) => value !== null);
    const hasNull = nullable && values.includes(null);
    const kept = Object.fromEntries(Object.entries(out).filter(([key]) => key === "description"));
    if (this.#rules.stringEnumsOnly) {
      if (!nonNull.every((value) => typeof value === "string")) {
        this.problem(`${pointer}/${"const" in schema ? "const" : "enum"}`, "only string enums are supported");
        return undefined;
      }
      const strings: JsonObject = nonNull.length === 0 ? { type: "null" } : { type: "string", format: "enum", enum: nonNull as string[], ...kept };
      return hasNull && nonNull.length > 0 ? this.withNull(strings) : strings;
    }
    const types = [...new Set(values.map(jsonType))];
    return { type: types.length === 1 ? types[0]! : types, enum: values as JsonObject[], ...kept };
  }

  nullable(schema: JsonObject, projected: JsonObject): JsonObject {
    return schema["nullable"] === true ? this.withNull(projected) : projected;
  }

  withNull(schema: JsonObject): JsonObject {
    const type = schema["type"];
    if (typeof type === "string" && schema["enum"] === undefined && schema["anyOf"] === undefined) {
      return type === "null" ? schema : { ...schema, type: [type, "null"] };
    }
    if (Array.isArray(schema["anyOf"]) && Object.keys(schema).length === 1) {
      return schema["anyOf"].some((branch) => isObject(branch) && branch["type"] === "null") ? schema : { anyOf: [...schema["anyOf"], { type: "null" }] };
    }
    return { anyOf: [schema, { type: "null" }] };
  }
}

function inferTypes(schema: JsonObject): string[] {
  if ("properties" in schema || "required" in schema || "additionalProperties" in schema) return ["object"];
  if ("items" in schema || "prefixItems" in schema) return ["array"];
  if (["minLength", "maxLength", "pattern", "format"].some((key) => key in schema)) return ["string"];
  if (["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"].some((key) => key in schema)) return ["number"];
  return [];
}

const BY_TYPE: Record<string, readonly string[]> = {
  string: ["minLength", "maxLength", "pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"],
  array: ["minItems", "maxItems"],
  object: ["minProperties", "maxProperties"],
};

/** Whether a kept keyword belongs on a schema of `type` (a `type` array is split into one schema per type). */
function keywordApplies(key: string, type: string): boolean {
  if (key === "description") return true;
  const owners = Object.entries(BY_TYPE).filter(([, keys]) => keys.includes(key)).map(([owner]) => owner);
  return owners.length === 0 || owners.includes(type);
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "number" : "number";
  return typeof value;
}

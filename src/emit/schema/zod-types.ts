/**
 * Zod expressions for the keywords of each JSON type (string, number, object, array). Native Zod
 * checks are used where their meaning is exactly JSON Schema's (LangChain turns them back into
 * JSON Schema for the model); refinements where it differs (string length counts code points,
 * multipleOf follows Ajv's division test).
 */
import type { Json, JsonObject } from "@mcp-codegen/runtime/internal";
import { EXACT_FORMATS } from "./formats.js";
import { jsonLiteral as literal } from "../text.js";
import { childPointer, holdsAnyKey, isJsonObject, PROTOTYPE_NAMES } from "./pointer.js";
import type { JsonType } from "./zod-keywords.js";

/** What the type builders need from the emitter. */
export interface Emit {
  schema(node: Json, pointer: string, inherited?: readonly JsonType[]): string;
  /** The same, and whether it is exact (the emitter gave no new warning). */
  exactSchema(node: Json, pointer: string, inherited?: readonly JsonType[]): { expression: string; exact: boolean };
  hoist(expression: string, prefix?: string): string;
  warn(pointer: string, message: string): void;
  /** The object being built will be a side of `z.intersection` (see ZodEmitter.intersecting). */
  readonly intersecting?: boolean;
}

function count(node: JsonObject, keyword: string, pointer: string, emit: Emit): number | undefined {
  const value = node[keyword];
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
  emit.warn(childPointer(pointer, keyword), `${keyword} is not a non-negative integer; ignored`);
  return undefined;
}

function finite(node: JsonObject, keyword: string, pointer: string, emit: Emit): number | undefined {
  const value = node[keyword];
  if (value === undefined || typeof value === "boolean") return undefined;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  emit.warn(childPointer(pointer, keyword), `${keyword} is not a number; ignored`);
  return undefined;
}

export function stringExpression(emit: Emit, node: JsonObject, pointer: string): string {
  let out = "z.string()";
  const min = count(node, "minLength", pointer, emit);
  const max = count(node, "maxLength", pointer, emit);
  // JSON Schema counts code points, `.min()`/`.max()` count UTF-16 units: `.min()` is only a lower
  // bound of the truth, so the exact test is a refinement.
  if (min !== undefined && min > 0) out += `.min(${min})`;
  if (min !== undefined && min > 1) out += `.refine((v) => [...v].length >= ${min}, { message: "must have at least ${min} characters" })`;
  if (max !== undefined) out += `.refine((v) => [...v].length <= ${max}, { message: "must have at most ${max} characters" })`;
  if (node.pattern !== undefined) out += patternCheck(emit, node.pattern, childPointer(pointer, "pattern"));
  if (node.format !== undefined) out += formatCheck(emit, node.format, childPointer(pointer, "format"));
  return out;
}

/** A compiled-on-load `RegExp` with Ajv's `u` flag; an invalid pattern is left unchecked. */
export function regexLiteral(source: string, flags: string): string {
  return `new RegExp(${literal(source)}, ${literal(flags)})`;
}

export function compiles(source: string, flags: string): boolean {
  try {
    new RegExp(source, flags);
    return true;
  } catch {
    return false;
  }
}

function patternCheck(emit: Emit, pattern: Json, pointer: string): string {
  if (typeof pattern !== "string" || !compiles(pattern, "u")) {
    emit.warn(pointer, "pattern is not a valid JavaScript regular expression (with the u flag); not checked");
    return "";
  }
  return `.regex(${regexLiteral(pattern, "u")})`;
}

function formatCheck(emit: Emit, format: Json, pointer: string): string {
  const exact = typeof format === "string" ? EXACT_FORMATS[format] : undefined;
  if (exact === undefined) {
    emit.warn(pointer, `format ${JSON.stringify(format)} is not checked`);
    return "";
  }
  return `.regex(${regexLiteral(exact.source, exact.flags)})`;
}

/**
 * Any integer, as Ajv has it: `z.int()` stops at ±2^53−1, so it is used only where the bounds
 * stay inside that range; otherwise a refinement, still `"type": "integer"` in `z.toJSONSchema`.
 */
function integerBase(lower: number | undefined, upper: number | undefined): string {
  const safe = lower !== undefined && upper !== undefined && lower >= Number.MIN_SAFE_INTEGER && upper <= Number.MAX_SAFE_INTEGER;
  return safe ? "z.int()" : 'z.number().refine(Number.isInteger, { message: "must be an integer" }).meta({ type: "integer" })';
}

export function numberExpression(emit: Emit, node: JsonObject, pointer: string, integer: boolean): string {
  const minimum = finite(node, "minimum", pointer, emit);
  const maximum = finite(node, "maximum", pointer, emit);
  const exclusiveMinimum = finite(node, "exclusiveMinimum", pointer, emit);
  const exclusiveMaximum = finite(node, "exclusiveMaximum", pointer, emit);
  const lower = minimum ?? exclusiveMinimum;
  const upper = maximum ?? exclusiveMaximum;
  let out = integer ? integerBase(lower, upper) : "z.number()";
  // Draft 4 spelled exclusivity as a boolean next to minimum/maximum.
  if (minimum !== undefined) out += node.exclusiveMinimum === true ? `.gt(${minimum})` : `.gte(${minimum})`;
  if (maximum !== undefined) out += node.exclusiveMaximum === true ? `.lt(${maximum})` : `.lte(${maximum})`;
  if (exclusiveMinimum !== undefined) out += `.gt(${exclusiveMinimum})`;
  if (exclusiveMaximum !== undefined) out += `.lt(${exclusiveMaximum})`;
  const multipleOf = finite(node, "multipleOf", pointer, emit);
  if (multipleOf !== undefined && multipleOf > 0) {
    // Ajv's test: the quotient is an integer. Zod's own check allows the quotient a tolerance of
    // 4ε·quotient, so it passes large non-multiples (2^53 for 3); integer steps keep it too, for the
    // JSON Schema the model is shown.
    const ajvTest = `.refine((v) => { const q = v / ${multipleOf}; return q === parseInt(String(q)); }, { message: "must be a multiple of ${multipleOf}" })`;
    out += Number.isInteger(multipleOf) ? `.multipleOf(${multipleOf})${ajvTest}` : ajvTest;
  }
  return out;
}

export function objectExpression(emit: Emit, node: JsonObject, pointer: string): string {
  const properties = isJsonObject(node.properties) ? node.properties : {};
  const required = Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === "string") : [];
  const additional = node.additionalProperties;
  const patterns = isJsonObject(node.patternProperties) ? node.patternProperties : undefined;
  const members: (readonly [string, string])[] = [];
  for (const [key, sub] of Object.entries(properties)) {
    const value = emit.schema(sub, childPointer(pointer, "properties", key));
    members.push([propertyKey(key), required.includes(key) ? value : `${value}.optional()`]);
  }
  const shape = `{ ${members.map(([key, value]) => `${key}: ${value}`).join(", ")} }`;
  let out: string;
  let catchall: string | undefined;
  if (patterns !== undefined) out = onTheInput(emit, `z.looseObject(${shape})`, patternCheck2(emit, node, pointer, properties, patterns));
  else if (additional === false) out = `z.strictObject(${shape})`;
  else if (additional === undefined || additional === true) out = `z.looseObject(${shape})`;
  else out = `z.object(${shape}).catchall(${(catchall = emit.hoist(emit.schema(additional, childPointer(pointer, "additionalProperties"))))})`;
  const closed = additional === false && patterns === undefined && emit.intersecting === true ? closedKeysCheck(emit, properties) : "";
  const keyChecks = presenceCheck(properties, required) + objectCountChecks(emit, node, pointer) + extraProtoCheck(catchall, properties) + closed;
  const checked = keyChecks === "" ? out : onTheInput(emit, out, keyChecks);
  return ownKeysOnly(emit, checked, properties, required, pointer);
}

/** How the input checks below recognise the value they apply to, and its type there. */
const INPUT_KINDS = {
  object: { test: `v !== null && typeof v === "object" && !Array.isArray(v)`, type: "Record<string, unknown>" },
  array: { test: "Array.isArray(v)", type: "unknown[]" },
} as const;

/**
 * Checks run on the input as it came, not on Zod's output: Zod leaves an own `__proto__` key out
 * of what it returns (and out of a catchall's checks), yet JSON Schema counts and checks it like
 * any other key. For an object, the checks of its keys (counts, names, presence, dependencies,
 * patterns); for an array, `uniqueItems` and `contains`, which judge its items (`{"__proto__": 0}`
 * would equal `{}`). The refinements run on the value itself (`z.custom` does not copy it); their
 * issues are the node's, and `schema` then parses the same value.
 */
function onTheInput(emit: Emit, schema: string, refinements: string, kind: keyof typeof INPUT_KINDS = "object"): string {
  const { test, type } = INPUT_KINDS[kind];
  const checks = emit.hoist(`z.custom<${type}>((v) => ${test})${refinements}`, "k");
  return `z.preprocess((v, ctx) => { if (${test}) { const r = ${checks}.safeParse(v); if (!r.success) for (const issue of r.error.issues) ctx.addIssue(issue as never); } return v; }, ${schema})`;
}

/**
 * An undeclared `__proto__` key under an `additionalProperties` schema (the catchall): Zod's
 * catchall skips that key, so it is checked here. With patternProperties there is no catchall:
 * the pattern check covers every key.
 */
function extraProtoCheck(catchall: string | undefined, properties: JsonObject): string {
  if (catchall === undefined || Object.prototype.hasOwnProperty.call(properties, "__proto__")) return "";
  return `.refine((v) => !Object.prototype.hasOwnProperty.call(v, "__proto__") || ${catchall}.safeParse(v["__proto__"]).success, { message: "a property does not match additionalProperties" })`;
}

/**
 * `additionalProperties: false` as a refinement, for an object that will be intersected: Zod's
 * intersection keeps a strict object's "unrecognized key" issue only when the other side raises
 * it too.
 */
function closedKeysCheck(emit: Emit, properties: JsonObject): string {
  const known = emit.hoist(`new Set<string>(${literal(Object.keys(properties))})`, "p");
  return `.refine((v) => Object.keys(v).every((k) => ${known}.has(k)), { message: "a property is not allowed (additionalProperties: false)" })`;
}

/**
 * Zod reads a property as `input[key]`, through the prototype: an absent optional `constructor`
 * or `toString` is found (a function) and fails its schema. The object is checked as a copy
 * without a prototype. Zod also skips a `__proto__` key altogether (its guard against prototype
 * pollution): that property is checked here, before the copy goes on.
 */
function ownKeysOnly(emit: Emit, expression: string, properties: JsonObject, required: readonly string[], pointer: string): string {
  if (!holdsAnyKey(properties, PROTOTYPE_NAMES) && !required.some((key) => PROTOTYPE_NAMES.has(key))) return expression;
  const has = "Object.prototype.hasOwnProperty.call";
  const proto = properties["__proto__"];
  const protoCheck =
    proto === undefined
      ? required.includes("__proto__")
        ? `if (!${has}(v, "__proto__")) ctx.addIssue({ code: "custom", message: "a required property is missing", path: ["__proto__"], input: v });`
        : ""
      : `if (${has}(v, "__proto__")) { const r = (${emit.schema(proto, childPointer(pointer, "properties", "__proto__"))}).safeParse((v as Record<string, unknown>)["__proto__"]); if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: ["__proto__", ...issue.path] } as never); }` +
        (required.includes("__proto__") ? ` else ctx.addIssue({ code: "custom", message: "a required property is missing", path: ["__proto__"], input: v });` : "");
  return `z.preprocess((v, ctx) => { if (v === null || typeof v !== "object" || Array.isArray(v)) return v; ${protoCheck} return Object.assign(Object.create(null), v); }, ${expression})`;
}

/**
 * Required keys without a property schema: a presence test, not a shape entry, so the inferred
 * type stays `{ [k: string]: unknown }` as in the TS type (their values are checked by whatever
 * governs extra keys: catchall, strictness or patternProperties).
 */
function presenceCheck(properties: JsonObject, required: string[]): string {
  const missing = [...new Set(required)].filter((key) => !Object.prototype.hasOwnProperty.call(properties, key));
  if (missing.length === 0) return "";
  return `.refine((v) => ${literal(missing)}.every((k) => Object.prototype.hasOwnProperty.call(v, k)), { message: "a required property is missing" })`;
}

/**
 * A key as prettier prints it: bare when it is an identifier, quoted otherwise. `__proto__` as a
 * plain key would set the prototype of the shape; computed, it is an own key.
 */
function propertyKey(key: string): string {
  if (key === "__proto__") return `[${literal(key)}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : literal(key);
}

/**
 * patternProperties (with additionalProperties) checked exactly by a refinement: each key must
 * satisfy every matching pattern's schema (listed in `properties` or not), and a key neither
 * listed nor matched must satisfy additionalProperties.
 */
function patternCheck2(emit: Emit, node: JsonObject, pointer: string, properties: JsonObject, patterns: JsonObject): string {
  const rules: string[] = [];
  let allCompile = true;
  for (const [source, sub] of Object.entries(patterns)) {
    const subPointer = childPointer(pointer, "patternProperties", source);
    if (!compiles(source, "u")) {
      emit.warn(subPointer, "pattern is not a valid JavaScript regular expression (with the u flag); not checked");
      allCompile = false;
      continue;
    }
    rules.push(`[${regexLiteral(source, "u")}, ${emit.schema(sub, subPointer)}]`);
  }
  const additional = node.additionalProperties;
  let fallback = "true";
  if (additional !== undefined && additional !== true) {
    if (allCompile) fallback = `${emit.hoist(emit.schema(additional, childPointer(pointer, "additionalProperties")))}.safeParse(x).success`;
    else emit.warn(childPointer(pointer, "additionalProperties"), "not checked (a patternProperties pattern is invalid)");
  }
  const known = emit.hoist(`new Set<string>(${literal(Object.keys(properties))})`, "p");
  const table = emit.hoist(`[${rules.join(", ")}] as [RegExp, z.ZodType][]`, "p");
  // A key listed in `properties` must also satisfy every pattern it matches; additionalProperties is for the others.
  return `.refine((v) => Object.entries(v).every(([k, x]) => { const hits = ${table}.filter(([re]) => re.test(k)); return hits.length === 0 ? ${known}.has(k) || ${fallback} : hits.every(([, s]) => s.safeParse(x).success); }), { message: "a property does not match patternProperties/additionalProperties" })`;
}

function objectCountChecks(emit: Emit, node: JsonObject, pointer: string): string {
  let out = "";
  const min = count(node, "minProperties", pointer, emit);
  const max = count(node, "maxProperties", pointer, emit);
  if (min !== undefined) out += `.refine((v) => Object.keys(v).length >= ${min}, { message: "must have at least ${min} properties" })`;
  if (max !== undefined) out += `.refine((v) => Object.keys(v).length <= ${max}, { message: "must have at most ${max} properties" })`;
  if (node.propertyNames !== undefined) {
    const names = emit.hoist(emit.schema(node.propertyNames, childPointer(pointer, "propertyNames"), ["string"]));
    out += `.refine((v) => Object.keys(v).every((k) => ${names}.safeParse(k).success), { message: "a property name does not match propertyNames" })`;
  }
  out += dependencyChecks(emit, node, pointer);
  return out;
}

/** dependentRequired, dependentSchemas and draft-07 dependencies (both forms). */
function dependencyChecks(emit: Emit, node: JsonObject, pointer: string): string {
  const requiredPairs: [string, string[]][] = [];
  const schemaPairs: [string, string][] = [];
  for (const keyword of ["dependencies", "dependentRequired", "dependentSchemas"]) {
    const map = node[keyword];
    if (map === undefined) continue;
    if (!isJsonObject(map)) {
      emit.warn(childPointer(pointer, keyword), `${keyword} is not an object; ignored`);
      continue;
    }
    for (const [key, value] of Object.entries(map)) {
      if (Array.isArray(value) && keyword !== "dependentSchemas") {
        requiredPairs.push([key, value.filter((v): v is string => typeof v === "string")]);
      } else if (keyword !== "dependentRequired") {
        schemaPairs.push([key, emit.schema(value, childPointer(pointer, keyword, key), ["object"])]);
      }
    }
  }
  let out = "";
  const has = "Object.prototype.hasOwnProperty.call";
  if (requiredPairs.length > 0) {
    const table = emit.hoist(`${literal(requiredPairs)} as [string, string[]][]`, "d");
    out += `.refine((v) => ${table}.every(([k, needs]) => !${has}(v, k) || needs.every((n) => ${has}(v, n))), { message: "a dependent property is missing" })`;
  }
  if (schemaPairs.length > 0) {
    const table = emit.hoist(`[${schemaPairs.map(([k, s]) => `[${literal(k)}, ${s}]`).join(", ")}] as [string, z.ZodType][]`, "d");
    out += `.refine((v) => ${table}.every(([k, s]) => !${has}(v, k) || s.safeParse(v).success), { message: "a dependent schema does not match" })`;
  }
  return out;
}

export function arrayExpression(emit: Emit, node: JsonObject, pointer: string): string {
  const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined;
  const prefixKeyword = Array.isArray(node.prefixItems) ? "prefixItems" : "items";
  const restKeyword = Array.isArray(node.prefixItems) ? "items" : prefix !== undefined ? "additionalItems" : "items";
  const rest = node[restKeyword];
  const min = count(node, "minItems", pointer, emit);
  const max = count(node, "maxItems", pointer, emit);
  let out: string;
  if (prefix !== undefined) {
    // A tuple in JSON Schema does not require its positions: every element is optional, length is checked apart.
    const elements = prefix.map((item, index) => `${emit.schema(item, childPointer(pointer, prefixKeyword, index))}.exactOptional()`);
    const restExpression = rest === false ? undefined : rest === undefined || rest === true ? "z.unknown()" : emit.schema(rest, childPointer(pointer, restKeyword));
    out = `z.tuple([${elements.join(", ")}]${restExpression === undefined ? "" : `, ${restExpression}`})`;
    if (min !== undefined && min > 0) out += `.refine((v) => v.length >= ${min}, { message: "must have at least ${min} items" })`;
    if (max !== undefined) out += `.refine((v) => v.length <= ${max}, { message: "must have at most ${max} items" })`;
  } else {
    const items = rest === undefined || rest === true ? "z.unknown()" : emit.schema(rest, childPointer(pointer, "items"));
    out = `z.array(${items})`;
    if (min !== undefined && min > 0) out += `.min(${min})`;
    if (max !== undefined) out += `.max(${max})`;
  }
  const itemChecks = (node.uniqueItems === true ? uniqueCheck(emit) : "") + (node.contains !== undefined ? containsCheck(emit, node, pointer) : "");
  return itemChecks === "" ? out : onTheInput(emit, out, itemChecks, "array");
}

/** Deep equality as Ajv has it (object key order does not matter): compare canonical keys. */
function uniqueCheck(emit: Emit): string {
  const key = emit.hoist(
    `(value: unknown): string => { const k = (x: unknown): string => x === null || typeof x !== "object" ? JSON.stringify(x) : Array.isArray(x) ? "[" + x.map(k).join(",") + "]" : "{" + Object.keys(x).sort().map((p) => JSON.stringify(p) + ":" + k((x as Record<string, unknown>)[p])).join(",") + "}"; return k(value); }`,
    "u",
  );
  return `.refine((v) => new Set(v.map(${key})).size === v.length, { message: "items must be unique" })`;
}

function containsCheck(emit: Emit, node: JsonObject, pointer: string): string {
  const contains = emit.exactSchema(node.contains ?? true, childPointer(pointer, "contains"));
  const schema = emit.hoist(contains.expression);
  const min = count(node, "minContains", pointer, emit) ?? 1;
  let max = count(node, "maxContains", pointer, emit);
  if (max !== undefined && !contains.exact) {
    // A looser contains schema matches more items: an upper bound on them would reject valid arrays.
    emit.warn(childPointer(pointer, "maxContains"), "not checked (the contains schema is not checked exactly)");
    max = undefined;
  }
  const upper = max === undefined ? "" : ` && n <= ${max}`;
  return `.refine((v) => { const n = v.filter((x) => ${schema}.safeParse(x).success).length; return n >= ${min}${upper}; }, { message: "contains is not satisfied" })`;
}

/**
 * What the fuzzer checks of each schema:
 * - the emitted Zod schema's `safeParse` agrees with Ajv on every instance (exactly when the Zod
 *   emitter gave no warning; otherwise it may only be looser);
 * - the emitted module (TS types, `z.ZodType<T>`-annotated Zod schemas) compiles under the strict
 *   flags, and each TS type accepts, as an object literal, every instance Ajv accepts: the input
 *   type under the closed reading (objects the emitter closes get `unevaluatedProperties: false`),
 *   the output type under the schema's own reading.
 * Modules are type-checked in batches, one TypeScript program per batch.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import ts from "typescript";
import type { Json } from "../../runtime/src/shared/canonical-json.js";
import type { JsonObject } from "../../runtime/src/shared/snapshot.js";
import { emitTypeScript } from "../../src/emit/schema/typescript.js";
import { closesObject } from "../../src/emit/schema/jstt-nodes.js";
import { forEachSchema, isJsonObject } from "../../src/emit/schema/pointer.js";
import { emitZod } from "../../src/emit/schema/zod.js";
import { evaluateZod, projectRoot, SCHEMA_MODULE_OPTIONS } from "../schema/helpers.js";
import type { Draft, FuzzCase } from "./schemas.js";

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((formatsModule as unknown as { default?: AddFormats }).default ?? formatsModule) as unknown as AddFormats;

const ajvs = new Map<string, Ajv>();

/** One Ajv per draft and reading, with ajv-formats (formats asserted, as the project's conformance tests have it). */
function ajvFor(draft: Draft): Ajv {
  let ajv = ajvs.get(draft);
  if (!ajv) {
    // ownProperties: a property named `constructor` or `toString` is present only when the instance has it (by
    // default Ajv's `required`/`dependentRequired` find the inherited ones).
    const options = { strict: false, allErrors: false, validateFormats: true, ownProperties: true } as const;
    ajv = draft === "2020-12" ? (new Ajv2020(options) as Ajv) : new Ajv(options);
    addFormats(ajv);
    ajvs.set(draft, ajv);
  }
  return ajv;
}

/**
 * Names Ajv cannot take as ordinary keys, each with a stand-in of the same length that matches the
 * same vocabulary patterns and formats (none): Ajv leaves a `__proto__` key out (of `properties`,
 * and of an instance's keys: its guard against prototype pollution), and its deep equality
 * (`uniqueItems`, fast-deep-equal) calls an own `valueOf` or `toString` and compares own
 * `constructor`s by identity (`[{"valueOf":[]},{}]` threw; two `{"constructor":{}}` counted as
 * unequal). JSON Schema reads them all as ordinary keys. In the vocabulary these names occur only
 * as keys, `required` entries and the last segment of a definition's `$ref`.
 */
const AJV_STAND_INS: readonly (readonly [string, string])[] = [
  ["__proto__", "_proto___"],
  ["constructor", "constructoR"],
  ["valueOf", "valueOg"],
  ["toString", "toStrinG"],
];

/** A copy for Ajv with those names replaced, in keys, `required` and `$ref`s (`#/$defs/__proto__`). */
export function forAjv(value: Json): Json {
  let text = JSON.stringify(value);
  for (const [name, standIn] of AJV_STAND_INS) text = text.replaceAll(`"${name}"`, `"${standIn}"`).replaceAll(`/${name}"`, `/${standIn}"`);
  return JSON.parse(text) as Json;
}

/**
 * Ajv's `uniqueItems` skips the items whose type `items` does not allow (they fail `items`
 * anyway), which is wrong for the positions `prefixItems` (or a tuple `items`) governs:
 * `[false, false, "", "a1"]` under `prefixItems: [{type: "boolean"}, …], items: {type: "string"}`
 * passed with its duplicate `false`. Wrapped in `allOf`, `items` names no type Ajv reads there,
 * and means the same.
 */
function withoutAjvUniqueShortcut(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutAjvUniqueShortcut);
  if (value === null || typeof value !== "object") return value;
  const out: { [key: string]: Json } = {};
  for (const [key, member] of Object.entries(value)) Object.defineProperty(out, key, { value: withoutAjvUniqueShortcut(member), enumerable: true, writable: true, configurable: true });
  const items = out["items"];
  if (out["uniqueItems"] === true && items !== null && typeof items === "object" && !Array.isArray(items) && "type" in items) out["items"] = { allOf: [items] };
  return out;
}

export function compileAjv(c: FuzzCase, closed = false): ValidateFunction | undefined {
  const ajv = ajvFor(c.draft);
  const schema = withoutAjvUniqueShortcut(forAjv(closed ? closedReading(c) : structuredClone(c.schema))) as JsonObject;
  try {
    return ajv.compile(schema);
  } catch {
    return undefined;
  } finally {
    // Compiling registers the schema's `$id` with the shared instance: the next schema with the same
    // `$id` (tools of one server often share one) would fail to compile and go unchecked.
    ajv.removeSchema(schema);
  }
}

/**
 * The schema as a closed input type reads it: every object the TS emitter closes admits no key
 * it does not evaluate (draft 2020-12). Draft-07 has no `unevaluatedProperties`: there such an
 * object admits no key beyond its own `properties`, a stricter reading (fewer instances to check,
 * never a false failure).
 */
export function closedReading(c: FuzzCase): JsonObject {
  const copy = structuredClone(c.schema);
  const keyword = c.draft === "2020-12" ? "unevaluatedProperties" : "additionalProperties";
  forEachSchema(copy, "", (node) => {
    if (isJsonObject(node) && closesObject(node)) node[keyword] = false;
  });
  return copy;
}

export interface ZodDisagreement {
  instance: Json;
  ajv: boolean;
  zod: boolean;
}

export interface ZodVerdicts {
  /** Whether the Zod schema was expected to agree exactly (no warning from the Zod emitter). */
  exact: boolean;
  accepted: number;
  rejected: number;
  disagreements: ZodDisagreement[];
}

/** undefined when Ajv cannot compile the schema (not a case the emitters are judged on). */
export function zodAgainstAjv(c: FuzzCase, instances: readonly Json[]): ZodVerdicts | undefined {
  const ajv = compileAjv(c);
  if (!ajv) return undefined;
  const emitted = emitZod(c.schema, { subject: "fuzz" });
  const zod = evaluateZod(emitted.expression);
  const exact = emitted.warnings.length === 0;
  const verdicts: ZodVerdicts = { exact, accepted: 0, rejected: 0, disagreements: [] };
  for (const instance of instances) {
    const byAjv = ajv(forAjv(instance)) === true;
    const byZod = zod.safeParse(structuredClone(instance)).success;
    if (byAjv) verdicts.accepted++;
    else verdicts.rejected++;
    if (exact ? byAjv !== byZod : byAjv && !byZod) verdicts.disagreements.push({ instance, ajv: byAjv, zod: byZod });
  }
  return verdicts;
}


/** The module the fuzzer compiles for a case: input and output types, their Zod schemas, and the accepted instances. */
export async function caseModule(c: FuzzCase, instances: readonly Json[]): Promise<string> {
  const input = await emitTypeScript(c.schema, "In", { subject: "fuzz", closed: true });
  const output = await emitTypeScript(c.schema, "Out", { subject: "fuzz", closed: false });
  const zod = emitZod(c.schema, { subject: "fuzz" }).expression;
  // One Zod schema, annotated with both types, as generated modules do (each type once).
  const lines = ['import { z } from "zod";', input.code, output.code, `const schema = ${zod};`, "export const InSchema: z.ZodType<In> = schema;", "export const OutSchema: z.ZodType<Out> = schema;"];
  const closedAjv = compileAjv(c, true);
  const openAjv = compileAjv(c);
  instances.forEach((instance, index) => {
    if (closedAjv?.(forAjv(instance)) === true) lines.push(`export const in${index}: In = ${JSON.stringify(instance)};`);
    if (openAjv?.(forAjv(instance)) === true) lines.push(`export const out${index}: Out = ${JSON.stringify(instance)};`);
  });
  return `${lines.join("\n")}\n`;
}

/** The schema tests' strict flags, and no unused locals or parameters (Vite's stock flags). */
export const STRICT: ts.CompilerOptions = { ...SCHEMA_MODULE_OPTIONS, noUnusedLocals: true, noUnusedParameters: true };

/** Type-check modules in one program: the diagnostics of each, by index (empty when it compiles). */
export function typecheckModules(modules: readonly string[]): string[][] {
  // Inside the project so that `zod` resolves from its node_modules.
  const cacheDir = join(projectRoot, "node_modules", ".cache");
  mkdirSync(cacheDir, { recursive: true });
  const dir = mkdtempSync(join(cacheDir, "fuzz-"));
  try {
    writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
    const files = modules.map((source, index) => {
      const file = join(dir, `case${index}.ts`);
      writeFileSync(file, source);
      return file;
    });
    const program = ts.createProgram(files, STRICT);
    const byFile = new Map(files.map((file, index) => [file, index]));
    const out: string[][] = modules.map(() => []);
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const index = d.file ? byFile.get(d.file.fileName) : undefined;
      const where = d.file ? `line ${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : "";
      const text = `${where} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
      if (index === undefined) out.forEach((list) => list.push(text));
      else out[index]?.push(text);
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

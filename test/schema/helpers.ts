/** Shared by the schema tests: fixtures, Ajv, evaluation of emitted Zod, instance generation, server-everything. */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import ts from "typescript";
import { z } from "zod";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Json } from "../../runtime/src/shared/canonical-json.js";
import type { JsonObject } from "../../runtime/src/shared/snapshot.js";

export const here = dirname(fileURLToPath(import.meta.url));
export const projectRoot = join(here, "..", "..");

export interface Fixture {
  name: string;
  schema: JsonObject;
  valid: Json[];
  invalid: Json[];
  expectWarnings: boolean;
  /** Ajv refuses the schema itself; the fixture's valid/invalid lists are the reference. */
  ajvCannotCompile?: boolean;
}

export function loadFixtures(): Fixture[] {
  const dir = join(here, "fixtures");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({ name: file.replace(/\.json$/, ""), ...(JSON.parse(readFileSync(join(dir, file), "utf8")) as Omit<Fixture, "name">) }));
}

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((formatsModule as unknown as { default?: AddFormats }).default ?? formatsModule) as unknown as AddFormats;

/** Ajv for the draft the schema declares (2020-12 / 2019-09 → Ajv2020, otherwise draft-07), with ajv-formats. */
export function ajvValidator(schema: JsonObject): ValidateFunction {
  const declared = typeof schema.$schema === "string" ? schema.$schema : "";
  const options = { strict: false, allErrors: false, validateFormats: true } as const;
  const ajv = /2020-12|2019-09/.test(declared) ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv as Ajv);
  return ajv.compile(schema);
}

/** The emitted expression is TypeScript (annotations, `as const`): strip types, then evaluate with only `z` in scope. */
export function evaluateZod(expression: string): z.ZodType {
  const js = ts.transpileModule(`const __schema = ${expression};`, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  return new Function("z", `${js}\nreturn __schema;`)(z) as z.ZodType;
}

/** A deterministic instance generator: one plausible valid value, then mutations of it. */
export function instancesFor(schema: JsonObject): Json[] {
  const root = schema;
  const out: Json[] = [];
  const full = generate(root, root, true, 0);
  const minimal = generate(root, root, false, 0);
  out.push(full, minimal);
  if (isObject(full)) {
    const node = deref(root, root);
    const required = Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === "string") : [];
    for (const key of required) {
      const copy = { ...full };
      delete copy[key];
      out.push(copy);
    }
    for (const key of Object.keys(full)) {
      out.push({ ...full, [key]: wrongType(full[key] ?? null) });
      out.push({ ...full, [key]: "__not_in_enum__" });
      out.push({ ...full, [key]: null });
    }
    out.push({ ...full, __extra__: 1 });
  }
  out.push("not an object", 42, null, [], {});
  return out;
}

function isObject(value: unknown): value is { [key: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function deref(root: JsonObject, node: Json): JsonObject {
  let current: Json = node;
  for (let hops = 0; hops < 10 && isObject(current) && typeof current.$ref === "string"; hops++) {
    const path = current.$ref.replace(/^#\/?/, "");
    current = path === "" ? root : path.split("/").reduce<Json>((n, seg): Json => (isObject(n) ? (n[seg.replace(/~1/g, "/").replace(/~0/g, "~")] ?? {}) : {}), root);
  }
  return isObject(current) ? current : {};
}

function wrongType(value: Json): Json {
  if (typeof value === "string") return 123;
  if (typeof value === "number") return "123";
  if (typeof value === "boolean") return "true";
  if (Array.isArray(value)) return "[]";
  if (isObject(value)) return "{}";
  return 0;
}

function generate(root: JsonObject, input: Json, all: boolean, depth: number): Json {
  if (input === true || input === undefined) return "x";
  const node = deref(root, input);
  if ("const" in node) return node.const ?? null;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0] ?? null;
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = node[keyword];
    if (Array.isArray(branches) && branches.length > 0) return generate(root, branches[0] ?? true, all, depth + 1);
  }
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  const type = types.find((t) => t !== "null") ?? (node.properties ? "object" : types[0] ?? "string");
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return true;
    case "integer":
    case "number": {
      const min = typeof node.minimum === "number" ? node.minimum : typeof node.exclusiveMinimum === "number" ? node.exclusiveMinimum + 1 : undefined;
      const max = typeof node.maximum === "number" ? node.maximum : undefined;
      const value = min ?? (max !== undefined ? Math.min(0, max) : 1);
      return type === "integer" ? Math.ceil(value) : value;
    }
    case "array": {
      const count = typeof node.minItems === "number" ? node.minItems : all ? 1 : 0;
      return Array.from({ length: count }, () => (depth > 4 ? null : generate(root, (node.items as Json) ?? true, all, depth + 1)));
    }
    case "object": {
      const properties = isObject(node.properties) ? node.properties : {};
      const required = Array.isArray(node.required) ? node.required : [];
      const out: { [key: string]: Json } = {};
      for (const [key, sub] of Object.entries(properties)) {
        if ((all && depth < 4) || required.includes(key)) out[key] = generate(root, sub, all, depth + 1);
      }
      return out;
    }
    default: {
      const length = typeof node.minLength === "number" ? node.minLength : 1;
      if (node.format === "uri") return "https://example.com/x";
      if (node.format === "email") return "a@example.com";
      return "a".repeat(length);
    }
  }
}

export interface ListedSchema {
  label: string;
  schema: JsonObject;
}

/** Every input and output schema a server lists, over `transport` (closed afterwards). */
export async function listedSchemas(transport: Transport): Promise<ListedSchema[]> {
  const client = new Client({ name: "schema-tests", version: "0.0.0" });
  await client.connect(transport);
  try {
    const out: ListedSchema[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      for (const tool of page.tools) {
        out.push({ label: `${tool.name} input`, schema: tool.inputSchema as JsonObject });
        if (tool.outputSchema) out.push({ label: `${tool.name} output`, schema: tool.outputSchema as JsonObject });
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return out;
  } finally {
    await client.close();
  }
}

/** Every input and output schema that server-everything lists, over a real stdio connection. */
export function everythingSchemas(): Promise<ListedSchema[]> {
  const entry = join(projectRoot, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
  return listedSchemas(new StdioClientTransport({ command: process.execPath, args: [entry, "stdio"], stderr: "ignore" }));
}

/** Compiler options for modules of emitted schemas alone (no Node types): the strict flags generated code must pass. */
export const SCHEMA_MODULE_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts"],
  types: [],
  noEmit: true,
  skipLibCheck: true,
};

/**
 * The tools' types and Zod schemas, emitted a chunk of tools at a time from plain data, so a
 * chunk can be cached by its inputs.
 * A chunk is one part of its tools: their TS types (for `<server>/index.ts`) or their Zod
 * schemas (for `<server>/schemas.ts`, which users' compilers do not check: see schemas-module.ts).
 */
import type { InputTypesMode } from "../config/schema.js";
import type { NormalizedTool } from "../normalize/normalize.js";
import type { JsonObject } from "@mcp-codegen/runtime/internal";
import type { SchemaWarning } from "./schema/warnings.js";
import { emitZod } from "./schema/zod.js";
import { prepareSchema, type PreparedSchema } from "./schema/prepare.js";
import { pushAll } from "@mcp-codegen/runtime/internal";

export interface EmitWarning {
  /** Stable id of the kind of warning (docs/warnings.md); set when the run reports it. */
  rule?: string;
  subject: string;
  pointer: string;
  message: string;
}

/** What a chunk needs: structured-clone safe, and its own cache key. */
export interface ToolChunk {
  serverKey: string;
  tools: Pick<NormalizedTool, "entry" | "inputType" | "outputType" | "inputSubTypes" | "outputSubTypes">[];
  /** How input types read an unset `additionalProperties`; output types always follow the schema. */
  inputTypes: InputTypesMode;
  /** Which statements: the TS declarations, or the Zod constants (and every warning of both). */
  part: ChunkPart;
}

export type ChunkPart = "types" | "schemas";

export interface RenderedChunk {
  text: string;
  warnings: EmitWarning[];
}

/** A chunk's statements, not yet formatted. */
export interface EmittedChunk {
  statements: string[];
  warnings: EmitWarning[];
}

export function toolChunk(serverKey: string, tools: readonly NormalizedTool[], inputTypes: InputTypesMode, part: ChunkPart): ToolChunk {
  return { serverKey, tools: tools.map(({ entry, inputType, outputType, inputSubTypes, outputSubTypes }) => ({ entry, inputType, outputType, inputSubTypes, outputSubTypes })), inputTypes, part };
}

/**
 * The schema printers, loaded on first use (they are not needed when every file is current), or
 * ahead of it while a capture waits for its servers (`preloadEmitters` in plan.ts). The promise is
 * kept: every chunk asks for them, and an `import()` of a module already loaded still resolves its
 * specifier through the loader each time.
 */
let schemaPrinters: Promise<typeof import("./schema/typescript.js")> | undefined;

export function loadSchemaPrinters(): Promise<typeof import("./schema/typescript.js")> {
  return (schemaPrinters ??= import("./schema/typescript.js"));
}

/** The chunk's statements, not yet formatted. */
export async function emitToolChunk(chunk: ToolChunk): Promise<EmittedChunk> {
  const { emitTypeScript } = await loadSchemaPrinters();
  const warnings: EmitWarning[] = [];
  const statements: string[] = [];
  for (const tool of chunk.tools) {
    const subject = `tool "${chunk.serverKey}/${tool.entry.name}"`;
    const input = { typeName: tool.inputType, base: "/inputSchema", closed: chunk.inputTypes === "closed", subTypes: new Map(tool.inputSubTypes) };
    pushAll(statements, await schemaStatements(emitTypeScript, tool.entry.inputSchema, input, subject, warnings, chunk.part));
    if (tool.entry.outputSchema && tool.outputType) {
      const output = { typeName: tool.outputType, base: "/outputSchema", closed: false, subTypes: new Map(tool.outputSubTypes) };
      pushAll(statements, await schemaStatements(emitTypeScript, tool.entry.outputSchema, output, subject, warnings, chunk.part));
    }
  }
  // The schemas part reports the warnings of both (the TS emitter's come from its cache then).
  return { statements, warnings: chunk.part === "schemas" ? warnings : [] };
}

/**
 * `export interface X …` (types) or `export const XSchema: z.ZodType<X> = …` (schemas); this
 * repository's tests compile the two against each other.
 */
async function schemaStatements(
  emitTypeScript: typeof import("./schema/typescript.js").emitTypeScript,
  schema: JsonObject,
  { typeName, base, closed, subTypes }: { typeName: string; base: string; closed: boolean; subTypes: ReadonlyMap<string, string> },
  subject: string,
  warnings: EmitWarning[],
  part: ChunkPart,
): Promise<string[]> {
  const collect = (list: SchemaWarning[]) =>
    list.forEach((warning) => warnings.push({ subject, pointer: `${base}${warning.pointer}`, message: warning.message }));
  // Prepared once for both emitters, so its warnings are reported once.
  const prepared = preparedOnce(schema, part);
  collect(prepared.warnings);
  // The schemas part reports the TS emitter's warnings too (from its cache by then); only it needs Zod.
  const types = await emitTypeScript(prepared.schema as JsonObject, typeName, { subject, preparedFrom: prepared.source, closed, subTypes });
  collect(types.warnings);
  if (part === "types") {
    const declarations = types.code.trim();
    return declarations === "" ? [] : [declarations];
  }
  const zod = emitZod(prepared.schema as JsonObject, { subject, prepared: true });
  collect(zod.warnings);
  return [`export const ${typeName}Schema: z.ZodType<${typeName}> = ${zod.expression};`];
}

/**
 * A tool's schema is prepared once for both parts of its chunk, which hand it the same object:
 * kept by the types part, taken by the schemas part (emitted next, server-module.ts), so it is not
 * kept alive as long as the snapshot is. The emitters only read a prepared schema (the TS emitter
 * rewrites a copy).
 */
const preparedSchemas = new WeakMap<JsonObject, PreparedSchema>();

function preparedOnce(schema: JsonObject, part: ChunkPart): PreparedSchema {
  const kept = preparedSchemas.get(schema);
  if (part === "schemas") {
    preparedSchemas.delete(schema);
    return kept ?? prepareSchema(schema);
  }
  const prepared = kept ?? prepareSchema(schema);
  preparedSchemas.set(schema, prepared);
  return prepared;
}

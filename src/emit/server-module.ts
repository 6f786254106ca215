/**
 * One server's generated module: types, descriptors, default connection, typed client factory
 * and one tools factory per configured target (src/emit/targets/), and beside it the module of its Zod schemas (schemas-module.ts).
 * Schema text comes from `schema/`, plain-text statements from `server-text.ts`, the imports and
 * the client interface from `server-structure.ts`; every piece of server text goes through `text.ts`.
 */
import type { ToolFilter } from "@mcp-codegen/runtime/internal";
import type { Formatter } from "../format/format.js";
import type { NormalizedServer } from "../normalize/normalize.js";
import type { InputTypesMode } from "../config/schema.js";
import type { ConnectionExpression } from "./connection.js";
import { clientFactory, metadataStatement, otherDescriptors, promptArgTypes, templateParamTypes, toolMethods, toolsFactory, toolsTable } from "./server-text.js";
import { toolChunk, type EmitWarning, type RenderedChunk, type ToolChunk } from "./tool-chunk.js";
import { schemasHead } from "./schemas-module.js";
import { clientInterface as clientInterfaceOf, importStatements, interfaceSource } from "./server-structure.js";
import type { TargetSettings } from "../config/targets.js";
import { selectedTargets, targetContext } from "./targets/index.js";
import { modelSchemaWarnings } from "./model-schema-report.js";
import { pushAll } from "@mcp-codegen/runtime/internal";

export interface ServerModuleInput {
  server: NormalizedServer;
  connection: ConnectionExpression;
  /** The config's include / exclude, for the drift guard's fast path (empty: none). */
  toolFilter: ToolFilter;
  inputTypes: InputTypesMode;
  /** `targets`, `approval` and `modelSchema` of codegen.config. */
  targets: TargetSettings;
}

export type { EmitWarning } from "./tool-chunk.js";

/** A server module rendered: its body and what the emitters warned about. */
export interface RenderedBody {
  body: string;
  warnings: EmitWarning[];
}

/** Tools per chunk: each chunk is one cache entry and one formatter call. */
const TOOLS_PER_CHUNK = 25;

export interface ServerModuleParts {
  /** Imports, formatted. */
  head: Promise<string>;
  /** The tools' types (the types module), a chunk of tools each, emitted and formatted. */
  tools: Promise<RenderedChunk>[];
  /** Everything that refers to them (descriptors, metadata, client), formatted, in order. */
  tail: Promise<string>[];
  /** The schemas module (none without tools): its head, and its Zod schemas a chunk each. */
  schemas?: { head: Promise<string>; chunks: Promise<RenderedChunk>[] };
}

/** The server module's body, and its types and schemas modules' when it has tools. */
export interface RenderedServer {
  index: RenderedBody;
  types?: RenderedBody;
  schemas?: RenderedBody;
}

/** What the module writer hands its pieces to: formatting (and caching) happen there. */
export interface ChunkRenderer {
  /** A source still being produced may be passed as a promise. */
  format(source: string | Promise<string>): Promise<string>;
  /** `work` timed as emitting (the stage timings of the report). */
  emitting<T>(work: () => T): T;
  renderTools(chunk: ToolChunk): Promise<RenderedChunk>;
}

/** The module's formatted body (imports, the tools' types, then what refers to them) and its schemas module's. */
export async function renderServerModule(input: ServerModuleInput, formatter: Formatter, subject: string): Promise<RenderedServer> {
  const renderer: ChunkRenderer = {
    format: (source) => formatter.format(source, subject),
    emitting: (work) => formatter.emitClock.timeSync(work),
    renderTools: (chunk) => formatter.renderTools(chunk, subject),
  };
  const parts = renderer.emitting(() => writeServerModule(input, renderer));
  const [head, tools, tail, schemasHeadText, schemas] = await Promise.all([
    parts.head,
    Promise.all(parts.tools),
    Promise.all(parts.tail),
    parts.schemas?.head,
    Promise.all(parts.schemas?.chunks ?? []),
  ]);
  const index = { body: [head, ...tail].join("\n"), warnings: [...input.server.warnings, ...tools.flatMap((chunk) => chunk.warnings), ...modelSchemaWarnings(input.server, input.targets)] };
  if (schemasHeadText === undefined) return { index };
  // The schema chunks carry the warnings of both parts: reported with the server module.
  pushAll(index.warnings, schemas.flatMap((chunk) => chunk.warnings));
  return {
    index,
    types: { body: tools.map((chunk) => chunk.text).join("\n"), warnings: [] },
    schemas: { body: [schemasHeadText, ...schemas.map((chunk) => chunk.text)].join("\n"), warnings: [] },
  };
}

/**
 * The module in pieces, each handed to `renderer`: the plain-text statements, and the tools' types
 * and schemas a chunk at a time.
 */
export function writeServerModule(input: ServerModuleInput, renderer: ChunkRenderer): ServerModuleParts {
  const { server, connection, toolFilter, inputTypes } = input;
  const targets = selectedTargets(input.targets);
  const context = targetContext(server, input.targets);
  const settle = <T>(promise: Promise<T>): Promise<T> => {
    promise.catch(() => undefined); // awaited by the caller; never an unhandled rejection meanwhile
    return promise;
  };
  const formatText = (statements: string[]) => settle(renderer.format(statements.join("\n")));
  const descriptors = formatText([toolsTable(server)]);
  const others = formatText([otherDescriptors(server)]);
  const rest = formatText([...templateParamTypes(server), ...promptArgTypes(server), metadataStatement(server, connection), clientFactory(server, toolFilter, targets, context), toolsFactory(targets, context)]);
  const schemasHeadText = server.tools.length === 0 ? undefined : formatText([schemasHead(server)]);
  // Each chunk's types, then its schemas: the schemas part takes the schemas the types part
  // prepared (tool-chunk.ts) while they are still young.
  const tools: Promise<RenderedChunk>[] = [];
  const schemaChunks: Promise<RenderedChunk>[] = [];
  for (let start = 0; start < server.tools.length; start += TOOLS_PER_CHUNK) {
    const slice = server.tools.slice(start, start + TOOLS_PER_CHUNK);
    tools.push(settle(renderer.renderTools(toolChunk(server.key, slice, inputTypes, "types"))));
    schemaChunks.push(settle(renderer.renderTools(toolChunk(server.key, slice, inputTypes, "schemas"))));
  }
  const schemas = schemasHeadText === undefined ? undefined : { head: schemasHeadText, chunks: schemaChunks };
  const clientInterface = formatText([interfaceSource(clientInterfaceOf(server, targets, context), toolMethods(server, context))]);
  const head = formatText([importStatements(server, connection, targets, context)]);
  return { head, tools, tail: [descriptors, others, clientInterface, rest], ...(schemas ? { schemas } : {}) };
}

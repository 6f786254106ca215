/**
 * One server's generated module: types, Zod schemas, descriptors, default connection, typed
 * client factory and LangChain tools factory. Schema text comes from `schema/`; structure is
 * built with ts-morph; every piece of server text goes through `text.ts`.
 */
import { StructureKind, type InterfaceDeclarationStructure, type StatementStructures } from "ts-morph";
import type { NormalizedServer, NormalizedTool } from "../normalize/normalize.js";
import { toolChunk, type RenderedChunk, type ToolChunk } from "./tool-chunk.js";
import type { ConnectionExpression } from "./connection.js";
import { docComment, docText, jsonLiteral, stringLiteral } from "./text.js";

export interface ServerModuleInput {
  server: NormalizedServer;
  connection: ConnectionExpression;
}

export type { EmitWarning } from "./tool-chunk.js";

/**
 * Tools per formatting chunk: prettier has a high cost per call, so one call per tool would
 * triple the work; a few dozen keeps both the workers and the cache useful.
 */
const TOOLS_PER_CHUNK = 25;

export interface ServerModuleParts {
  /** Imports, formatted. */
  head: Promise<string>;
  /** The tools' types and Zod schemas, a chunk of tools each, emitted and formatted. */
  tools: Promise<RenderedChunk>[];
  /** Everything that refers to them (descriptors, metadata, client), formatted, in order. */
  tail: Promise<string>[];
}

/** What the module writer hands its pieces to: formatting (and caching) may run elsewhere. */
export interface ChunkRenderer {
  format(source: string): Promise<string>;
  renderTools(chunk: ToolChunk): Promise<RenderedChunk>;
}

/** Prints statements (text or ts-morph structures) as source text. */
export type StatementPrinter = (statements: (string | StatementStructures)[]) => string;

/**
 * The module in pieces, each handed to `renderer` as soon as it exists: the structure first
 * (its large statements are the longest formatting jobs), then the tools' types and schemas a
 * chunk at a time, so formatting runs while the emitter goes on. The tools' statements are
 * plain text (ts-morph would only parse them); the structure is built with ts-morph.
 */
export function writeServerModule(input: ServerModuleInput, print: StatementPrinter, renderer: ChunkRenderer): ServerModuleParts {
  const { server } = input;
  const settle = <T>(promise: Promise<T>): Promise<T> => {
    promise.catch(() => undefined); // awaited by the caller; never an unhandled rejection meanwhile
    return promise;
  };
  const format = (statements: (string | StatementStructures)[]) => settle(renderer.format(print(statements)));
  const head = format(importStatements(input));
  const tail = [
    format([descriptorStatement(server)]),
    format([clientInterface(server)]),
    format([...templateParamTypes(server), ...promptArgTypes(server), metadataStatement(server, input.connection), clientFactory(server), toolsFactory(server)]),
  ];
  const tools: Promise<RenderedChunk>[] = [];
  for (let start = 0; start < server.tools.length; start += TOOLS_PER_CHUNK) {
    tools.push(settle(renderer.renderTools(toolChunk(server.key, server.tools.slice(start, start + TOOLS_PER_CHUNK)))));
  }
  return { head, tools, tail };
}

function importStatements(input: ServerModuleInput): StatementStructures[] {
  const runtimeValues = ["createLangChainTools", "driftGuard", "expandUriTemplate", "getPromptMessages", "readTypedResource"];
  if (input.connection.usesModulePath) runtimeValues.push("pathFromModule");
  const runtimeTypes = ["CallOptions", "DriftReport", "GeneratedSnapshot", "LangChainToolOptions", "PromptDescriptor", "ResourceContent", "ResourceDescriptor", "ResourceTemplateDescriptor", "Runtime", "ServerConfig", "ToolDescriptor", "ToolResult"];
  return [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: "zod", namedImports: ["z"] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: "@langchain/core/messages", isTypeOnly: true, namedImports: ["BaseMessage"] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: "@langchain/core/tools", isTypeOnly: true, namedImports: ["DynamicStructuredTool"] },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "mcp-codegen/runtime",
      namedImports: [...runtimeValues, ...runtimeTypes.map((name) => `type ${name}`)],
    },
  ];
}

function templateParamTypes(server: NormalizedServer): string[] {
  return server.templates.map((template) => {
    const members = template.variables.map((variable) => `${stringLiteral(variable)}: string | number | boolean | readonly string[];`);
    return `${docComment(`Variables of the URI template ${template.entry.uriTemplate}`)}export type ${template.paramsType} = {\n${members.join("\n")}\n};\n`;
  });
}

function promptArgTypes(server: NormalizedServer): string[] {
  return server.prompts.map((prompt) => {
    const members = prompt.entry.arguments.map(
      (argument) => `${docComment(argument.description)}${stringLiteral(argument.name)}${argument.required ? "" : "?"}: string;`,
    );
    return `${docComment(`Arguments of the prompt ${prompt.entry.name}`)}export interface ${prompt.argsType} {\n${members.join("\n")}\n}\n`;
  });
}

function descriptorStatement(server: NormalizedServer): string {
  const tools = server.tools.map((tool) => {
    const entry = tool.entry;
    const fields = [
      `name: ${stringLiteral(entry.name)}`,
      entry.title === undefined ? "" : `title: ${stringLiteral(entry.title)}`,
      `description: ${stringLiteral(entry.description ?? "")}`,
      entry.annotations === undefined ? "" : `annotations: ${jsonLiteral(entry.annotations)}`,
      `fingerprint: ${stringLiteral(entry.hash)}`,
      `input: ${tool.inputType}Schema`,
      tool.outputType ? `output: ${tool.outputType}Schema` : "",
    ].filter(Boolean);
    return `${tool.method}: { ${fields.join(", ")} } satisfies ToolDescriptor<${tool.inputType}, ${tool.outputType ?? "unknown"}>`;
  });
  const resources = server.resources.map(({ entry, member }) =>
    `${member}: { ${[`uri: ${stringLiteral(entry.uri)}`, `name: ${stringLiteral(entry.name)}`, optionalText("mimeType", entry.mimeType), `fingerprint: ${stringLiteral(entry.hash)}`].filter(Boolean).join(", ")} } satisfies ResourceDescriptor`,
  );
  const templates = server.templates.map(({ entry, member }) =>
    `${member}: { ${[`uriTemplate: ${stringLiteral(entry.uriTemplate)}`, `name: ${stringLiteral(entry.name)}`, optionalText("mimeType", entry.mimeType), `fingerprint: ${stringLiteral(entry.hash)}`].filter(Boolean).join(", ")} } satisfies ResourceTemplateDescriptor`,
  );
  const prompts = server.prompts.map(({ entry, member }) => {
    const args = entry.arguments.map((argument) => `{ name: ${stringLiteral(argument.name)}, required: ${argument.required === true} }`);
    return `${member}: { name: ${stringLiteral(entry.name)}, arguments: [${args.join(", ")}], fingerprint: ${stringLiteral(entry.hash)} } satisfies PromptDescriptor`;
  });
  return [
    `\n/** The server's tools as listed when this module was generated; \`name\` goes on the wire. */`,
    `export const tools = {\n${tools.join(",\n")}\n} as const;\n`,
    `export const resources = {\n${resources.join(",\n")}\n} as const;\n`,
    `export const resourceTemplates = {\n${templates.join(",\n")}\n} as const;\n`,
    `export const prompts = {\n${prompts.join(",\n")}\n} as const;\n`,
  ].join("\n");
}

function metadataStatement(server: NormalizedServer, connection: ConnectionExpression): string {
  return [
    `\n/** The key of this server in codegen.config. */`,
    `export const serverName = ${stringLiteral(server.key)};\n`,
    `/** Hash of the server's snapshot entry this module was generated from. */`,
    `export const serverFingerprint = ${stringLiteral(server.snapshot.hash)};\n`,
    `/** The snapshot entry this module was generated from, loaded on demand (drift guard, \`verify()\`). */`,
    `export const loadSnapshot = (): Promise<GeneratedSnapshot> => import("./snapshot.js").then((module) => module.snapshot);\n`,
    `/** The connection written in codegen.config (placeholders are resolved when the client starts). */`,
    `export const defaultConnection: ServerConfig = ${connection.code};\n`,
  ].join("\n");
}

function clientInterface(server: NormalizedServer): InterfaceDeclarationStructure {
  const resourceMembers = [
    ...server.resources.map(({ entry, member }) => `${docComment(entry.description ?? `Read ${entry.uri}`)}${member}(options?: CallOptions): Promise<ResourceContent[]>;`),
    ...server.templates.map(({ entry, member, paramsType }) => `${docComment(entry.description ?? `Read ${entry.uriTemplate}`)}${member}(params: ${paramsType}, options?: CallOptions): Promise<ResourceContent[]>;`),
  ];
  const promptMembers = server.prompts.map(({ entry, member, argsType }) => {
    const optional = entry.arguments.some((argument) => argument.required) ? "" : "?";
    return `${docComment(entry.description)}${member}(args${optional}: ${argsType}, options?: CallOptions): Promise<BaseMessage[]>;`;
  });
  return {
    kind: StructureKind.Interface,
    name: `${server.typeStem}Client`,
    isExported: true,
    docs: docs(instructionsDoc(server)),
    methods: [
      ...server.tools.map((tool) => ({
        name: tool.method,
        docs: docs(tool.entry.description ?? tool.entry.title),
        parameters: [
          { name: "args", type: tool.inputType, hasQuestionToken: hasNoRequiredInput(tool) },
          { name: "options", type: "CallOptions", hasQuestionToken: true },
        ],
        returnType: `Promise<ToolResult<${tool.outputType ?? "unknown"}>>`,
      })),
      {
        name: "getTools",
        docs: ["LangChain tools for this server (`DynamicStructuredTool`, content and artifact)."],
        parameters: [{ name: "options", type: "LangChainToolOptions", hasQuestionToken: true }],
        returnType: "Promise<DynamicStructuredTool[]>",
      },
      {
        name: "verify",
        docs: ["Compare the live server with the snapshot this module was generated from: the same report as `mcp-codegen check`."],
        returnType: "Promise<DriftReport>",
      },
    ],
    properties: [
      { name: "resources", isReadonly: true, docs: ["Static resources and resource templates."], type: `{\n${resourceMembers.join("\n")}\n}` },
      { name: "prompts", isReadonly: true, docs: ["Prompts, returned as LangChain messages."], type: `{\n${promptMembers.join("\n")}\n}` },
    ],
  };
}

/** ts-morph `docs`: sanitised server text, or none. */
function docs(text: string | undefined): string[] {
  const body = text === undefined ? "" : docText(text);
  return body === "" ? [] : [body];
}

function clientFactory(server: NormalizedServer): string {
  const toolMembers = server.tools.map((tool) =>
    hasNoRequiredInput(tool)
      ? `${tool.method}: (args = {}, options) => guard.callTool(tools.${tool.method}, args, options),`
      : `${tool.method}: (args, options) => guard.callTool(tools.${tool.method}, args, options),`,
  );
  const resourceMembers = [
    ...server.resources.map(({ member }) => `${member}: (options) => readTypedResource(runtime, server, resources.${member}.uri, options),`),
    ...server.templates.map(({ member }) => `${member}: (params, options) => readTypedResource(runtime, server, expandUriTemplate(resourceTemplates.${member}.uriTemplate, params), options),`),
  ];
  const promptMembers = server.prompts.map(({ entry, member }) => {
    const args = entry.arguments.some((argument) => argument.required) ? "args" : "args = {}";
    return `${member}: (${args}, options) => getPromptMessages(runtime, server, prompts.${member}.name, { ...args }, options),`;
  });
  return `/** A typed client for this server on \`runtime\` (under the key \`server\`). */
export function create${server.typeStem}Client(runtime: Runtime, server: string = serverName): ${server.typeStem}Client {
const guard = driftGuard(runtime, server, { serverFingerprint, tools: Object.values(tools), loadSnapshot });
return {
${toolMembers.join("\n")}
resources: {
${resourceMembers.join("\n")}
},
prompts: {
${promptMembers.join("\n")}
},
getTools: (options) => create${server.typeStem}Tools(runtime, server, options),
verify: () => guard.verify(),
};
}
`;
}

function toolsFactory(server: NormalizedServer): string {
  return `/** LangChain tools for this server, with the generated Zod input schemas. */
export function create${server.typeStem}Tools(runtime: Runtime, server: string = serverName, options?: LangChainToolOptions): Promise<DynamicStructuredTool[]> {
return createLangChainTools(runtime, server, Object.values(tools), options);
}
`;
}

function hasNoRequiredInput(tool: NormalizedTool): boolean {
  const required = tool.entry.inputSchema["required"];
  return !Array.isArray(required) || required.length === 0;
}

function instructionsDoc(server: NormalizedServer): string {
  const info = server.snapshot.serverInfo;
  const name = typeof info["name"] === "string" ? info["name"] : server.key;
  const version = typeof info["version"] === "string" ? ` ${info["version"]}` : "";
  const instructions = server.snapshot.instructions ? `\n\n${server.snapshot.instructions}` : "";
  return `Client for the MCP server ${name}${version}.${instructions}`;
}

function optionalText(key: string, value: string | undefined): string {
  return value === undefined ? "" : `${key}: ${stringLiteral(value)}`;
}



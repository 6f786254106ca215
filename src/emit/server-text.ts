/**
 * The server module's statements that are plain text: descriptors, metadata, the client and
 * tools factories, template and prompt parameter types. No ts-morph here: these pieces are
 * handed to the formatter while ts-morph is still loading.
 */
import type { NormalizedServer } from "../normalize/normalize.js";
import type { ConnectionExpression } from "./connection.js";
import type { TableStatement } from "../format/table.js";
import { docComment, jsonLiteral, stringLiteral } from "./text.js";

export function templateParamTypes(server: NormalizedServer): string[] {
  return server.templates.map((template) => {
    const members = template.variables.map((variable) => `${stringLiteral(variable)}: string | number | boolean | readonly string[];`);
    return `${docComment(`Variables of the URI template ${template.entry.uriTemplate}`)}export type ${template.paramsType} = {\n${members.join("\n")}\n};\n`;
  });
}

export function promptArgTypes(server: NormalizedServer): string[] {
  return server.prompts.map((prompt) => {
    const members = prompt.entry.arguments.map(
      (argument) => `${docComment(argument.description)}${stringLiteral(argument.name)}${argument.required ? "" : "?"}: string;`,
    );
    return `${docComment(`Arguments of the prompt ${prompt.entry.name}`)}export interface ${prompt.argsType} {\n${members.join("\n")}\n}\n`;
  });
}

/** `export const tools = {…}`: one descriptor per tool, formatted in pieces when there are many. */
export function toolsTable(server: NormalizedServer): TableStatement {
  const entries = server.tools.map((tool) => {
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
    return `${tool.method}: { ${fields.join(", ")} }`;
  });
  return {
    open: "/** The server's tools as listed when this module was generated; `name` goes on the wire. */\nexport const tools = {",
    entries,
    close: "} as const satisfies Record<string, ToolDescriptor>;",
  };
}

/** The descriptors of resources, resource templates and prompts. */
export function otherDescriptors(server: NormalizedServer): string {
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
    `export const resources = {\n${resources.join(",\n")}\n} as const;\n`,
    `export const resourceTemplates = {\n${templates.join(",\n")}\n} as const;\n`,
    `export const prompts = {\n${prompts.join(",\n")}\n} as const;\n`,
  ].join("\n");
}

export function metadataStatement(server: NormalizedServer, connection: ConnectionExpression): string {
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

export function clientFactory(server: NormalizedServer): string {
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
...guard.toolMethods(tools),
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

export function toolsFactory(server: NormalizedServer): string {
  return `/** LangChain tools for this server, with the generated Zod input schemas. */
export function create${server.typeStem}Tools(runtime: Runtime, server: string = serverName, options?: LangChainToolOptions): Promise<DynamicStructuredTool[]> {
return createLangChainTools(runtime, server, Object.values(tools), options);
}
`;
}

function optionalText(key: string, value: string | undefined): string {
  return value === undefined ? "" : `${key}: ${stringLiteral(value)}`;
}

/**
 * The server module's statements that are plain text: descriptors, metadata, the client and
 * tools factories, template and prompt parameter types.
 */
import type { ToolFilter } from "@mcp-codegen/runtime/internal";
import type { NormalizedServer, NormalizedTool } from "../normalize/normalize.js";
import type { ConnectionExpression } from "./connection.js";
import { docComment, jsonLiteral, objectKey, stringLiteral } from "./text.js";
import { toolDocLines } from "./tool-doc.js";
import type { TargetContext, TargetEmitter } from "./targets/index.js";
import { approvalDocLine } from "./approval.js";

export function templateParamTypes(server: NormalizedServer): string[] {
  return server.templates.map((template) => {
    const members = template.variables.map((variable) => `${stringLiteral(variable)}: string | number | boolean | readonly string[];`);
    return `${docComment(`Variables of the URI template ${template.entry.uriTemplate}`)}export type ${template.paramsType} = {\n${members.join("\n")}\n};\n`;
  });
}

export function promptArgTypes(server: NormalizedServer): string[] {
  return server.prompts.map((prompt) => {
    const members = prompt.entry.arguments.map(
      (argument) => `${docComment(argument.description)}${stringLiteral(argument.name)}${argument.required ? ": string" : "?: string | undefined"};`,
    );
    return `${docComment(`Arguments of the prompt ${prompt.entry.name}`)}export interface ${prompt.argsType} {\n${members.join("\n")}\n}\n`;
  });
}

/** `export const tools = {…}`: one descriptor per tool. */
export function toolsTable(server: NormalizedServer): string {
  const entries = server.tools.map((tool) => `${toolEntry(tool)},\n`).join("");
  return `/** The server's tools as listed when this module was generated; \`name\` goes on the wire. */\nexport const tools = {\n${entries}} as const satisfies Record<string, ToolDescriptor>;\n`;
}

function toolEntry(tool: NormalizedTool): string {
  const entry = tool.entry;
  const fields: string[] = [
    `name: ${stringLiteral(entry.name)}`,
    ...(entry.title === undefined ? [] : [`title: ${stringLiteral(entry.title)}`]),
    `description: ${stringLiteral(entry.description ?? "")}`,
    ...(entry.annotations === undefined ? [] : [`annotations: ${jsonLiteral(entry.annotations)}`]),
    `fingerprint: ${stringLiteral(entry.hash)}`,
    `input: ${tool.inputType}Schema`,
    ...(tool.outputType ? [`output: ${tool.outputType}Schema`] : []),
    ...(tool.taskSupport ? [`taskSupport: ${stringLiteral(tool.taskSupport)}`] : []),
    ...(tool.headers.length === 0 ? [] : [`headers: ${jsonLiteral(tool.headers)}`]),
  ];
  return `${tool.method}: { ${fields.join(", ")} }`;
}

/** The client interface's method for each tool. */
export function toolMethods(server: NormalizedServer, context?: TargetContext): string[] {
  return server.tools.map((tool) => {
    const approval = context?.approvals?.get(tool.entry.name);
    const doc = toolDocLines(tool, approval && approvalDocLine(approval));
    const args = `args${hasNoRequiredInput(tool) ? "?" : ""}: ${tool.inputType}`;
    const output = tool.outputType ?? "unknown";
    if (tool.taskSupport) return [...doc, taskToolMember(tool.method, args, output, tool.taskSupport)].join("\n");
    return [...doc, `${tool.method}(${args}, options?: CallOptions): Promise<ToolResult<${output}>>;`].join("\n");
  });
}

/**
 * A task-capable tool: callable like any tool (a "required" one runs as a task and is awaited,
 * an "optional" one is a plain call), plus `.start()` for a task handle. Formatted by prettier.
 */
function taskToolMember(method: string, args: string, output: string, support: "optional" | "required"): string {
  const callOptions = support === "required" ? "TaskCallOptions" : "CallOptions";
  return [
    `readonly ${method}: {`,
    `(${args}, options?: ${callOptions}): Promise<ToolResult<${output}>>;`,
    "/** Runs the tool as an MCP task: the task's handle once the server has created it. */",
    `start(${args}, options?: TaskStartOptions): Promise<TaskHandle<${output}>>;`,
    `};`,
  ].join("\n");
}

/** Which parameters also travel as HTTP headers (`x-mcp-header`): users should know they leave the body. */
/** A tool whose input has no required property can be called with no argument. */
function hasNoRequiredInput(tool: NormalizedTool): boolean {
  const required = tool.entry.inputSchema["required"];
  return !Array.isArray(required) || required.length === 0;
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
    ...skillStatements(server),
  ].join("\n");
}

/**
 * `export const skills` (SEP-2640) and the union of their names: only for a server that
 * declares the extension. The digests stay in the snapshot module, loaded when a file is read.
 */
function skillStatements(server: NormalizedServer): string[] {
  if (server.skills === undefined) return [];
  const skills = server.skills.map(({ entry, member }) => {
    const files = entry.files.map((file) => stringLiteral(file.path));
    return `${member}: { name: ${stringLiteral(entry.name)}, uri: ${stringLiteral(entry.uri)}, files: [${files.join(", ")}], fingerprint: ${stringLiteral(entry.hash)} }`;
  });
  const names = [...new Set(server.skills.map(({ entry }) => stringLiteral(entry.name)))];
  return [
    `/** The server's skills (SEP-2640) as captured; each file is verified against the snapshot's digest when read. */\nexport const skills = {\n${skills.join(",\n")}\n} as const satisfies Record<string, SkillDescriptor>;\n`,
    ...(server.skillNameType === undefined ? [] : [`/** The names of the server's skills. */\nexport type ${server.skillNameType} = ${names.join(" | ")};\n`]),
  ];
}

export function metadataStatement(server: NormalizedServer, connection: ConnectionExpression): string {
  return [
    `\n/** The key of this server in codegen.config. */`,
    `export const serverName = ${stringLiteral(server.key)};\n`,
    `/** Hash of the server's snapshot entry this module was generated from. */`,
    `export const serverFingerprint = ${stringLiteral(server.snapshot.hash)};\n`,
    `/** The snapshot entry this module was generated from, loaded on demand (drift guard, \`verify()\`). */`,
    `export const loadSnapshot = (): Promise<GeneratedSnapshot> => import("./snapshot.js").then((module) => module.snapshot);\n`,
    ...connection.declarations.map((declaration) => `${declaration}\n`),
    `/** The connection written in codegen.config (placeholders are resolved when the client starts). */`,
    `export const defaultConnection: RuntimeServerConfig = ${connection.code};\n`,
  ].join("\n");
}

/** `, toolFilter: {…}` for the guard's registration when the config filters tools, else nothing. */
function filterMember(toolFilter: ToolFilter): string {
  return toolFilter.include || toolFilter.exclude ? `, toolFilter: ${jsonLiteral(toolFilter)}` : "";
}

export function clientFactory(server: NormalizedServer, toolFilter: ToolFilter, targets: readonly TargetEmitter[], context: TargetContext): string {
  const prompt = targets.some((target) => target.name === "langchain") ? "getPromptMessages" : "getMcpPromptMessages";
  const resourceMembers = [
    ...server.resources.map(({ member }) => `${member}: (options) => readTypedResource(runtime, server, resources.${member}.uri, options),`),
    ...server.templates.map(({ member }) => `${member}: (params, options) => readTypedResource(runtime, server, expandUriTemplate(resourceTemplates.${member}.uriTemplate, params), options),`),
  ];
  const promptMembers = server.prompts.map(({ entry, member }) => {
    const args = entry.arguments.some((argument) => argument.required) ? "args" : "args = {}";
    return `${member}: (${args}, options) => ${prompt}(runtime, server, prompts.${member}.name, { ...args }, options),`;
  });
  return `/**
 * This module's drift guard on \`runtime\` for \`server\`, registered once: from then on every call to
 * the server's tools (typed, LangChain, dynamic) waits for its verdict.
 */
const guardOn = (runtime: Runtime, server: string) =>
driftGuard(runtime, server, { serverFingerprint, tools: Object.values(tools), loadSnapshot${filterMember(toolFilter)} });

/** A typed client for this server on \`runtime\` (under the key \`server\`). */
export function create${server.typeStem}Client(runtime: Runtime, server: string = serverName): ${server.typeStem}Client {
const guard = guardOn(runtime, server);
return {
...guard.toolMethods(tools),
resources: {
${resourceMembers.join("\n")}
},
prompts: {
${promptMembers.join("\n")}
},
${skillsMember(server)}${hasTaskTools(server) ? "tasks: serverTasks(runtime, server, tools),\n" : ""}${targets.flatMap((target) => target.clientMembers(context)).map((member) => `${member}\n`).join("")}verify: () => guard.verify(),
};
}
`;
}

/** The client's `skills` namespace (a server that declares the Skills extension), else nothing. */
function skillsMember(server: NormalizedServer): string {
  if (server.skills === undefined) return "";
  const members = server.skills.map(({ member }) => `${member}: skillAccessor(runtime, server, skills.${member}, loadSnapshot),\n`);
  return `skills: {\n${members.join("")}},\n`;
}

/** Each configured target's tools factory (and types), then the approval policy they share. */
export function toolsFactory(targets: readonly TargetEmitter[], context: TargetContext): string {
  return [approvalsStatement(context), ...targets.flatMap((target) => target.statements(context))].join("\n");
}

/** `approvals`: which tools need approval, by raw name (only with an `approval` policy in codegen.config). */
function approvalsStatement(context: TargetContext): string {
  if (!context.approvals) return "";
  const entries = [...context.approvals].map(([name, decision]) => `${objectKey(name)}: ${decision.needsApproval},`);
  return `/** Which tools need a person's approval before they run (codegen.config \`approval\`), by MCP name. */
export const approvals: Readonly<Record<string, boolean>> = {
${entries.join("\n")}
};
`;
}

/** Whether the server's client has `tasks` and task types (some tool can run as a task). */
export function hasTaskTools(server: NormalizedServer): boolean {
  return server.tools.some((tool) => tool.taskSupport !== undefined);
}

function optionalText(key: string, value: string | undefined): string {
  return value === undefined ? "" : `${key}: ${stringLiteral(value)}`;
}

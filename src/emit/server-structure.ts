/**
 * The server module's import statements and client interface, printed as text: plain strings in
 * the layout the formatter turns into the committed output (JSDoc as `docCommentLines` writes it,
 * one member a line), so emitting never loads the TypeScript compiler.
 */
import type { NormalizedServer } from "../normalize/normalize.js";
import type { ConnectionExpression } from "./connection.js";
import { RUNTIME_IMPORTS, type ModuleNeed } from "./runtime-imports.js";
import { hasTaskTools } from "./server-text.js";
import { schemaNames, toolTypeNames } from "./schemas-module.js";
import { docComment, docCommentLines } from "./text.js";
import type { TargetContext, TargetEmitter } from "./targets/index.js";
import type { ClientMethod } from "./targets/target.js";

/** A member of the client interface: its docs (plain text, sanitised when printed) and its signature. */
interface InterfaceMember {
  docs: string | undefined;
  signature: string;
}

/** The client interface: its docs, its properties, then the `leading` members (the tools' methods), then its methods. */
export interface ClientInterface {
  name: string;
  docs: string;
  properties: InterfaceMember[];
  methods: InterfaceMember[];
}

export function interfaceSource(structure: ClientInterface, leading: readonly string[] = []): string {
  const member = ({ docs, signature }: InterfaceMember) => [...docCommentLines(docs), signature].join("\n");
  const members = [...structure.properties.map(member), ...leading, ...structure.methods.map(member)];
  return [...docCommentLines(structure.docs), `export interface ${structure.name} {`, ...members, "}", ""].join("\n");
}

function methodSignature(method: ClientMethod): InterfaceMember {
  const parameters = method.parameters.map(({ name, type, hasQuestionToken }) => `${name}${hasQuestionToken === true ? "?" : ""}: ${type}`);
  return { docs: method.docs.join("\n"), signature: `${method.name}(${parameters.join(", ")}): ${method.returnType};` };
}

/** Which needs a module has, so it imports only what it uses (it compiles under `noUnusedLocals`). */
function needs(server: NormalizedServer, connection: ConnectionExpression, targets: readonly TargetEmitter[]): Record<ModuleNeed, boolean> {
  const langchain = targets.some((target) => target.name === "langchain");
  const tools = server.tools.length > 0;
  const resources = server.resources.length > 0;
  const templates = server.templates.length > 0;
  const prompts = server.prompts.length > 0;
  // A task-required tool's method takes TaskCallOptions instead of CallOptions.
  const plainCalls = server.tools.some((tool) => tool.taskSupport !== "required");
  const tasks = hasTaskTools(server);
  const requiredTasks = server.tools.some((tool) => tool.taskSupport === "required");
  return {
    tools,
    resources,
    templates,
    prompts,
    langChainPrompts: prompts && langchain,
    mcpPrompts: prompts && !langchain,
    langchain,
    readable: resources || templates,
    callable: plainCalls || resources || templates || prompts,
    modulePath: connection.pathHelper === "pathFromModule",
    projectPath: connection.pathHelper === "pathFromProjectRoot",
    tasks,
    requiredTasks,
    skills: server.skills !== undefined,
    // Under `noUnusedLocals`, a server that declares the extension but lists no skill imports no accessor.
    skillAccessors: (server.skills?.length ?? 0) > 0,
    always: true,
  };
}

/** The module's import statements and its re-export of the schemas module, as text. */
export function importStatements(server: NormalizedServer, connection: ConnectionExpression, targets: readonly TargetEmitter[], context: TargetContext): string {
  const has = needs(server, connection, targets);
  const runtimeImports = RUNTIME_IMPORTS.filter(([, need]) => has[need]).map(([name, , typeOnly]) => (typeOnly ? `type ${name}` : name));
  const statements: string[] = [];
  // Module specifiers are ours (package names, "./types.js", "./schemas.js"), never server text.
  const add = (moduleSpecifier: string, namedImports: string[], isTypeOnly = false) =>
    statements.push(`import ${isTypeOnly ? "type " : ""}{ ${namedImports.join(", ")} } from "${moduleSpecifier}";`);
  if (has.langChainPrompts) add("@langchain/core/messages", ["BaseMessage"], true);
  // Only the configured targets' frameworks: a target not configured imports nothing.
  const framework = targets.flatMap((target) => target.imports(context));
  for (const need of framework.filter((need) => need.module.startsWith("@langchain/"))) add(need.module, need.names, need.typeOnly);
  add("@mcp-codegen/runtime", runtimeImports);
  for (const need of framework.filter((need) => need.module.startsWith("@mcp-codegen/"))) add(need.module, need.names, need.typeOnly);
  // The tools' types and their Zod schemas live in modules of their own (types.ts, schemas.ts); this one re-exports both.
  if (has.tools) {
    add("./types.js", toolTypeNames(server), true);
    statements.push(`export * from "./types.js";`);
    add("./schemas.js", schemaNames(server));
    statements.push(`export * from "./schemas.js";`);
  }
  return `${statements.join("\n")}\n`;
}

/** The client interface but for one method per tool (`toolMethods` in server-text.ts: they come laid out). */
export function clientInterface(server: NormalizedServer, targets: readonly TargetEmitter[], context: TargetContext): ClientInterface {
  const langchain = targets.some((target) => target.name === "langchain");
  const resourceMembers = [
    ...server.resources.map(({ entry, member }) => `${docComment(entry.description ?? `Read ${entry.uri}`)}${member}(options?: CallOptions): Promise<ResourceContent[]>;`),
    ...server.templates.map(({ entry, member, paramsType }) => `${docComment(entry.description ?? `Read ${entry.uriTemplate}`)}${member}(params: ${paramsType}, options?: CallOptions): Promise<ResourceContent[]>;`),
  ];
  const promptMembers = server.prompts.map(({ entry, member, argsType }) => {
    const optional = entry.arguments.some((argument) => argument.required) ? "" : "?";
    return `${docComment(entry.description)}${member}(args${optional}: ${argsType}, options?: CallOptions): Promise<${langchain ? "BaseMessage" : "PromptMessage"}[]>;`;
  });
  return {
    name: `${server.typeStem}Client`,
    docs: instructionsDoc(server),
    methods: [
      ...targets.flatMap((target) => target.clientMethods(context)).map(methodSignature),
      { docs: "Compare the live server with the snapshot this module was generated from: the same report as `mcp-codegen check`.", signature: "verify(): Promise<DriftReport>;" },
    ],
    properties: [
      { docs: "Static resources and resource templates.", signature: `readonly resources: {\n${resourceMembers.join("\n")}\n};` },
      { docs: langchain ? "Prompts, returned as LangChain messages." : "Prompts, returned as the server's MCP messages.", signature: `readonly prompts: {\n${promptMembers.join("\n")}\n};` },
      ...(server.skills === undefined
        ? []
        : [{ docs: "Skills (SEP-2640): `read(path?)` returns a file verified against the snapshot's digest; `writeTo(folder)` writes them all.", signature: `readonly skills: {\n${skillMembers(server).join("\n")}\n};` }]),
      ...(hasTaskTools(server)
        ? [{ docs: "Tasks of this server: `resume(taskId)` (or `resume(tool, taskId)`, typed by tool) and `list()`.", signature: "readonly tasks: ServerTasks<typeof tools>;" }]
        : []),
    ],
  };
}

/** One accessor per skill, its paths the literal union of the files captured. */
function skillMembers(server: NormalizedServer): string[] {
  return (server.skills ?? []).map(({ entry, member }) => `${docComment(entry.description)}readonly ${member}: SkillAccessor<(typeof skills.${member}.files)[number]>;`);
}

function instructionsDoc(server: NormalizedServer): string {
  const info = server.snapshot.serverInfo;
  const name = typeof info["name"] === "string" ? info["name"] : server.key;
  const version = typeof info["version"] === "string" ? ` ${info["version"]}` : "";
  const instructions = server.snapshot.instructions ? `\n\n${server.snapshot.instructions}` : "";
  return `Client for the MCP server ${name}${version}.${instructions}`;
}

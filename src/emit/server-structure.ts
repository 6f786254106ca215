/**
 * The server module's statements built as ts-morph structures (imports, the client interface)
 * and printed by ts-morph.
 */
import { createRequire } from "node:module";
import type { InterfaceDeclarationStructure, StatementStructures, TypeElementMemberedNodeStructure } from "ts-morph";
import type { NormalizedServer } from "../normalize/normalize.js";
import type { ConnectionExpression } from "./connection.js";
import { RUNTIME_IMPORTS, type ModuleNeed } from "./runtime-imports.js";
import { hasTaskTools } from "./server-text.js";
import { schemaNames } from "./schemas-module.js";
import { docComment, docText } from "./text.js";
import type { TargetContext, TargetEmitter } from "./targets/index.js";

// ts-morph is CommonJS: through require() it skips the ES module loader's scan of its exports,
// which reads all of TypeScript (~0.1 s).
const { Project, StructureKind, Writers } = createRequire(import.meta.url)("ts-morph") as typeof import("ts-morph");

let project: InstanceType<typeof Project> | undefined;

/** The one in-memory project everything is printed with. */
function printingProject(): InstanceType<typeof Project> {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  return project;
}

/** One addStatements call per piece: ts-morph re-parses the file on every insertion. */
export function printStructures(statements: StatementStructures[]): string {
  const file = printingProject().createSourceFile("/piece.ts", "", { overwrite: true });
  file.addStatements(statements);
  const text = file.getFullText();
  printingProject().removeSourceFile(file);
  return text;
}

/**
 * The interface's source: its properties, then the `leading` members (the tools' methods), then
 * its own methods. Its own members are printed as an object type (`Writers.objectType`), which
 * ts-morph does without parsing them into a file: only the empty interface (its docs and
 * heading) is.
 */
export function interfaceSource(structure: InterfaceDeclarationStructure, leading: readonly string[] = []): string {
  const { methods = [], properties = [], callSignatures = [], constructSignatures = [], indexSignatures = [], getAccessors = [], setAccessors = [], ...heading } = structure;
  const others: TypeElementMemberedNodeStructure = { properties, callSignatures, constructSignatures, indexSignatures, getAccessors, setAccessors };
  const members = [objectTypeBody(others), ...leading, objectTypeBody({ methods })].filter((member) => member !== "");
  const empty = printStructures([heading]);
  const brace = empty.lastIndexOf("{");
  return `${empty.slice(0, brace + 1)}\n${members.join("\n")}\n}\n`;
}

/** The members between an object type's braces, as ts-morph prints them ("" for none). */
function objectTypeBody(members: TypeElementMemberedNodeStructure): string {
  const writer = printingProject().createWriter();
  Writers.objectType(members)(writer);
  return writer.toString().slice(1, -1).trim();
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

export function importStatements(server: NormalizedServer, connection: ConnectionExpression, targets: readonly TargetEmitter[], context: TargetContext): StatementStructures[] {
  const has = needs(server, connection, targets);
  const runtimeImports = RUNTIME_IMPORTS.filter(([, need]) => has[need]).map(([name, , typeOnly]) => (typeOnly ? `type ${name}` : name));
  const statements: StatementStructures[] = [];
  const add = (moduleSpecifier: string, namedImports: string[], isTypeOnly = false) =>
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier, namedImports, isTypeOnly });
  if (has.langChainPrompts) add("@langchain/core/messages", ["BaseMessage"], true);
  // Only the configured targets' frameworks: a target not configured imports nothing.
  const framework = targets.flatMap((target) => target.imports(context));
  for (const need of framework.filter((need) => need.module.startsWith("@langchain/"))) add(need.module, need.names, need.typeOnly);
  add("@mcp-codegen/runtime", runtimeImports);
  for (const need of framework.filter((need) => need.module.startsWith("@mcp-codegen/"))) add(need.module, need.names, need.typeOnly);
  // The Zod schemas live in their own module (schemas-module.ts); this one re-exports them.
  if (has.tools) {
    add("./schemas.js", schemaNames(server));
    statements.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: "./schemas.js" });
  }
  return statements;
}

/** The client interface but for one method per tool (`toolMethods` in server-text.ts: they come laid out). */
export function clientInterface(server: NormalizedServer, targets: readonly TargetEmitter[], context: TargetContext): InterfaceDeclarationStructure {
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
    kind: StructureKind.Interface,
    name: `${server.typeStem}Client`,
    isExported: true,
    docs: docs(instructionsDoc(server)),
    methods: [
      ...targets.flatMap((target) => target.clientMethods(context)),
      {
        name: "verify",
        docs: ["Compare the live server with the snapshot this module was generated from: the same report as `mcp-codegen check`."],
        returnType: "Promise<DriftReport>",
      },
    ],
    properties: [
      { name: "resources", isReadonly: true, docs: ["Static resources and resource templates."], type: `{\n${resourceMembers.join("\n")}\n}` },
      { name: "prompts", isReadonly: true, docs: [langchain ? "Prompts, returned as LangChain messages." : "Prompts, returned as the server's MCP messages."], type: `{\n${promptMembers.join("\n")}\n}` },
      ...(server.skills === undefined
        ? []
        : [{ name: "skills", isReadonly: true, docs: ["Skills (SEP-2640): `read(path?)` returns a file verified against the snapshot's digest; `writeTo(folder)` writes them all."], type: `{\n${skillMembers(server).join("\n")}\n}` }]),
      ...(hasTaskTools(server)
        ? [{ name: "tasks", isReadonly: true, docs: ["Tasks of this server: `resume(taskId)` (or `resume(tool, taskId)`, typed by tool) and `list()`."], type: "ServerTasks<typeof tools>" }]
        : []),
    ],
  };
}

/** One accessor per skill, its paths the literal union of the files captured. */
function skillMembers(server: NormalizedServer): string[] {
  return (server.skills ?? []).map(({ entry, member }) => `${docComment(entry.description)}readonly ${member}: SkillAccessor<(typeof skills.${member}.files)[number]>;`);
}

/** ts-morph `docs`: sanitised server text, or none. */
function docs(text: string | undefined): string[] {
  const body = text === undefined ? "" : docText(text);
  return body === "" ? [] : [body];
}

function instructionsDoc(server: NormalizedServer): string {
  const info = server.snapshot.serverInfo;
  const name = typeof info["name"] === "string" ? info["name"] : server.key;
  const version = typeof info["version"] === "string" ? ` ${info["version"]}` : "";
  const instructions = server.snapshot.instructions ? `\n\n${server.snapshot.instructions}` : "";
  return `Client for the MCP server ${name}${version}.${instructions}`;
}

/**
 * Stage `normalize`: one server of the `Snapshot` → `NormalizedServer`: every entity with
 * the identifiers the emitted code will use, clashes resolved and reported.
 */
import { scanHeaderParameters, serverToolNames, templateVariables, type HeaderParameter, type Json, type PromptEntry, type ResourceEntry, type ResourceTemplateEntry, type ServerSnapshot, type SkillEntry, type ToolEntry } from "@mcp-codegen/runtime/internal";
import { NameScope, pascalCase } from "./identifiers.js";
import { definitionKeys } from "../emit/schema/definitions.js";
import { RESERVED_NAMESPACE_MEMBERS, RESERVED_SERVER_MEMBERS, RESERVED_TYPE_NAMES, SKILLS_MEMBER, TASKS_MEMBER } from "./reserved.js";

export interface NamingNote {
  /** `tool "math/get-weather"` */
  subject: string;
  message: string;
}

export interface NormalizedTool {
  entry: ToolEntry;
  method: string;
  /**
   * The name every framework target gives the tool (LangChain, AI SDK, OpenAI Agents; before a
   * `prefix` or a cross-server rename): the runtime's `serverToolNames`, so types and tools agree.
   */
  modelName: string;
  inputType: string;
  outputType: string | undefined;
  /** Names of the input and output types' sub-types (`$defs` entries), by definition key. */
  inputSubTypes: [key: string, name: string][];
  outputSubTypes: [key: string, name: string][];
  /** The tool can run as an MCP task ("optional") or only as one ("required"). */
  taskSupport: TaskSupport | undefined;
  /** Parameters mirrored into `Mcp-Param-*` headers (`x-mcp-header`). */
  headers: HeaderParameter[];
}

export type TaskSupport = "optional" | "required";

export interface NormalizedResource {
  entry: ResourceEntry;
  member: string;
}

export interface NormalizedTemplate {
  entry: ResourceTemplateEntry;
  member: string;
  paramsType: string;
  variables: string[];
}

export interface NormalizedPrompt {
  entry: PromptEntry;
  member: string;
  argsType: string;
}

export interface NormalizedSkill {
  entry: SkillEntry;
  /** Member of the client's `skills` namespace (`mcp.docs.skills.pdfProcessing`). */
  member: string;
}

export interface NormalizedServer {
  /** Key in the config (module folder name). */
  key: string;
  /** Property on the client (`mcp.<property>`). */
  property: string;
  /** PascalCase stem for the server's own names (`createMathClient`). */
  typeStem: string;
  snapshot: ServerSnapshot;
  tools: NormalizedTool[];
  resources: NormalizedResource[];
  templates: NormalizedTemplate[];
  prompts: NormalizedPrompt[];
  /** Skills (SEP-2640); `undefined` for a server that does not declare the extension. */
  skills: NormalizedSkill[] | undefined;
  /** Name of the type of the skills' names (a literal union), when the server has skills. */
  skillNameType: string | undefined;
  notes: NamingNote[];
  /** Entities left out of the generated code, and why. */
  warnings: { subject: string; pointer: string; message: string }[];
}

export interface NormalizeOptions {
  /** The OpenAI Agents target is configured: its names (own alphabet, no `-`) are decided and reported too. */
  agentsNames?: boolean;
}

export function normalizeServer(key: string, property: string, snapshot: ServerSnapshot, options: NormalizeOptions = {}): NormalizedServer {
  const notes: NamingNote[] = [];
  const warnings: NormalizedServer["warnings"] = [];
  const types = new NameScope(RESERVED_TYPE_NAMES);
  // A server with task tools gets `tasks` (resume, list) next to its methods.
  const hasTasks = snapshot.tools.some((entry) => taskSupportOf(entry) !== undefined);
  // Likewise `skills` for a server that declares the Skills extension.
  const ownMembers = [...(hasTasks ? [TASKS_MEMBER] : []), ...(snapshot.skills ? [SKILLS_MEMBER] : [])];
  const methods = new NameScope(ownMembers.length > 0 ? new Set([...RESERVED_SERVER_MEMBERS, ...ownMembers]) : RESERVED_SERVER_MEMBERS);
  const resourceMembers = new NameScope(RESERVED_NAMESPACE_MEMBERS);
  const promptMembers = new NameScope(RESERVED_NAMESPACE_MEMBERS);
  const skillMembers = new NameScope(RESERVED_NAMESPACE_MEMBERS);

  /** The member name for an entity (`subject` in notes, `owner` in clash reasons), reported when it had to differ. */
  const assign = (scope: NameScope, raw: string, fallback: string, subject: string, owner: string): string => {
    const { name, reason } = scope.identifier(raw, fallback, owner);
    if (reason !== undefined) notes.push({ subject, message: `named ${name} (${reason})` });
    return name;
  };
  const typeNameOf = (stem: string, suffix: string, subject: string, owner: string) => {
    const { name, clash } = types.take(`${stem}${suffix}`, owner);
    if (clash !== undefined) notes.push({ subject, message: `type named ${name} (${stem}${suffix} clashes with ${clash})` });
    return name;
  };

  // MCP 2026-07-28: a tool whose `x-mcp-header` declarations break the rules must be left out.
  const headerScans = new Map(snapshot.tools.map((entry) => [entry, scanHeaderParameters(entry.inputSchema)] as const));
  const usable = snapshot.tools.filter((entry) => {
    const scan = headerScans.get(entry);
    if (scan?.valid === false) warnings.push({ subject: `tool "${key}/${entry.name}"`, pointer: "/inputSchema", message: `left out of the generated code: ${scan.reason}` });
    return scan?.valid !== false;
  });
  const tools = usable.map((entry): NormalizedTool => {
    const subject = `tool "${key}/${entry.name}"`;
    const owner = `tool ${JSON.stringify(entry.name)}`;
    const method = assign(methods, entry.name, "tool", subject, owner);
    const stem = pascalCase(method, "Tool");
    return {
      entry,
      method,
      modelName: "",
      inputType: typeNameOf(stem, "Input", subject, owner),
      outputType: entry.outputSchema ? typeNameOf(stem, "Output", subject, owner) : undefined,
      inputSubTypes: [],
      outputSubTypes: [],
      taskSupport: taskSupportOf(entry),
      headers: headerParametersOf(headerScans.get(entry)),
    };
  });

  // One naming pass for every target's model-facing names (the runtime makes the same one).
  const rawNames = tools.map((tool) => tool.entry.name);
  const modelNames = serverToolNames(key, rawNames, false);
  tools.forEach((tool, index) => (tool.modelName = modelNames.names[index]!));
  for (const rename of modelNames.renames) {
    const tool = tools[rename.index]!;
    notes.push({ subject: `tool "${key}/${tool.entry.name}"`, message: `model-facing name ${rename.to} in every target (${rename.reason})` });
  }
  // The Agents SDK's alphabet has no `-`: a rename there beyond `-` → `_` is reported apart.
  if (options.agentsNames) {
    const agents = serverToolNames(key, rawNames, false, "openai-agents");
    for (const rename of agents.renames) {
      if (modelNames.names[rename.index] === rename.to) continue;
      notes.push({ subject: `tool "${key}/${tools[rename.index]!.entry.name}"`, message: `OpenAI Agents name ${rename.to} (${rename.reason} there)` });
    }
  }

  const resources = snapshot.resources.map((entry): NormalizedResource => {
    const subject = `resource "${key}/${entry.uri}"`;
    return { entry, member: assign(resourceMembers, entry.name, "resource", subject, `resource ${JSON.stringify(entry.name)}`) };
  });

  const templates = snapshot.resourceTemplates.map((entry): NormalizedTemplate => {
    const subject = `resource template "${key}/${entry.uriTemplate}"`;
    const owner = `resource template ${JSON.stringify(entry.name)}`;
    const member = assign(resourceMembers, entry.name, "template", subject, owner);
    return {
      entry,
      member,
      paramsType: typeNameOf(pascalCase(member, "Template"), "Params", subject, owner),
      variables: templateVariables(entry.uriTemplate),
    };
  });

  const prompts = snapshot.prompts.map((entry): NormalizedPrompt => {
    const subject = `prompt "${key}/${entry.name}"`;
    const owner = `prompt ${JSON.stringify(entry.name)}`;
    const member = assign(promptMembers, entry.name, "prompt", subject, owner);
    return { entry, member, argsType: typeNameOf(pascalCase(member, "Prompt"), "PromptArgs", subject, owner) };
  });

  const skills = snapshot.skills?.map((entry): NormalizedSkill => {
    const subject = `skill "${key}/${entry.uri}"`;
    return { entry, member: assign(skillMembers, entry.name, "skill", subject, `skill ${JSON.stringify(entry.name)}`) };
  });
  const skillNameType = skills && skills.length > 0 ? typeNameOf("Skill", "Name", `server "${key}"`, "the skills' names") : undefined;

  // Sub-types last: a tool's own type names never yield to another tool's `$defs`.
  for (const tool of tools) {
    const subject = `tool "${key}/${tool.entry.name}"`;
    const owner = `tool ${JSON.stringify(tool.entry.name)}`;
    const subTypes = (typeName: string, schema: Json) =>
      definitionKeys(schema).map((definition): [string, string] => [definition, typeNameOf(typeName, pascalCase(definition, "Def"), subject, `${owner} ($defs ${JSON.stringify(definition)})`)]);
    tool.inputSubTypes = subTypes(tool.inputType, tool.entry.inputSchema);
    if (tool.outputType !== undefined && tool.entry.outputSchema !== undefined) tool.outputSubTypes = subTypes(tool.outputType, tool.entry.outputSchema);
  }

  return { key, property, typeStem: pascalCase(property, "Server"), snapshot, tools, resources, templates, prompts, skills, skillNameType, notes, warnings };
}

function headerParametersOf(scan: ReturnType<typeof scanHeaderParameters> | undefined): HeaderParameter[] {
  return scan?.valid ? scan.parameters : [];
}

/** `execution.taskSupport` when it is one of the two values that allow tasks (anything else: none). */
export function taskSupportOf(entry: ToolEntry): TaskSupport | undefined {
  const execution: unknown = entry.execution;
  const support = typeof execution === "object" && execution !== null ? (execution as { taskSupport?: unknown }).taskSupport : undefined;
  return support === "optional" || support === "required" ? support : undefined;
}


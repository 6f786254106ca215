/**
 * Stage `normalize`: one server of the `Snapshot` → `NormalizedServer`: every entity with
 * the identifiers the emitted code will use, clashes resolved and reported.
 */
import { UriTemplate } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import type {
  PromptEntry,
  ResourceEntry,
  ResourceTemplateEntry,
  ServerSnapshot,
  ToolEntry,
} from "@mcp-codegen/runtime/internal";
import { NameScope, pascalCase } from "./identifiers.js";
import { RESERVED_NAMESPACE_MEMBERS, RESERVED_SERVER_MEMBERS, RESERVED_TYPE_NAMES } from "./reserved.js";

export interface NamingNote {
  /** `tool "math/get-weather"` */
  subject: string;
  message: string;
}

export interface NormalizedTool {
  entry: ToolEntry;
  method: string;
  inputType: string;
  outputType: string | undefined;
}

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
  notes: NamingNote[];
}

export function normalizeServer(key: string, property: string, snapshot: ServerSnapshot): NormalizedServer {
  const notes: NamingNote[] = [];
  const types = new NameScope(RESERVED_TYPE_NAMES);
  const methods = new NameScope(RESERVED_SERVER_MEMBERS);
  const resourceMembers = new NameScope(RESERVED_NAMESPACE_MEMBERS);
  const promptMembers = new NameScope(RESERVED_NAMESPACE_MEMBERS);

  /** The member name for an entity (`subject` in notes, `owner` in clash reasons), reported when it had to differ. */
  const assign = (scope: NameScope, raw: string, fallback: string, subject: string, owner: string): string => {
    const { name, reason } = scope.identifier(raw, fallback, owner);
    if (reason !== undefined) notes.push({ subject, message: `named ${name} (${reason})` });
    return name;
  };
  const typeName = (stem: string, suffix: string, subject: string, owner: string) => {
    const { name, clash } = types.take(`${stem}${suffix}`, owner);
    if (clash !== undefined) notes.push({ subject, message: `type named ${name} (${stem}${suffix} clashes with ${clash})` });
    return name;
  };

  const tools = snapshot.tools.map((entry): NormalizedTool => {
    const subject = `tool "${key}/${entry.name}"`;
    const owner = `tool ${JSON.stringify(entry.name)}`;
    const method = assign(methods, entry.name, "tool", subject, owner);
    const stem = pascalCase(method, "Tool");
    return {
      entry,
      method,
      inputType: typeName(stem, "Input", subject, owner),
      outputType: entry.outputSchema ? typeName(stem, "Output", subject, owner) : undefined,
    };
  });

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
      paramsType: typeName(pascalCase(member, "Template"), "Params", subject, owner),
      variables: templateVariables(entry.uriTemplate),
    };
  });

  const prompts = snapshot.prompts.map((entry): NormalizedPrompt => {
    const subject = `prompt "${key}/${entry.name}"`;
    const owner = `prompt ${JSON.stringify(entry.name)}`;
    const member = assign(promptMembers, entry.name, "prompt", subject, owner);
    return { entry, member, argsType: typeName(pascalCase(member, "Prompt"), "PromptArgs", subject, owner) };
  });

  return { key, property, typeStem: pascalCase(property, "Server"), snapshot, tools, resources, templates, prompts, notes };
}

function templateVariables(uriTemplate: string): string[] {
  try {
    return [...new Set(new UriTemplate(uriTemplate).variableNames)];
  } catch {
    return [];
  }
}

/**
 * What a server module imports, each name with the members it needs: a module imports only what
 * it uses, so it compiles under `noUnusedLocals` (Vite's stock `tsconfig.app.json`).
 */
export type ModuleNeed =
  | "tools"
  | "resources"
  | "templates"
  | "langChainPrompts"
  | "mcpPrompts"
  | "prompts"
  | "readable"
  | "callable"
  | "modulePath"
  | "projectPath"
  | "tasks"
  | "requiredTasks"
  | "langchain"
  | "skills"
  | "skillAccessors"
  | "always";

export const RUNTIME_IMPORTS: readonly (readonly [name: string, need: ModuleNeed, typeOnly: boolean])[] = [
  ["createLangChainTools", "langchain", false],
  ["driftGuard", "always", false],
  ["expandUriTemplate", "templates", false],
  ["getMcpPromptMessages", "mcpPrompts", false],
  ["getPromptMessages", "langChainPrompts", false],
  ["readTypedResource", "readable", false],
  ["pathFromModule", "modulePath", false],
  ["pathFromProjectRoot", "projectPath", false],
  ["serverTasks", "tasks", false],
  ["skillAccessor", "skillAccessors", false],
  ["CallOptions", "callable", true],
  ["DriftReport", "always", true],
  ["GeneratedSnapshot", "always", true],
  ["LangChainToolOptions", "langchain", true],
  ["PromptDescriptor", "prompts", true],
  ["PromptMessage", "mcpPrompts", true],
  ["ResourceContent", "readable", true],
  ["ResourceDescriptor", "resources", true],
  ["ResourceTemplateDescriptor", "templates", true],
  ["Runtime", "always", true],
  ["RuntimeServerConfig", "always", true],
  ["ServerTasks", "tasks", true],
  ["SkillAccessor", "skillAccessors", true],
  ["SkillDescriptor", "skills", true],
  ["TaskCallOptions", "requiredTasks", true],
  ["TaskHandle", "tasks", true],
  ["TaskStartOptions", "tasks", true],
  ["ToolDescriptor", "always", true],
  ["ToolResult", "tools", true],
];

/**
 * `@mcp-codegen/runtime/openai-agents`: what generated modules import for the OpenAI Agents SDK
 * target (`targets: ["openai-agents"]`). `@openai/agents` is an optional peer, loaded when the
 * first tools are built.
 */
export { createAgentsTools, uniqueAgentsToolNames, type AgentsTool, type AgentsToolOptions } from "./adapters/openai-agents/index.js";
export type { GeneratedTools, FrameworkToolOptions } from "./adapters/generated-tools.js";
export type { ModelSchemaMode } from "./shared/model-schema/rules.js";

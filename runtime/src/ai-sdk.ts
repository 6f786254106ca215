/**
 * `@mcp-codegen/runtime/ai-sdk`: what generated modules import for the Vercel AI SDK target
 * (`targets: ["ai-sdk"]`). `ai` is an optional peer, loaded when the first tools are built.
 */
export { createAiSdkTools, aiSdkToolApproval, mergeAiSdkTools, type AiSdkTool, type AiSdkToolApproval, type AiSdkToolOptions } from "./adapters/ai-sdk/index.js";
export type { GeneratedTools, FrameworkToolOptions } from "./adapters/generated-tools.js";
export type { ModelSchemaMode } from "./shared/model-schema/rules.js";

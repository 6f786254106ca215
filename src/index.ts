/** `mcp-codegen`: configuration helpers and the programmatic generator. */
export { defineConfig, type CodegenConfig } from "./config/define.js";
export { loadConfig, resolveConfig, type ResolvedConfig } from "./config/load.js";
export { generate, generateFromSnapshot, type GenerateOptions, type GenerateReport } from "./pipeline.js";
export { CodegenError } from "@mcp-codegen/runtime/internal";
export type { ServerConfig } from "@mcp-codegen/runtime/internal";
export type { Snapshot, ServerSnapshot, ToolEntry } from "@mcp-codegen/runtime/internal";
export { check, diffFiles, type CheckFailure, type CheckOptions, type CheckResult } from "./check.js";
export { renderReport, failsAt, RULES, type DriftReport, type Change } from "./drift/index.js";

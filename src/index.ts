/** `mcp-codegen`: configuration helpers and the programmatic generator. */
export { defineConfig, type CodegenConfig } from "./config/define.js";
export { loadConfig, resolveConfig, type ResolvedConfig } from "./config/load.js";
export { generate, generateFromSnapshot, type GenerateOptions, type GenerateReport } from "./pipeline.js";
export { CodegenError } from "./shared/errors.js";
export type { ServerConfig } from "./shared/server-config.js";
export type { Snapshot, ServerSnapshot, ToolEntry } from "./shared/snapshot.js";
export { check, diffFiles, type CheckOptions, type CheckResult } from "./check.js";
export { renderReport, failsAt, RULES, type DriftReport, type Change } from "./drift/index.js";

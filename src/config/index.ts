export { defineConfig, type CodegenConfig } from "./define.js";
export { loadConfig, resolveConfig, type ResolvedConfig, type ResolvedServer } from "./load.js";
export type { DriftConfig } from "./schema.js";

import type { ServerConfig } from "@mcp-codegen/runtime/internal";
import type { DriftConfig } from "./schema.js";

/** What `codegen.config.ts` exports. */
export interface CodegenConfig {
  /** Server key → how to connect. The key names the generated module and client property. */
  servers: Record<string, ServerConfig>;
  /** Where generated modules go, relative to the config file. Default `generated`. */
  outDir?: string;
  /** The committed snapshot file, relative to the config file. Default `<outDir>/mcp-snapshot.json`. */
  snapshot?: string;
  /** Default per-server timeout (ms) for connect, initialise and listing. Default 30 000. */
  timeout?: number;
  /** Drift rules: re-levelled rules and accepted changes for `check`. */
  drift?: DriftConfig;
}

/** Identity function that gives editors the config's types. */
export function defineConfig(config: CodegenConfig): CodegenConfig {
  return config;
}

/** The options each command line parses into (commander fills them) and their library forms. */
import type { GenerateOptions } from "../pipeline.js";

export interface GenerateCliOptions {
  config?: string;
  offline?: boolean;
  check?: boolean;
  quiet?: boolean;
  json?: boolean;
  server?: string[];
  watch?: boolean;
  cache: boolean;
  /** Print the context-cost table (and count with `--check` too). */
  contextCost?: boolean;
  verbose?: boolean;
}

export interface InitCliOptions {
  from?: string;
  yes?: boolean;
  force?: boolean;
}

export interface CheckCliOptions {
  config?: string;
  failOn?: "breaking" | "dangerous" | "safe";
  format: "text" | "json" | "markdown" | "github";
  server?: string[];
}

export interface AuditCliOptions {
  config?: string;
  live?: boolean;
  server?: string[];
  format: "text" | "json" | "markdown" | "github" | "sarif";
  output?: string;
  failOn?: "error" | "warning" | "note";
}

export type DiffCliOptions = Omit<CheckCliOptions, "server">;

/** The library options a command line asks for. */
export function generateOptions(options: GenerateCliOptions): GenerateOptions {
  return {
    ...(options.config === undefined ? {} : { configPath: options.config }),
    ...(options.server === undefined ? {} : { servers: options.server }),
    offline: options.offline === true,
    check: options.check === true,
    cache: options.cache,
    ...(options.contextCost === true ? { contextCost: true } : {}),
  };
}

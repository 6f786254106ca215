import type { DriftReport } from "@mcp-codegen/runtime/internal";

export interface RenderOptions {
  /** ANSI colours (text format). Default false; the CLI passes `stdout.isTTY`. */
  color?: boolean;
  /** File the `github` annotations point at (the snapshot path, relative to the repository). */
  file?: string;
  /** How many servers were compared: the text format then says "No drift: N servers match the snapshot." */
  servers?: number;
  /** Servers that could not be checked (or why nothing could be): every format names them. */
  failures?: readonly ReportFailure[];
}

/** A server that could not be checked (`server` absent: the whole check could not run). */
export interface ReportFailure {
  server?: string;
  /** One line, e.g. `server "weather": cannot capture: connection refused 127.0.0.1:3917`. */
  message: string;
}

export type Renderer = (report: DriftReport, options?: RenderOptions) => string;

import type { DriftReport } from "@mcp-codegen/runtime/internal";

export interface RenderOptions {
  /** ANSI colours (text format). Default false; the CLI passes `stdout.isTTY`. */
  color?: boolean;
  /** File the `github` annotations point at (the snapshot path, relative to the repository). */
  file?: string;
  /** How many servers were compared: the text format then says "No drift: N servers match the snapshot." */
  servers?: number;
}

export type Renderer = (report: DriftReport, options?: RenderOptions) => string;

/** The per-tool figures of the context-cost report (report.ts). */
import type { ModelSchemaMode } from "@mcp-codegen/runtime/internal";
import type { TargetName } from "../config/targets.js";

export interface TargetCost {
  target: TargetName;
  modelSchema: ModelSchemaMode;
  tokens: number;
}

export interface ToolCost {
  server: string;
  tool: string;
  /** One entry per configured target, in the config's target order. */
  targets: TargetCost[];
  /** The largest of `targets`' tokens: what ranks the tool. */
  tokens: number;
}

/**
 * Which framework bindings `generate` emits (`targets`), the approval policy (`approval`) and the
 * schema the model sees (`modelSchema`): the config keys of the target plugins (src/emit/targets/).
 */
import { z } from "zod";
import { MODEL_SCHEMA_MODES, type ModelSchemaMode } from "@mcp-codegen/runtime/internal";

export const TARGET_NAMES = ["langchain", "ai-sdk", "openai-agents"] as const;
export type TargetName = (typeof TARGET_NAMES)[number];
/** The targets whose model schema can be projected (LangChain tools always carry the exact Zod schema). */
export const PROJECTING_TARGETS = ["ai-sdk", "openai-agents"] as const;
export type ProjectingTarget = (typeof PROJECTING_TARGETS)[number];

const modelSchemaMode = z.enum(MODEL_SCHEMA_MODES as [ModelSchemaMode, ...ModelSchemaMode[]]);

export const targetsConfig = {
  /** Framework bindings to emit, besides the typed client (default: LangChain only). */
  targets: z.array(z.enum(TARGET_NAMES)).min(1, "name at least one target").optional(),
  /**
   * Which tools need a person's approval, from their annotations (a tool without annotations is,
   * as the MCP spec says, not read-only, destructive and open-world): `tools` globs (`server.tool`
   * or `tool`) override the hints.
   */
  approval: z
    .strictObject({
      destructive: z.boolean().optional(),
      openWorld: z.boolean().optional(),
      readOnly: z.boolean().optional(),
      tools: z.record(z.string().min(1), z.boolean()).optional(),
    })
    .optional(),
  /** The JSON Schema the model sees: one mode for every target, or one per target. */
  modelSchema: z.union([modelSchemaMode, z.strictObject({ "ai-sdk": modelSchemaMode.optional(), "openai-agents": modelSchemaMode.optional() })]).optional(),
};

export interface ApprovalPolicy {
  destructive: boolean;
  openWorld: boolean;
  readOnly: boolean;
  tools: Readonly<Record<string, boolean>>;
}

export interface TargetSettings {
  /** In TARGET_NAMES order, each once. */
  targets: readonly TargetName[];
  /** Undefined: no tool needs approval (and nothing about approval is emitted). */
  approval: ApprovalPolicy | undefined;
  modelSchema: Readonly<Record<ProjectingTarget, ModelSchemaMode>>;
}

type TargetsInput = { [K in keyof typeof targetsConfig]?: z.output<(typeof targetsConfig)[K]> };

export function resolveTargets(config: TargetsInput): TargetSettings {
  const chosen = new Set(config.targets ?? ["langchain"]);
  const approval = config.approval && {
    destructive: config.approval.destructive ?? true,
    openWorld: config.approval.openWorld ?? false,
    readOnly: config.approval.readOnly ?? false,
    tools: config.approval.tools ?? {},
  };
  const mode = config.modelSchema;
  const modelSchema = {
    "ai-sdk": typeof mode === "string" ? mode : (mode?.["ai-sdk"] ?? "exact"),
    "openai-agents": typeof mode === "string" ? mode : (mode?.["openai-agents"] ?? "exact"),
  };
  return { targets: TARGET_NAMES.filter((name) => chosen.has(name)), approval, modelSchema };
}

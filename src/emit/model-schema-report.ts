/**
 * What `modelSchema` cannot project, reported at generate time: one warning per problem, naming
 * the tool, the JSON pointer into its input schema and the target whose model sees the projection.
 * (The exact Zod schema still validates every call: a lossy projection costs the model a retry,
 * never a wrong call.)
 */
import { projectSchema, type JsonObject } from "@mcp-codegen/runtime/internal";
import { PROJECTING_TARGETS, type TargetSettings } from "../config/targets.js";
import type { NormalizedServer } from "../normalize/normalize.js";
import type { EmitWarning } from "./tool-chunk.js";

export function modelSchemaWarnings(server: NormalizedServer, settings: TargetSettings): EmitWarning[] {
  const warnings: EmitWarning[] = [];
  for (const target of PROJECTING_TARGETS) {
    const mode = settings.modelSchema[target];
    if (mode === "exact" || !settings.targets.includes(target)) continue;
    for (const tool of server.tools) {
      for (const problem of projectSchema(tool.entry.inputSchema as JsonObject, mode).problems) {
        warnings.push({ subject: `tool "${server.key}/${tool.entry.name}"`, pointer: `/inputSchema${problem.pointer}`, message: `modelSchema "${mode}" (${target}): ${problem.message}` });
      }
    }
  }
  return warnings;
}

/**
 * What a generated module hands a framework adapter (AI SDK, OpenAI Agents) for one server:
 * its descriptors and what codegen.config decided for them (approvals, the schema the model
 * sees). Resolved here once per tool, when the tools are built, never per call.
 */
import type { GeneratedSnapshot } from "../calls/drift-guard.js";
import type { JsonObject } from "../shared/snapshot.js";
import type { ToolDescriptor } from "../shared/call-types.js";
import { withoutUndefinedKeys } from "../shared/json-args.js";
import { ValidationError } from "../shared/errors.js";
import { mapBack } from "../shared/model-schema/map-back.js";
import { projectSchema, type ModelSchemaMode } from "../shared/model-schema/project.js";
import { serverToolNames, type NameAlphabet } from "./tool-names.js";
import { getOwn } from "../shared/own-property.js";

export interface GeneratedTools {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly tools: readonly ToolDescriptor<any, any>[];
  /** Tools that need a person's approval before they run, by raw MCP name (codegen.config `approval`). */
  readonly approvals?: Readonly<Record<string, boolean>>;
  /** The JSON Schema the model sees (codegen.config `modelSchema`; default "exact"). */
  readonly modelSchema?: ModelSchemaMode;
  /** The generated snapshot (its exact JSON Schemas), read once when the tools are built. */
  readonly loadSnapshot?: () => Promise<GeneratedSnapshot>;
}

/** The options every framework adapter takes. */
export interface FrameworkToolOptions {
  /** Name tools `server__tool`; default: the runtime's `prefixToolNames` (false). */
  prefix?: boolean;
}

/** One tool as the adapters build it: its model-facing name and input, and its approval. */
export interface PreparedTool {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly descriptor: ToolDescriptor<any, any>;
  readonly name: string;
  readonly needsApproval: boolean;
  /** The exact JSON Schema of the input (the snapshot's), or the projection the config chose; undefined when not needed. */
  readonly modelSchema: JsonObject | undefined;
  /**
   * Model arguments → validated arguments for the wire: mapped back from the projection (nulls of
   * absent optional properties removed), `undefined` keys dropped, checked with the exact Zod schema.
   */
  readonly toArgs: (value: unknown) => Record<string, unknown>;
  /** `toArgs` for arguments fresh from `JSON.parse` (no `undefined` anywhere: nothing to drop). */
  readonly toArgsFromJson: (value: unknown) => Record<string, unknown>;
}

/**
 * The tools prepared once: names, approvals and, when `jsonNeeded` or a projection is configured,
 * the JSON Schema the model sees (from the snapshot, projected).
 */
export async function prepareTools(server: string, generated: GeneratedTools, prefix: boolean, jsonNeeded: boolean, alphabet: NameAlphabet = "provider"): Promise<PreparedTool[]> {
  const mode = generated.modelSchema ?? "exact";
  const snapshot = jsonNeeded || mode !== "exact" ? await generated.loadSnapshot?.() : undefined;
  const schemas = new Map(snapshot?.server.tools.map((tool) => [tool.name, tool.inputSchema as JsonObject]) ?? []);
  const { names } = serverToolNames(server, generated.tools.map((descriptor) => descriptor.name), prefix, alphabet);
  return generated.tools.map((descriptor, index) => {
    const exact = schemas.get(descriptor.name);
    const projected = exact && mode !== "exact" ? projectSchema(exact, mode).schema : exact;
    const parse = (value: unknown): Record<string, unknown> => {
      const parsed = descriptor.input.safeParse(value);
      if (!parsed.success) throw new ValidationError(server, descriptor.name, parsed.error.issues, parsed.error);
      return parsed.data as Record<string, unknown>;
    };
    const toArgs =
      exact && mode !== "exact"
        ? (value: unknown) => parse(withoutUndefinedKeys(mapBack(exact, value ?? {}, mode) as Record<string, unknown>))
        : (value: unknown) => parse(withoutUndefinedKeys((value ?? {}) as Record<string, unknown>));
    const toArgsFromJson = exact && mode !== "exact" ? (value: unknown) => parse(mapBack(exact, value ?? {}, mode)) : (value: unknown) => parse(value ?? {});
    return {
      descriptor,
      name: names[index]!,
      // By own key: a tool named `__proto__` or `constructor` finds its own entry, never Object's.
      needsApproval: generated.approvals !== undefined && getOwn(generated.approvals, descriptor.name) === true,
      modelSchema: projected,
      toArgs,
      toArgsFromJson,
    };
  });
}

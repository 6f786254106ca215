/**
 * AI SDK tools over runtime calls: one `tool({ description, inputSchema, outputSchema, execute,
 * toModelOutput })` per generated descriptor, keyed by its model-facing name. The input schema is
 * the generated Zod schema (the AI SDK validates the model's input with it before `execute`, so
 * `execute` does not parse again), or with `modelSchema` a projection the provider accepts whose
 * validation maps the model's arguments back and checks them with the exact Zod schema. `execute`
 * returns the typed result (`ToolResult`: content, typed `structuredContent`, text, `_meta`);
 * `toModelOutput` gives the model its content blocks. A tool error, a failed task or a drift
 * refusal is thrown, which the AI SDK hands the model as the tool's error.
 */
import type { Tool, ToolExecutionOptions, ToolSet } from "ai";
import type { Runtime } from "../../calls/runtime-api.js";
import { runtimeInternals } from "../../calls/runtime-api.js";
import { withoutUndefinedKeys } from "../../shared/json-args.js";
import type { ToolResult } from "../../shared/call-types.js";
import { toolRunner } from "../tool-runner.js";
import { prepareTools, type FrameworkToolOptions, type GeneratedTools, type PreparedTool } from "../generated-tools.js";
import { loadAiSdk, type AiSdkModules } from "./load.js";
import { toModelOutput } from "./content.js";
import { planUniqueNames } from "../tool-names.js";
import { setOwn } from "../../shared/own-property.js";

/** A generated tool for the AI SDK: typed input, the typed result as its output. */
export type AiSdkTool<I, O> = Tool<I, ToolResult<O>>;

export type AiSdkToolOptions = FrameworkToolOptions;

/** Approval status per tool, for `generateText({ toolApproval })` / `ToolLoopAgent`. */
export type AiSdkToolApproval = Record<string, "user-approval" | "not-applicable">;

/** Which tool needs approval, by the tool objects built here (the names may be prefixed or renamed later). */
const APPROVALS = new WeakMap<object, boolean>();
const ORIGINS = new WeakMap<object, { server: string; tool: string }>();

/** The AI SDK tools of one server, keyed by model-facing name. */
export async function createAiSdkTools(runtime: Runtime, server: string, generated: GeneratedTools, options: AiSdkToolOptions = {}): Promise<ToolSet> {
  const internals = runtimeInternals(runtime);
  const prefix = options.prefix ?? internals?.prefixToolNames ?? false;
  const [modules, prepared] = await Promise.all([loadAiSdk(), prepareTools(server, generated, prefix, false)]);
  const set = toolSet();
  for (const tool of prepared) setOwn(set, tool.name, buildTool(modules, runtime, server, tool, generated.modelSchema ?? "exact"));
  return set;
}

function buildTool(modules: AiSdkModules, runtime: Runtime, server: string, prepared: PreparedTool, mode: string): Tool {
  const { ai, zod } = modules;
  const { descriptor } = prepared;
  const run = toolRunner(runtime, server, descriptor);
  const inputSchema =
    mode === "exact" || prepared.modelSchema === undefined
      ? descriptor.input
      : ai.jsonSchema(prepared.modelSchema as never, {
          validate: (value) => {
            try {
              return { success: true, value: prepared.toArgs(value) };
            } catch (error) {
              return { success: false, error: error as Error };
            }
          },
        });
  // The typed result, as the AI SDK validates stored outputs (UI messages) against outputSchema.
  const outputSchema = zod.z.object({
    content: zod.z.array(zod.z.unknown()),
    structuredContent: descriptor.output ?? zod.z.unknown(),
    text: zod.z.string(),
    _meta: zod.z.record(zod.z.string(), zod.z.unknown()).optional(),
  });
  const projected = inputSchema !== descriptor.input;
  const built = ai.tool({
    description: descriptor.description,
    inputSchema: inputSchema as never,
    outputSchema: outputSchema as never,
    ...(prepared.needsApproval ? { needsApproval: true } : {}),
    // The AI SDK has validated the input (and mapped a projection back): only `undefined` keys are dropped.
    execute: async (input: unknown, execution: ToolExecutionOptions<unknown>) => {
      const args = projected ? (input as Record<string, unknown>) : withoutUndefinedKeys((input ?? {}) as Record<string, unknown>);
      const signal = execution.abortSignal;
      const outcome = await run(args, signal ? { signal } : undefined, { config: {}, toolCallId: execution.toolCallId });
      if (!outcome.ok) throw outcome.error.error;
      return outcome.result;
    },
    toModelOutput: ({ output }: { output: unknown }) => toModelOutput(output as ToolResult<unknown>),
  } as never) as Tool;
  APPROVALS.set(built, prepared.needsApproval);
  ORIGINS.set(built, { server, tool: descriptor.name });
  return built;
}

/**
 * `toolApproval` for `generateText` / `streamText` / `ToolLoopAgent` from the approval policy of
 * codegen.config: "user-approval" for the tools it names, "not-applicable" for the others.
 */
export function aiSdkToolApproval(tools: ToolSet): AiSdkToolApproval {
  const approval = Object.create(null) as AiSdkToolApproval;
  for (const [name, tool] of Object.entries(tools)) setOwn(approval, name, APPROVALS.get(tool) ? "user-approval" : "not-applicable");
  return approval;
}

/**
 * A tool set keyed by tool names (server text): null-prototype, written with own keys, so that
 * `__proto__` is a tool like any other and a name no tool has (`constructor`) finds nothing.
 */
function toolSet(): ToolSet {
  return Object.create(null) as ToolSet;
}

/**
 * Several servers' tool sets as one: names shared across servers get their `server__` prefix
 * (as `uniqueToolNames` does for LangChain tools), each rename reported through `warn`.
 */
export function mergeAiSdkTools(sets: readonly ToolSet[], warn: (message: string) => void = console.warn): ToolSet {
  const entries = sets.flatMap((set) => Object.entries(set));
  const named = entries.map(([name, tool]) => ({ server: ORIGINS.get(tool)?.server ?? "", tool: ORIGINS.get(tool)?.tool ?? name, name }));
  const names = named.map((entry) => entry.name);
  for (const rename of planUniqueNames(named)) {
    names[rename.index] = rename.to;
    warn(`AI SDK tool "${rename.from}" renamed to "${rename.to}": ${rename.reason}`);
  }
  const merged = toolSet();
  entries.forEach(([, tool], index) => setOwn(merged, names[index]!, tool));
  return merged;
}

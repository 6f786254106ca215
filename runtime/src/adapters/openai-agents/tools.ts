/**
 * OpenAI Agents SDK function tools over runtime calls: one `tool({ name, description, parameters,
 * strict, execute, needsApproval, errorFunction })` per generated descriptor. `parameters` is the
 * tool's exact JSON Schema from the snapshot (`strict: false`), or with `modelSchema:
 * "openai-strict"` its strict projection (`strict: true`): the SDK hands `execute` the parsed JSON
 * unvalidated, and `execute` validates it once, with the exact Zod schema (after mapping a
 * projection back). Everything is resolved when the tools are built; a call only validates and
 * sends. A tool error, a failed task or a drift refusal is thrown to `errorFunction`, which
 * returns its text to the model (the SDK's way); `handleToolErrors: false` sets `errorFunction:
 * null`, so the error fails the run.
 */
import type { FunctionTool } from "@openai/agents";
import type { Runtime } from "../../calls/runtime-api.js";
import { runtimeInternals } from "../../calls/runtime-api.js";
import { McpRuntimeError } from "../../shared/errors.js";
import { toolRunner } from "../tool-runner.js";
import { prepareTools, type FrameworkToolOptions, type GeneratedTools, type PreparedTool } from "../generated-tools.js";
import { planUniqueNames } from "../tool-names.js";
import { loadAgents, type AgentsModule } from "./load.js";
import { failureText, toAgentsOutput } from "./content.js";

export interface AgentsToolOptions extends FrameworkToolOptions {
  /** Overrides the runtime's `handleToolErrors` for these tools: false = a tool error fails the run. */
  handleToolErrors?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AgentsTool = FunctionTool<any, any, any>;

const ORIGINS = new WeakMap<object, { server: string; tool: string }>();

/** A failure the model should hear about (a tool error, a failed task, the drift guard's refusal). */
class ModelVisibleFailure extends Error {}

export async function createAgentsTools(runtime: Runtime, server: string, generated: GeneratedTools, options: AgentsToolOptions = {}): Promise<AgentsTool[]> {
  const internals = runtimeInternals(runtime);
  const prefix = options.prefix ?? internals?.prefixToolNames ?? false;
  const handleToolErrors = options.handleToolErrors ?? internals?.handleToolErrors ?? true;
  const [agents, prepared] = await Promise.all([loadAgents(), prepareTools(server, generated, prefix, true, "openai-agents")]);
  return prepared.map((tool) => buildTool(agents, runtime, server, tool, generated.modelSchema === "openai-strict", handleToolErrors));
}

function buildTool(agents: AgentsModule, runtime: Runtime, server: string, prepared: PreparedTool, strict: boolean, handleToolErrors: boolean): AgentsTool {
  const run = toolRunner(runtime, server, prepared.descriptor);
  const parameters: Record<string, unknown> = prepared.modelSchema ?? { type: "object", properties: {} };
  const built = agents.tool({
    name: prepared.name,
    description: prepared.descriptor.description,
    parameters: { ...parameters, type: "object", properties: parameters["properties"] ?? {}, required: parameters["required"] ?? [], additionalProperties: parameters["additionalProperties"] ?? !strict } as never,
    strict: strict as never,
    needsApproval: prepared.needsApproval,
    execute: async (input: unknown, _context?: unknown, details?: { signal?: AbortSignal; toolCall?: { callId?: string } }) => {
      // The SDK parsed the model's JSON (it does not validate a JSON Schema): validated here, once.
      const args = prepared.toArgsFromJson(input);
      const signal = details?.signal;
      const callId = details?.toolCall?.callId;
      const outcome = await run(args, signal ? { signal } : undefined, { config: {}, ...(callId !== undefined ? { toolCallId: callId } : {}) });
      if (!outcome.ok) throw new ModelVisibleFailure(outcome.error.message, { cause: outcome.error.error });
      return toAgentsOutput(outcome.result);
    },
    errorFunction: handleToolErrors ? (_context: unknown, error: unknown) => failureText(modelText(error)) : null,
  } as never) as AgentsTool;
  ORIGINS.set(built, { server, tool: prepared.descriptor.name });
  return built;
}

/** What the model reads of an error: the server's words for a tool error, the runtime's message otherwise. */
function modelText(error: unknown): string {
  if (error instanceof ModelVisibleFailure) return error.message;
  if (error instanceof McpRuntimeError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Several servers' tools as one list: names shared across servers get their `server__` prefix, each rename reported. */
export function uniqueAgentsToolNames(tools: AgentsTool[], warn: (message: string) => void = console.warn): AgentsTool[] {
  const named = tools.map((tool) => ({ server: ORIGINS.get(tool)?.server ?? "", tool: ORIGINS.get(tool)?.tool ?? tool.name, name: tool.name }));
  for (const rename of planUniqueNames(named, "openai-agents")) {
    tools[rename.index]!.name = rename.to;
    warn(`OpenAI Agents tool "${rename.from}" renamed to "${rename.to}": ${rename.reason}`);
  }
  return tools;
}

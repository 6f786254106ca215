/**
 * The compat client's LangChain tools: named, shaped and hooked as `@langchain/mcp-adapters`
 * 1.x makes them, called through the runtime (interceptors, timeouts, reconnects, drift guard).
 * `beforeToolCall` runs first (its args merged over the model's, its headers sent with this
 * call), `afterToolCall` last, on the result in the peer's shapes, and may replace it with a
 * string, a `[content, artifact]` pair, a ToolMessage (its content blocks) or a Command.
 */
import type { ToolMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import { ConfigError, DriftError, InterceptorError, ToolCallError } from "../../shared/errors.js";
import type { BeforeToolCall, ToolHookCall, ToolHookState } from "../../calls/hooks.js";
import { isDirectToolOutput, type DirectToolOutput } from "../../calls/interceptors.js";
import { contextOf, type ToolCallConfig } from "../langchain/tools.js";
import { loadLangChain, type LangChainCore } from "../langchain/load.js";
import { runtimeInternals, type Runtime } from "../../calls/runtime-api.js";
import type { CallOptions } from "../../shared/types.js";
import { hookView, toCompatOutput, type CompatBlock, type CompatOutput, type OutputRoutes } from "./output.js";
import { schemaProblem } from "./schema-check.js";
import { serverToolNames } from "../tool-names.js";

export interface CompatAfterToolCallInput extends ToolHookCall {
  /** `[content, artifact]` as the peer shows it to this hook. */
  readonly result: CompatOutput;
}

export type CompatAfterToolCallResult = string | [unknown, unknown[]] | ToolMessage | DirectToolOutput;

export type CompatAfterToolCall = (
  call: CompatAfterToolCallInput,
  state: ToolHookState,
  config: RunnableConfig,
) => { result: CompatAfterToolCallResult } | void | undefined | Promise<{ result: CompatAfterToolCallResult } | void | undefined>;

export interface CompatToolSettings {
  readonly server: string;
  /** Put before every tool name (`mcp__server__`), "" for none. */
  readonly namePrefix: string;
  readonly routes: OutputRoutes;
  readonly standardBlocks: boolean;
  /** Request timeout of each call in ms, unless the call's RunnableConfig sets one. */
  readonly timeout: number | undefined;
  readonly handleToolErrors: boolean;
  readonly throwOnLoadError: boolean;
  /** Extra HTTP headers for every call of these tools (`getTools(servers, { headers })`). */
  readonly headers: Record<string, string> | undefined;
  readonly beforeToolCall: BeforeToolCall | undefined;
  readonly afterToolCall: CompatAfterToolCall | undefined;
}

/** LangChain passes a Command or ToolMessage in the content slot on to the agent as is. */
type ToolFunctionOutput = CompatOutput | [unknown, unknown] | [ToolMessage | DirectToolOutput, undefined];

const PROVIDER_NAME_RULE = "model providers take only letters, digits, _ and -, at most 64 of them";

/**
 * One server's tools, named as the peer names them (`prefix` + the MCP name) where that name is
 * one a model provider accepts and no other tool of the server has; otherwise through the one
 * naming pass every target shares (tool-names.ts: sanitised, then `_2`, `_3`, …), with a warning.
 * The peer passes such names on, and the provider then refuses the agent's every request.
 */
export async function compatTools(runtime: Runtime, listed: readonly Tool[], settings: CompatToolSettings): Promise<DynamicStructuredTool[]> {
  const core = await loadLangChain();
  const warn = runtimeInternals(runtime)?.outputPolicy.warn ?? console.warn;
  const loadable: Tool[] = [];
  for (const tool of listed) {
    if (!tool.name) continue;
    const problem = schemaProblem(tool.inputSchema);
    if (problem !== undefined) {
      const error = new ConfigError(settings.server, `tool "${tool.name}" cannot be loaded: its input schema ${problem}`);
      if (settings.throwOnLoadError) throw error;
      warn(`${error.message} (skipped)`);
      continue;
    }
    loadable.push(tool);
  }
  const peerNames = loadable.map((tool) => `${settings.namePrefix}${tool.name}`);
  const { names, renames } = serverToolNames(settings.server, peerNames, false);
  names.forEach((name, index) => {
    if (name === peerNames[index]) return;
    const reason = renames.find((rename) => rename.index === index)?.reason ?? PROVIDER_NAME_RULE;
    warn(`server "${settings.server}": LangChain tool ${JSON.stringify(peerNames[index])} is named "${name}" (${reason})`);
  });
  return loadable.map((tool, index) => buildTool(core, runtime, tool, names[index]!, settings));
}

function buildTool(core: LangChainCore, runtime: Runtime, tool: Tool, name: string, settings: CompatToolSettings): DynamicStructuredTool {
  const { server } = settings;
  const schema = { ...tool.inputSchema, properties: tool.inputSchema.properties ?? {} };
  const built: DynamicStructuredTool = new core.tools.DynamicStructuredTool({
    name,
    description: tool.description ?? "",
    schema,
    responseFormat: "content_and_artifact",
    metadata: { annotations: tool.annotations },
    func: async (input: Record<string, unknown>, _runManager: unknown, config?: ToolCallConfig): Promise<ToolFunctionOutput> => {
      const context = contextOf(config);
      const state = (context.state ?? {}) as ToolHookState;
      const call: ToolHookCall = { serverName: server, name: tool.name, args: input ?? {} };
      const asked = settings.beforeToolCall ? await settings.beforeToolCall(call, state, context.config) : undefined;
      // As in the peer, the hook's args are merged into the very object it was shown.
      const before = { args: asked?.args ? Object.assign(call.args, asked.args) : call.args, headers: asked?.headers };
      // A refusal or failure the model should see: a ToolMessage with status "error".
      const fail = (text: string): ToolMessage =>
        new core.messages.ToolMessage({ status: "error", content: text, tool_call_id: context.toolCallId ?? "", name: built.name });
      const result = await send(runtime, tool.name, before.args, callOptions(settings, before.headers, config), context, settings, fail);
      if (!Array.isArray(result)) return [result, undefined];
      const [, output] = result;
      if (!settings.afterToolCall) return output;
      const change = await settings.afterToolCall({ ...call, args: before.args, result: hookView(output) }, state, context.config);
      return change ? replaced(core, server, tool.name, change.result) : output;
    },
  }) as DynamicStructuredTool;
  return built;
}

function callOptions(settings: CompatToolSettings, hookHeaders: Record<string, string> | undefined, config: ToolCallConfig | undefined): CallOptions {
  const requested = (config?.metadata?.["timeoutMs"] as number | undefined) ?? (config as { timeout?: number } | undefined)?.timeout ?? settings.timeout;
  const headers = settings.headers || hookHeaders ? { ...settings.headers, ...hookHeaders } : undefined;
  return {
    ...(requested !== undefined ? { timeout: requested } : {}),
    ...(config?.signal ? { signal: config.signal } : {}),
    ...(headers ? { headers } : {}),
  };
}

/**
 * One call through the runtime: `[result, output]` on success, or what the tool returns
 * instead (an error ToolMessage, a Command from an interceptor).
 */
async function send(
  runtime: Runtime,
  name: string,
  args: Record<string, unknown>,
  options: CallOptions,
  context: ReturnType<typeof contextOf>,
  settings: CompatToolSettings,
  fail: (text: string) => ToolMessage,
): Promise<[CallToolResult, CompatOutput] | ToolMessage | DirectToolOutput> {
  const { server } = settings;
  const internals = runtimeInternals(runtime)!;
  let result;
  try {
    result = await internals.callToolInContext(server, name, args, options, () => context);
  } catch (error) {
    if (error instanceof DriftError && settings.handleToolErrors) return fail(error.message);
    throw error;
  }
  if (isDirectToolOutput(result)) return result;
  if (result.isError) {
    const error = new ToolCallError(server, name, result.content);
    if (settings.handleToolErrors) return fail(error.message);
    throw error;
  }
  return [result, toCompatOutput(result, settings.routes, settings.standardBlocks, `MCP tool "${name}" on server "${server}"`)];
}

/** `afterToolCall`'s replacement, as the peer returns it. */
function replaced(core: LangChainCore, server: string, tool: string, result: CompatAfterToolCallResult): ToolFunctionOutput {
  if (typeof result === "string") return [result, []];
  if (Array.isArray(result)) return result as [unknown, unknown];
  if (core.messages.ToolMessage.isInstance(result)) return [result.contentBlocks as CompatBlock[], []];
  if (isDirectToolOutput(result)) return [result, undefined];
  throw new InterceptorError(server, "afterToolCall returned a result that is not a string, a [content, artifact] pair, a ToolMessage or a Command", { tool });
}

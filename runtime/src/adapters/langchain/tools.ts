/**
 * LangChain `DynamicStructuredTool`s over runtime calls. Generated factories pass their Zod
 * descriptors (typed input, parsed output); `runtime.getTools()` passes the live listing
 * (JSON Schema input). Both use responseFormat "content_and_artifact": content is standard
 * content blocks, the artifact is `{ structuredContent, _meta }` (and the blocks the server's
 * `outputHandling` routes there, output.ts). Interceptors see the tool's
 * LangChain context and may answer with a LangGraph `Command`, which goes to the agent as is.
 */
import type { ToolMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import type { ContentBlock as LangChainBlock } from "@langchain/core/messages";
import type { ZodType } from "zod";
import { DriftError, TaskFailedError, ToolCallError } from "../../shared/errors.js";
import { isDirectToolOutput, type DirectToolOutput, type InterceptorResult, type ToolCallContext } from "../../calls/interceptors.js";
import { runtimeInternals, type Runtime, type RuntimeInternals } from "../../calls/runtime-api.js";
import { parseStructured } from "../../calls/typed-calls.js";
import type { CallOptions, ToolArtifact, ToolDescriptor } from "../../shared/types.js";
import { withoutUndefinedKeys } from "../../shared/json-args.js";
import { toStandardBlocks } from "./content.js";
import { outputRoutesOf, toToolOutput } from "./output.js";
import { loadLangChain, type LangChainCore } from "./load.js";
import { planUniqueNames, providerToolName, serverToolNames } from "../tool-names.js";
import { getOwn } from "../../shared/own-property.js";
import { inGraph, withElicitationInterrupts } from "./interrupt.js";
import { rememberApproval } from "./approvals.js";
import type { InputRoutes } from "../../connection/input-routes.js";
import type { ServerConnection } from "../../connection/connection.js";
import {
  collectTaskResult,
  listedTaskSupport,
  startForAgent,
  TASK_RESULT_TOOL,
  taskResultDescription,
  taskResultInput,
  taskRunOf,
  waitForTask,
  type TaskMode,
  type TaskSupport,
} from "./tasks.js";

export interface LangChainToolOptions {
  /** Name tools `server__tool`; default: the runtime's `prefixToolNames` (false). */
  prefix?: boolean;
  /** Overrides the runtime's `handleToolErrors` for these tools. */
  handleToolErrors?: boolean;
  /**
   * Tools that run as MCP tasks: "wait" (default) = a task-required tool waits for the task's
   * result; "handle" = every task-capable tool returns the task id at once, and a companion
   * tool `task_result` collects a task's result by id.
   */
  taskMode?: TaskMode;
  /** How long the server should keep tasks these tools start, in ms. */
  taskTtl?: number;
}

interface ToolSpec {
  server: string;
  /** The raw MCP name, sent on the wire. */
  wireName: string;
  description: string;
  schema: ZodType | Record<string, unknown>;
  /** Instead of calling `wireName` (the companion tool of "handle" mode). */
  caller?: ToolCaller;
  /** The descriptor when the tool comes from generated code (typed output parsing). */
  descriptor: ToolDescriptor | undefined;
  taskSupport: TaskSupport | undefined;
}

type ToolOutput = [LangChainBlock[] | ToolMessage | DirectToolOutput, ToolArtifact | undefined];

/** What `StructuredTool.invoke` and LangChain's ToolNode put in the config a tool function gets. */
export interface ToolCallConfig extends RunnableConfig {
  toolCall?: { id?: string };
  toolCallId?: string;
  state?: unknown;
}

interface ToolOrigin {
  server: string;
  /** The raw MCP name. */
  tool: string;
  /** The runtime's `onWarning`. */
  warn: (message: string) => void;
}

/** Where each tool built here came from, for name de-duplication across servers. */
const ORIGINS = new WeakMap<DynamicStructuredTool, ToolOrigin>();

export async function createLangChainTools(
  runtime: Runtime,
  server: string,
  tools: readonly ToolDescriptor[],
  options: LangChainToolOptions = {},
  /** Generated: which tools need approval (codegen.config `approval`), by raw MCP name; see `interruptOn`. */
  approvals?: Readonly<Record<string, boolean>>,
): Promise<DynamicStructuredTool[]> {
  const core = await loadLangChain();
  const specs = tools.map((tool) => ({ server, wireName: tool.name, description: tool.description, schema: tool.input, descriptor: tool, taskSupport: tool.taskSupport }));
  const built = buildTools(core, runtime, specs, options);
  // The names every target gives this server's tools (tool-names.ts); only the companion
  // `task_result` can still clash, which `uniqueToolNames` settles.
  const prefix = options.prefix ?? runtimeInternals(runtime)?.prefixToolNames ?? false;
  serverToolNames(server, specs.map((spec) => spec.wireName), prefix).names.forEach((name, index) => (built[index]!.name = name));
  // By own key: a tool named `__proto__` or `constructor` finds its own entry, never Object's.
  if (approvals) built.forEach((tool, index) => index < specs.length && rememberApproval(tool, getOwn(approvals, specs[index]!.wireName) === true));
  return uniqueToolNames(built);
}

/** Tools from a live listing: JSON Schema input, structured output passed through unparsed. */
export async function toolsFromListing(
  runtime: Runtime,
  server: string,
  tools: readonly Tool[],
  options: LangChainToolOptions = {},
): Promise<DynamicStructuredTool[]> {
  const core = await loadLangChain();
  const specs = tools.map((tool) => ({
    server,
    wireName: tool.name,
    description: tool.description ?? tool.title ?? tool.name,
    schema: tool.inputSchema,
    descriptor: undefined,
    taskSupport: listedTaskSupport(tool),
  }));
  return buildTools(core, runtime, specs, options);
}

/** The tools, and in "handle" mode the companion `task_result` when one of them can run as a task. */
function buildTools(core: LangChainCore, runtime: Runtime, specs: ToolSpec[], options: LangChainToolOptions): DynamicStructuredTool[] {
  const built = specs.map((spec) => buildTool(core, runtime, spec, options));
  const first = specs.find((spec) => taskRunOf(spec.taskSupport, options.taskMode ?? "wait") === "handle");
  const internals = runtimeInternals(runtime);
  if (first && internals) built.push(buildTool(core, runtime, companionSpec(runtime, internals, first.server), options));
  return built;
}

/** The companion of "handle" mode: a task's result by id. */
function companionSpec(runtime: Runtime, internals: RuntimeInternals, server: string): ToolSpec {
  return {
    server,
    wireName: TASK_RESULT_TOOL,
    description: taskResultDescription(server),
    schema: taskResultInput,
    descriptor: undefined,
    taskSupport: undefined,
    caller: (args, _options, config) => collectTaskResult(runtime, internals, server, args as { taskId: string; wait?: boolean }, config),
  };
}

/**
 * Makes tool names unique, in place and deterministically (see `planUniqueNames`): tools of
 * different servers sharing a name get their `server__` prefix, other duplicates a `_2`, `_3`
 * suffix. Each rename is reported through `warn` (default: the `onWarning` of the runtime the
 * tool was built on). Use it on the tools of several servers put together
 * (`uniqueToolNames([...mathTools, ...weatherTools])`); returns the same array.
 */
export function uniqueToolNames(tools: DynamicStructuredTool[], warn?: (message: string) => void): DynamicStructuredTool[] {
  const origins = tools.map((tool) => ORIGINS.get(tool));
  const named = tools.map((tool, index) => ({ server: origins[index]?.server ?? "", tool: origins[index]?.tool ?? tool.name, name: tool.name }));
  for (const rename of planUniqueNames(named)) {
    tools[rename.index]!.name = rename.to;
    const report = warn ?? origins[rename.index]?.warn ?? console.warn;
    report(`LangChain tool "${rename.from}" renamed to "${rename.to}": ${rename.reason}`);
  }
  return tools;
}

function buildTool(core: LangChainCore, runtime: Runtime, spec: ToolSpec, options: LangChainToolOptions): DynamicStructuredTool {
  const internals = runtimeInternals(runtime);
  const handleToolErrors = options.handleToolErrors ?? internals?.handleToolErrors ?? true;
  const policy = internals?.outputPolicy;
  const { server, wireName } = spec;
  const prefix = options.prefix ?? internals?.prefixToolNames ?? false;
  const run = taskRunOf(spec.taskSupport, options.taskMode ?? "wait");
  // A task handed back is no tool result: its structured content is the task, not the output,
  // and the model needs its id whatever the routes.
  const descriptor = run === "handle" ? undefined : spec.descriptor;
  // Its header parameters (`x-mcp-header`) for the SDK's callTool, without listing first.
  if (spec.descriptor) internals?.knowTool(server, spec.descriptor as ToolDescriptor<unknown, unknown>);
  const routes = run === "handle" ? undefined : outputRoutesOf(internals, server);
  // Elicitations of this server's calls become LangGraph interrupts (elicitation: "interrupt").
  const interrupts = interruptRoutes(internals, server);
  const call = spec.caller ?? (internals && run !== "plain" ? taskCaller(runtime, internals, spec, run, options, providerToolName(server, TASK_RESULT_TOOL, prefix)) : callerFor(runtime, internals, server, wireName));
  const tool: DynamicStructuredTool = new core.tools.DynamicStructuredTool({
    name: providerToolName(server, wireName, prefix),
    description: run === "handle" ? `${spec.description}\n\n(Runs as a task: returns a taskId at once; get the result with ${providerToolName(server, TASK_RESULT_TOOL, prefix)}.)` : spec.description,
    schema: spec.schema as ZodType<Record<string, unknown>>,
    responseFormat: "content_and_artifact",
    // LangChain has already validated the input against `schema` (whose optional properties also
    // accept `undefined`): no second parse here; `undefined` keys are dropped as JSON would.
    func: async (input: Record<string, unknown>, _runManager: unknown, config?: ToolCallConfig): Promise<ToolOutput> => {
      const signal = config?.signal;
      const args = withoutUndefinedKeys(input ?? {});
      let result: InterceptorResult;
      try {
        result =
          interrupts && inGraph(config)
            ? await withElicitationInterrupts(interrupts, config, { server, tool: wireName }, (linked) => call(args, { signal: linked }, config))
            : await call(args, signal ? { signal } : undefined, config);
      } catch (error) {
        if (!handleToolErrors) throw error;
        // The drift guard refused the call (nothing was sent): the model hears why.
        if (error instanceof DriftError) return [driftMessage(core, error, toolCallIdOf(config), tool.name), undefined];
        // A failed task is the tool's failure, for the model like a tool error.
        if (error instanceof TaskFailedError) return [errorMessage(core, { content: error.content.length > 0 ? error.content : [{ type: "text", text: error.message }], isError: true }, toolCallIdOf(config), tool.name), undefined];
        throw error;
      }
      // A LangGraph Command (or ToolMessage) from an interceptor: LangChain passes it on as is.
      if (isDirectToolOutput(result)) return [result, undefined];
      if (result.isError) {
        // The error's content is scrubbed of known secrets: the model reads what a caller would.
        const failure = new ToolCallError(server, wireName, result.content);
        if (!handleToolErrors) throw failure;
        return [errorMessage(core, { ...result, content: failure.content }, toolCallIdOf(config), tool.name), undefined];
      }
      const structured = descriptor ? parseStructured(server, descriptor, result, policy) : result.structuredContent;
      return toToolOutput(result, structured, routes);
    },
  }) as DynamicStructuredTool;
  ORIGINS.set(tool, { server, tool: wireName, warn: internals?.outputPolicy.warn ?? console.warn });
  return tool;
}

/** The server's input routes when its elicitations become interrupts; none for a server the runtime does not serve (its first call fails). */
function interruptRoutes(internals: RuntimeInternals | undefined, server: string): InputRoutes | undefined {
  let connection: ServerConnection | undefined;
  try {
    connection = internals?.connection(server);
  } catch {
    return undefined;
  }
  return connection?.elicitationMode === "interrupt" ? connection.inputRoutes : undefined;
}

type ToolCaller = (args: Record<string, unknown>, options: CallOptions | undefined, config: ToolCallConfig | undefined) => Promise<InterceptorResult>;

/** A task-capable tool's call: waited for ("wait") or handed back as a task id ("handle"). */
function taskCaller(runtime: Runtime, internals: RuntimeInternals, spec: ToolSpec, run: "wait" | "handle", options: LangChainToolOptions, companion: string): ToolCaller {
  const { server, wireName } = spec;
  if (run === "wait") return (args, _options, config) => waitForTask(internals, server, wireName, args, config, () => contextOf(config), options.taskTtl);
  const tool = { name: wireName, descriptor: spec.descriptor };
  return (args) => startForAgent(runtime, internals, tool, server, args, options.taskTtl, companion);
}

function callerFor(runtime: Runtime, internals: RuntimeInternals | undefined, server: string, wireName: string): ToolCaller {
  if (!internals) return (args, options) => runtime.callTool(server, wireName, args, options);
  return (args, options, config) => internals.callToolInContext(server, wireName, args, options, () => contextOf(config));
}

/** The LangChain runtime context interceptors see: config, graph state, tool call id. */
export function contextOf(config: ToolCallConfig | undefined): ToolCallContext {
  const toolCallId = toolCallIdOf(config);
  const state = config?.state ?? scratchpadState(config);
  return {
    config: config ?? {},
    ...(state !== undefined ? { state } : {}),
    ...(toolCallId !== undefined ? { toolCallId } : {}),
  };
}

function toolCallIdOf(config: ToolCallConfig | undefined): string | undefined {
  return config?.toolCall?.id ?? config?.toolCallId;
}

/** LangGraph keeps the current node's input (the agent state) in its scratchpad. */
function scratchpadState(config: ToolCallConfig | undefined): unknown {
  const scratchpad = config?.configurable?.["__pregel_scratchpad"] as { currentTaskInput?: unknown } | undefined;
  return scratchpad?.currentTaskInput;
}

function driftMessage(core: LangChainCore, error: DriftError, toolCallId: string | undefined, name: string): ToolMessage {
  return new core.messages.ToolMessage({ status: "error", content: error.message, tool_call_id: toolCallId ?? "", name });
}

/**
 * A tool error for the model: a ToolMessage with status "error". LangChain returns a
 * ToolMessage produced by the tool as is, so the status survives (ToolNode and createAgent
 * pass it to the model and the run goes on).
 */
function errorMessage(core: LangChainCore, result: CallToolResult, toolCallId: string | undefined, name: string): ToolMessage {
  const content = result.content.length > 0 ? toStandardBlocks(result.content) : [{ type: "text", text: "tool returned an error" }];
  return new core.messages.ToolMessage({
    status: "error",
    content,
    tool_call_id: toolCallId ?? "",
    name,
    ...(result._meta !== undefined ? { artifact: { _meta: result._meta } } : {}),
  });
}

/**
 * The runtime's public types: what generated modules and users program against.
 * Generated code imports only `@mcp-codegen/runtime`, `zod` and `@langchain/core`.
 */
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
  LoggingLevel,
  LoggingMessageNotificationParams,
  OAuthClientProvider,
  Root,
} from "@modelcontextprotocol/client";
import type { CapturedProtocol, ProtocolSelection } from "./protocol.js";
import type { TelemetrySetting } from "./telemetry-options.js";
import type { CallOptions, ProgressUpdate, ToolDescriptor, ToolResult } from "./call-types.js";
import type { ContentBlock as LangChainBlock } from "@langchain/core/messages";
import type { ServerConfig } from "./server-config.js";
import type { OutputHandling } from "./output-handling.js";
import type { ToolCallInterceptor } from "../calls/interceptors.js";
import type { DriftReport } from "../drift/types.js";
import type { ToolCallHooks } from "../calls/hooks.js";
import type { OAuthOptions } from "../connection/oauth/types.js";
import type { TaskCallOptions, TaskHandle, TaskStartOptions, TaskStatus } from "../calls/tasks/types.js";

export interface ResourceDescriptor {
  readonly uri: string;
  readonly name: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly fingerprint: string;
}

export interface ResourceTemplateDescriptor {
  readonly uriTemplate: string;
  readonly name: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly fingerprint: string;
}

export interface PromptDescriptor {
  readonly name: string;
  readonly description?: string;
  readonly arguments: readonly { readonly name: string; readonly required: boolean }[];
  readonly fingerprint: string;
}

/**
 * The typed method of one tool on a generated client (callable with no argument at run time).
 * A task-required tool's method runs it as a task and waits for the result; every
 * task-capable tool's method also has `.start()`, which returns a task handle.
 */
export type ToolMethod<D> =
  D extends ToolDescriptor<infer I, infer O>
    ? D extends { readonly taskSupport: "required" }
      ? TaskToolMethod<I, O, TaskCallOptions>
      : D extends { readonly taskSupport: "optional" }
        ? TaskToolMethod<I, O, CallOptions>
        : (args?: I, options?: CallOptions) => Promise<ToolResult<O>>
    : never;

/** The method of a task-capable tool. */
export interface TaskToolMethod<I, O, C extends CallOptions = CallOptions> {
  (args?: I, options?: C): Promise<ToolResult<O>>;
  /** Runs the tool as an MCP task: the task's handle once the server has created it. */
  start(args?: I, options?: TaskStartOptions): Promise<TaskHandle<O>>;
}

/** One method per descriptor of a tool table; the generated client interface narrows each signature. */
export type ToolMethods<T> = { readonly [K in keyof T]: ToolMethod<T[K]> };

/** One item of a resource read: text resources carry `text`, binary ones `bytes`. */
export interface ResourceContent {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
  readonly bytes?: Uint8Array;
  readonly _meta?: Record<string, unknown>;
}

/** Bounded re-opening of a lost connection (stdio child died, HTTP server gone or restarted). */
export interface ReconnectOptions {
  /** Attempts after the first immediate one; 0 = no retry. Default 3. */
  retries?: number;
  /** Delay before the first retry, doubled for each next one. Default 200 ms. */
  initialDelayMs?: number;
  /** Cap of the doubling delay. Default 5000 ms. */
  maxDelayMs?: number;
}

/** Which server (and, for progress, which tool / prompt / resource URI) a callback is about. */
export interface CallbackSource {
  readonly server: string;
  readonly name?: string;
}

/**
 * What an input callback (`onElicitation`, `onSampling`) is about, and when to give up: `signal`
 * aborts when the call that caused the request ends without the answer (its timeout, its own
 * signal, `close()`, or the server withdrawing the request). An answer given after that is
 * discarded, never sent; stop asking the user when it aborts.
 */
export interface InputCallbackSource extends CallbackSource {
  readonly signal: AbortSignal;
}

export type ListChangedKind = "tools" | "resources" | "prompts";

export type { CallOptions, ContentBlock, OpenToolAnnotations, ProgressUpdate, ToolDescriptor, ToolResult } from "./call-types.js";
export type { LoggingLevel, Root };
export type LoggingMessage = LoggingMessageNotificationParams;
export type ElicitationRequest = ElicitRequestParams;
export type ElicitationResponse = ElicitResult;
export type SamplingRequest = CreateMessageRequestParams;
export type SamplingResponse = CreateMessageResult;

/**
 * Handlers for what a server sends on its own. Elicitation, sampling (and roots) are declared
 * to the server as client capabilities only when supplied.
 */
export interface RuntimeCallbacks {
  /** Progress of every request (a progress token is sent); a call's own `onProgress` wins. */
  onProgress?: (update: ProgressUpdate, source: CallbackSource) => void;
  /** `notifications/message`; the level is set with `loggingLevel` or `runtime.setLoggingLevel`. */
  onLoggingMessage?: (message: LoggingMessage, source: CallbackSource) => void;
  /**
   * `elicitation/create` in form mode (`requestedSchema`) and URL mode (`mode: "url"`). On a
   * form-mode accept, properties the answer leaves out get the requested schema's defaults.
   * `source.signal` aborts when the call waiting for the answer ends (see `InputCallbackSource`).
   */
  onElicitation?: (request: ElicitationRequest, source: InputCallbackSource) => ElicitationResponse | Promise<ElicitationResponse>;
  /** `sampling/createMessage`: ask a model, answer with its message; `source.signal` as for `onElicitation`. */
  onSampling?: (request: SamplingRequest, source: InputCallbackSource) => SamplingResponse | Promise<SamplingResponse>;
  /**
   * Status changes of tasks waited for without their own `onTaskStatus` (LangChain tools,
   * `result()` without options); `source.name` is the tool when known.
   */
  onTaskStatus?: (status: TaskStatus, source: CallbackSource) => void;
  /** `notifications/{tools,resources,prompts}/list_changed`. */
  onListChanged?: (kind: ListChangedKind, source: CallbackSource) => void;
  /**
   * The drift guard found the live server different from the generated snapshot (policies
   * "warn" and "error"); called once per distinct report. Default: `process.emitWarning`.
   */
  onDrift?: (report: DriftReport, source: CallbackSource) => void;
}

/** A tool's own timeouts (`toolTimeouts`); a field left out falls back to the server's, then the runtime's. */
export interface ToolTimeout {
  timeout?: number;
  resetTimeoutOnProgress?: boolean;
  maxTotalTimeout?: number;
}

/** Connection options for every server (runtime level) or one server (its own value wins). */
export interface ConnectionOptions {
  /** Each progress notification restarts a request's timeout (precedence: call > tool > server > runtime). Default false. */
  resetTimeoutOnProgress?: boolean;
  /** A bound in ms on a whole request that no progress extends. Default: none. */
  maxTotalTimeout?: number;
  /**
   * Which MCP revision to speak: "auto" (default: 2026-07-28 where the server offers it, the
   * 2025 handshake otherwise; a generated client starts in the era its snapshot recorded),
   * "legacy" (only the 2025 handshake, no probe) or "2026-07-28" (only that revision).
   */
  protocol?: ProtocolSelection;
  /**
   * 2026-07-28 servers ask for input (elicitation, sampling, roots) in rounds answered by the
   * callbacks: a request whose server asks more than this many rounds fails. Default 10.
   */
  maxInputRounds?: number;
  /**
   * Largest HTTP response a server may send, in bytes: a JSON body, or one event of an SSE
   * stream. Over it the call fails with `ProtocolError` naming the limit. Default 16 MiB.
   */
  maxResponseBytes?: number;
  /**
   * Largest `requestState` a 2026-07-28 server may ask the client to echo back, in bytes. Over
   * it the call fails with `ProtocolError` naming the limit. Default 1 MiB.
   */
  maxRequestStateBytes?: number;
  reconnect?: ReconnectOptions;
  /** Limit for connect + initialize, in ms. Default: the SDK's (60 s). */
  connectTimeout?: number;
  /** Per server each callback wins over the runtime's one of the same name. */
  callbacks?: RuntimeCallbacks;
  /** Roots offered to the server (capability `roots` with `listChanged`); only when given. */
  roots?: readonly Root[];
  /** Sent as `logging/setLevel` after every (re)connect when the server supports logging. */
  loggingLevel?: LoggingLevel;
  /**
   * "interrupt": a LangChain tool run inside a LangGraph graph (with a checkpointer) turns a
   * server's request for input into `interrupt()` with an `ElicitationInterrupt` payload and goes
   * on with the `ElicitationResume` given to `Command({ resume })`; other calls still use
   * `onElicitation`. The elicitation capability is declared. Default "callback".
   */
  elicitation?: "callback" | "interrupt";
  /**
   * OpenTelemetry spans, the `mcp.client.operation.duration` metric and trace context in
   * `params._meta`, into the globally registered providers (nothing without one). `false` turns
   * them off; `{ recordContent }` lets tool arguments / results into span attributes (off by
   * default). See docs/observability.md.
   */
  telemetry?: TelemetrySetting;
}

/** Per-server connection options that exist only at the server level. */
export interface ServerConnectionOptions extends ConnectionOptions {
  /** Each call opens a fresh connection (a new MCP session) and closes it afterwards. Default false. */
  stateless?: boolean;
  /**
   * Request timeout per tool (raw MCP name) in ms, or `{ timeout, resetTimeoutOnProgress,
   * maxTotalTimeout }`: wins over the server's and runtime's.
   */
  toolTimeouts?: Record<string, number | ToolTimeout>;
  /** OAuth for streamable HTTP and SSE servers (the SDK's provider interface). */
  authProvider?: OAuthClientProvider;
}

/** Per-server settings that only the runtime knows (functions: never in a config file). */
export interface ServerRuntimeOptions extends ServerConnectionOptions {
  /** Run inside the runtime's global `interceptors`, for this server's tool calls only. */
  interceptors?: readonly ToolCallInterceptor[];
  /** Drift guard of this server's generated client; wins over the runtime's `driftGuard`. */
  driftGuard?: DriftGuardPolicy;
  /**
   * Set by generated code: the era and revision the server was captured with, so the client
   * starts in it without probing (and negotiates only if the server refuses it).
   */
  captured?: CapturedProtocol;
}

/**
 * What a generated client does when the live server differs from its snapshot (checked on
 * the first call and after `notifications/tools/list_changed`): "off" = nothing; "warn"
 * (default) = `callbacks.onDrift` once per distinct report, calls go on; "error" = also, a call
 * to a tool that is gone or changed in a breaking way throws `DriftError`.
 */
export type DriftGuardPolicy = "off" | "warn" | "error";

/** A server's connection and options as the runtime takes them. */
export type RuntimeServerConfig = ServerConfig & ServerRuntimeOptions;

export type ServerConfigs = Record<string, RuntimeServerConfig>;

/**
 * Options of `createRuntime`. `beforeToolCall` / `afterToolCall` (the hooks of
 * `@langchain/mcp-adapters`) run around every tool call, outside every interceptor.
 */
export interface RuntimeOptions extends ConnectionOptions, ToolCallHooks {
  servers: ServerConfigs;
  /**
   * Where `${VAR}` placeholders of the server configs are looked up, when each server first
   * connects. Default `process.env`. (A stdio child's own environment is its `env` merged over
   * a safe default set: PATH, HOME, …; never the whole parent environment.)
   */
  env?: Record<string, string | undefined>;
  /** Request timeout in ms for every server; a server's own `timeout` and a call's win over it. */
  timeout?: number;
  /**
   * LangChain tools: a tool result with `isError: true` goes back to the model as a ToolMessage
   * with status "error" (true, default), or throws `ToolCallError` (false).
   */
  handleToolErrors?: boolean;
  /** What the runtime calls itself in `initialize`. */
  clientInfo?: { name: string; version: string };
  /**
   * Around every tool call (typed, dynamic and LangChain), first = outermost; each server's
   * own `interceptors` run inside these.
   */
  interceptors?: readonly ToolCallInterceptor[];
  /** LangChain tools are named `server__tool` (default false); a tools factory's `prefix` wins. */
  prefixToolNames?: boolean;
  /**
   * LangChain tools of every server: which MCP block types go to the ToolMessage's `content` and
   * which to its artifact (`artifact.content`). A server's own `outputHandling` wins, type by type.
   */
  outputHandling?: OutputHandling;
  /**
   * Structured content that breaks the tool's own output schema: throw `OutputValidationError`
   * ("error", default), or warn and pass the raw value on ("warn").
   */
  onOutputMismatch?: "error" | "warn";
  /** Where the runtime's warnings go (output mismatches, renamed tools). Default `console.warn`. */
  onWarning?: (message: string) => void;
  /** Drift guard of generated clients, for every server (default "warn"); see `DriftGuardPolicy`. */
  driftGuard?: DriftGuardPolicy;
  /**
   * Servers whose config has `auth: { type: "oauth" | "client_credentials" }`: the interactive
   * step of a login (`authorize`) and the token store (default: in memory, shared by sessions).
   */
  oauth?: OAuthOptions;
}

/**
 * What a LangChain tool returns next to its content (the ToolMessage artifact): what the model
 * does not see, under the MCP result's own names.
 */
export interface ToolArtifact<O = unknown> {
  /**
   * The blocks `outputHandling` sends to the artifact, as LangChain standard blocks (converted
   * like the message's content), in the result's order; absent when none.
   */
  readonly content?: LangChainBlock[];
  /** Parsed with the tool's output schema when it has one. */
  readonly structuredContent?: O;
  readonly _meta?: Record<string, unknown>;
}

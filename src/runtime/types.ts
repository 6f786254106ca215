/**
 * The runtime's public types: what generated modules and users program against.
 * Generated code imports only `mcp-codegen/runtime`, `zod` and `@langchain/core`.
 */
import type { ZodType } from "zod";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { ServerConfig } from "../shared/server-config.js";
import type { ToolCallInterceptor } from "./interceptors.js";

export type ContentBlock = CallToolResult["content"][number];

/** One tool, as the generator saw it. `name` is the raw MCP name that goes on the wire. */
export interface ToolDescriptor<I = unknown, O = unknown> {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly annotations?: ToolAnnotations;
  /** Hash of the tool's snapshot entry; compared with the live listing by the drift guard. */
  readonly fingerprint: string;
  readonly input: ZodType<I>;
  readonly output?: ZodType<O>;
}

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

/** A successful typed tool call. */
export interface ToolResult<O> {
  readonly content: ContentBlock[];
  /** Parsed with the generated output schema; `undefined` for tools without one. */
  readonly structuredContent: O;
  /** The text blocks joined with `\n`. */
  readonly text: string;
  readonly _meta?: Record<string, unknown>;
}

/** One item of a resource read: text resources carry `text`, binary ones `bytes`. */
export interface ResourceContent {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
  readonly bytes?: Uint8Array;
  readonly _meta?: Record<string, unknown>;
}

export interface ProgressUpdate {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** Per-call options; they win over tool, server and runtime settings. */
export interface CallOptions {
  /** Request timeout in milliseconds. */
  timeout?: number;
  /** Cancels the request on the wire (`notifications/cancelled`). */
  signal?: AbortSignal;
  onProgress?: (update: ProgressUpdate) => void;
  /** Extra HTTP headers for this call, merged over the configured ones. */
  headers?: Record<string, string>;
}

/** Per-server settings that only the runtime knows (functions: never in a config file). */
export interface ServerRuntimeOptions {
  /** Run inside the runtime's global `interceptors`, for this server's tool calls only. */
  interceptors?: readonly ToolCallInterceptor[];
}

/** A server's connection and options as the runtime takes them. */
export type RuntimeServerConfig = ServerConfig & ServerRuntimeOptions;

export type ServerConfigs = Record<string, RuntimeServerConfig>;

/** Options of `createRuntime`. */
export interface RuntimeOptions {
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
   * Structured content that breaks the tool's own output schema: throw `OutputValidationError`
   * ("error", default), or warn and pass the raw value on ("warn").
   */
  onOutputMismatch?: "error" | "warn";
  /** Where the runtime's warnings go (output mismatches, renamed tools). Default `console.warn`. */
  onWarning?: (message: string) => void;
}

/** Structured data a LangChain tool returns next to its content (the ToolMessage artifact). */
export interface ToolArtifact<O = unknown> {
  /** Parsed with the tool's output schema when it has one. */
  readonly structuredContent?: O;
  readonly _meta?: Record<string, unknown>;
}

/**
 * The types of one call and its result: the leaf of the public types, imported by every layer
 * (shared/types.ts re-exports them with the options that refer to higher layers).
 */
import type { ZodType } from "zod";
import type { HeaderParameter } from "./x-mcp-header.js";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/client";

export type ContentBlock = CallToolResult["content"][number];

/**
 * The spec's tool annotations are an open object: servers add keys of their own (`category`,
 * vendor keys), and a generated descriptor carries them as listed, so the type admits them.
 */
export type OpenToolAnnotations = ToolAnnotations & { readonly [key: string]: unknown };

/** One tool, as the generator saw it. `name` is the raw MCP name that goes on the wire. */
export interface ToolDescriptor<I = unknown, O = unknown> {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly annotations?: OpenToolAnnotations;
  /** Hash of the tool's snapshot entry; compared with the live listing by the drift guard. */
  readonly fingerprint: string;
  readonly input: ZodType<I>;
  readonly output?: ZodType<O>;
  /** The tool can run as an MCP task ("optional") or only as one ("required"); absent: never. */
  readonly taskSupport?: "optional" | "required";
  /**
   * Parameters that travel as `Mcp-Param-{header}` HTTP headers too (`x-mcp-header`, MCP
   * 2026-07-28): property path and header name.
   */
  readonly headers?: readonly HeaderParameter[];
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

export interface ProgressUpdate {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** Per-call options; they win over tool, server and runtime settings. */
export interface CallOptions {
  /** Request timeout in milliseconds. */
  timeout?: number;
  /**
   * Each progress notification of the request restarts its timeout (a progress token is sent).
   * Precedence as for `timeout`: call > tool > server > runtime. Default false.
   */
  resetTimeoutOnProgress?: boolean;
  /** A bound on the whole request, in ms, that no progress extends (with `resetTimeoutOnProgress`). */
  maxTotalTimeout?: number;
  /** Cancels the request on the wire (`notifications/cancelled`). */
  signal?: AbortSignal;
  onProgress?: (update: ProgressUpdate) => void;
  /** Extra HTTP headers for this call, merged over the configured ones. */
  headers?: Record<string, string>;
}

/** What to do when structured content breaks the tool's own output schema. */
export interface OutputPolicy {
  readonly onOutputMismatch: "error" | "warn";
  readonly warn: (message: string) => void;
}

/**
 * An explicit session with one server: its own connection (its own MCP session, its own stdio
 * child) and its own lifetime, for stateful servers. Same operations as the runtime, bound to
 * the server. Behind it is a runtime holding just this server with the parent's options
 * (timeouts, callbacks, interceptors), so every call path behaves exactly as on the runtime.
 */
import type { CallToolResult, GetPromptResult, LoggingLevel, Prompt, Resource, ResourceTemplateType as ResourceTemplate, Root, Tool } from "@modelcontextprotocol/client";
import type { Runtime, Session } from "./runtime-api.js";

export type { Session };
import type { CallOptions, ResourceContent } from "../shared/types.js";


/** What a session needs from its private runtime besides the public API. */
export interface SessionRuntime extends Runtime {
  setLoggingLevel(server: string, level: LoggingLevel): Promise<void>;
  setRoots(roots: readonly Root[], server?: string): Promise<void>;
}

export class McpSession implements Session {
  readonly server: string;
  readonly runtime: SessionRuntime;
  readonly #onClose: (session: McpSession) => void;

  constructor(server: string, runtime: SessionRuntime, onClose: (session: McpSession) => void) {
    this.server = server;
    this.runtime = runtime;
    this.#onClose = onClose;
  }

  callTool(name: string, args?: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult> {
    return this.runtime.callTool(this.server, name, args, options);
  }

  listTools(): Promise<Tool[]> {
    return this.runtime.listTools(this.server);
  }

  listResources(): Promise<Resource[]> {
    return this.runtime.listResources(this.server);
  }

  readResource(uri: string, options?: CallOptions): Promise<ResourceContent[]> {
    return this.runtime.readResource(this.server, uri, options);
  }

  listResourceTemplates(): Promise<ResourceTemplate[]> {
    return this.runtime.listResourceTemplates(this.server);
  }

  listPrompts(): Promise<Prompt[]> {
    return this.runtime.listPrompts(this.server);
  }

  getPrompt(name: string, args?: Record<string, string>, options?: CallOptions): Promise<GetPromptResult> {
    return this.runtime.getPrompt(this.server, name, args, options);
  }

  setLoggingLevel(level: LoggingLevel): Promise<void> {
    return this.runtime.setLoggingLevel(this.server, level);
  }

  setRoots(roots: readonly Root[]): Promise<void> {
    return this.runtime.setRoots(roots, this.server);
  }

  async close(): Promise<void> {
    this.#onClose(this);
    await this.runtime.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/** Typed calls take a runtime or a session; a session answers for its own server. */
export function runtimeOf(target: Runtime | Session): Runtime {
  return target instanceof McpSession ? target.runtime : (target as Runtime);
}

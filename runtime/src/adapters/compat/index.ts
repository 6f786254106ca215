/**
 * `@mcp-codegen/runtime/compat`: a drop-in `MultiServerMCPClient` for code written against
 * `@langchain/mcp-adapters` 1.x. Change the import line; see docs/MIGRATING.md for the next steps.
 */
export {
  MultiServerMCPClient,
  type CustomHTTPTransportOptions,
  type MCPResource,
  type MCPResourceContent,
  type MCPResourceTemplate,
} from "./client.js";
export type { ClientConfig, ClientOptions, Connection, ConnectionErrorHandler, HttpConnection, StdioConnection } from "./config.js";
export type { CompatAfterToolCall, CompatAfterToolCallInput, CompatAfterToolCallResult } from "./tools.js";
export type { CompatBlock, CompatOutput, McpBlockType, OutputHandling, OutputTarget } from "./output.js";
export type { BeforeToolCall, BeforeToolCallChange, ToolHookCall, ToolHookState } from "../../calls/hooks.js";

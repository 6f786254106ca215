/** Types for the untyped server factory of @modelcontextprotocol/server-everything (it ships no .d.ts). */
declare module "@modelcontextprotocol/server-everything/dist/server/index.js" {
  import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

  export function createServer(): {
    server: McpServer;
    /** Stops the session's simulated logging, resource updates and timers. */
    cleanup: (sessionId?: string) => void;
  };
}

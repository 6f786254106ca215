/**
 * A stateful MCP server over streamable HTTP for session tests: each MCP session has its own
 * counter. `expire_other_sessions` ends every session but the caller's on the server side, so
 * their next request gets 404 (session gone). `announce_list_changes` sends the three
 * list_changed notifications.
 *
 * Usage: node counter.js [--port N]   (0 = random; default $COUNTER_PORT, else 0)
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { serveMcpOverHttp, type McpSession } from "./http-host.js";

const live = new Set<McpServer>();

function text(value: unknown): { content: { type: "text"; text: string }[]; structuredContent: { count: number } } {
  const count = Number(value);
  return { content: [{ type: "text", text: String(count) }], structuredContent: { count } };
}

function createSession(): McpSession {
  const server = new McpServer({ name: "counter", version: "1.0.0" });
  let count = 0;
  const output = { count: z.number() };
  server.registerTool("increment", { description: "Add `by` (default 1) to this session's counter.", inputSchema: { by: z.number().optional() }, outputSchema: output }, ({ by }) => {
    count += by ?? 1;
    return text(count);
  });
  server.registerTool("get", { description: "This session's counter.", outputSchema: output }, () => text(count));
  server.registerTool("expire_other_sessions", { description: "End every other session.", outputSchema: output }, async () => {
    const others = [...live].filter((other) => other !== server);
    await Promise.all(others.map((other) => other.close()));
    return text(others.length);
  });
  server.registerTool("announce_list_changes", { description: "Send tools, resources and prompts list_changed notifications." }, async (extra) => {
    // Sent on this request's own stream, so they reach the client however it listens.
    for (const list of ["tools", "resources", "prompts"]) await extra.sendNotification({ method: `notifications/${list}/list_changed` } as never);
    return { content: [{ type: "text" as const, text: "announced" }] };
  });
  // A resource and a prompt, so the server declares those capabilities (and may announce them).
  server.registerResource("about", "counter://about", { mimeType: "text/plain" }, (uri) => ({ contents: [{ uri: uri.href, text: "A counter per session." }] }));
  server.registerPrompt("explain", { description: "Explain the counter." }, () => ({
    messages: [{ role: "user" as const, content: { type: "text" as const, text: "Explain the counter." } }],
  }));
  live.add(server);
  return { server, cleanup: () => live.delete(server) };
}

await serveMcpOverHttp({ createSession, portEnv: "COUNTER_PORT", defaultPort: 0 });

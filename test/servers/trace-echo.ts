/**
 * A server that reads the trace context a client propagates in `params._meta` (`traceparent`,
 * `tracestate`) and answers it back, for the OpenTelemetry tests (test/telemetry/). Built on
 * `@modelcontextprotocol/server` 2.x; serves MCP 2026-07-28 and the 2025 revisions over stdio,
 * or streamable HTTP with `--http [--port N]` (era-host.ts).
 *
 * - `echo_trace`: the trace context its request carried, as structured content.
 * - `fail`: a tool error (`isError: true`).
 * - `slow`: answers after 30 s, or never if cancelled first (a client's timeout).
 * - `confirm`: asks for a confirmation first (a 2026-07-28 input round; a 2025 elicitation request).
 * - resource `trace://context`: the trace context of the read; prompt `greet`: the one of the get.
 */
import { acceptedContent, inputRequired, McpServer } from "@modelcontextprotocol/server";
import type { CallToolResult } from "@modelcontextprotocol/server";
import * as z from "zod";
import { serveEra } from "./era-host.js";

interface MetaCarrier {
  _meta?: Record<string, unknown> | undefined;
}

/** What the request carried; `null` where it carried nothing. */
function traceContextOf(request: MetaCarrier): { traceparent: string | null; tracestate: string | null } {
  const read = (key: string): string | null => {
    const value = request._meta?.[key];
    return typeof value === "string" ? value : null;
  };
  return { traceparent: read("traceparent"), tracestate: read("tracestate") };
}

function createTraceServer(): McpServer {
  const server = new McpServer({ name: "trace-echo", version: "1.0.0" });
  server.registerTool(
    "echo_trace",
    {
      description: "Answers the trace context its request carried.",
      inputSchema: z.object({ note: z.string().optional() }),
      outputSchema: z.object({ traceparent: z.string().nullable(), tracestate: z.string().nullable() }),
    },
    (_args, ctx) => {
      const received = traceContextOf(ctx.mcpReq);
      return { content: [{ type: "text", text: JSON.stringify(received) }], structuredContent: received } as CallToolResult;
    },
  );
  server.registerTool("fail", { description: "Always fails.", inputSchema: z.object({}) }, () => ({ content: [{ type: "text", text: "it failed" }], isError: true }));
  server.registerTool("slow", { description: "Answers after 30 s.", inputSchema: z.object({}) }, async (_args, ctx) => {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 30_000);
      ctx.mcpReq.signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    return { content: [{ type: "text", text: "late" }] };
  });
  server.registerTool("confirm", { description: "Asks for a confirmation first.", inputSchema: z.object({}) }, (_args, ctx) => {
    const answer = acceptedContent<{ ok?: boolean }>(ctx.mcpReq.inputResponses, "ok");
    if (answer === undefined) return inputRequired({ inputRequests: { ok: inputRequired.elicit({ message: "Go on?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] } }) } });
    return { content: [{ type: "text", text: `confirmed: ${answer.ok === true}` }] };
  });
  server.registerResource("context", "trace://context", { mimeType: "application/json" }, (uri, ctx) => ({
    contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(traceContextOf(ctx.mcpReq)) }],
  }));
  server.registerPrompt("greet", { description: "Greets, with the trace context of the get." }, (ctx) => ({
    messages: [{ role: "user", content: { type: "text", text: JSON.stringify(traceContextOf(ctx.mcpReq)) } }],
  }));
  return server;
}

await serveEra(false, createTraceServer);

/**
 * A 2026-07-28 result without `resultType` is a complete result (spec basic/index: clients MUST
 * treat an absent `resultType` as "complete"; the conformance suite's SEP-2322 scenario checks
 * it). The server is a hand-written HTTP endpoint on 127.0.0.1, as no SDK server omits the field.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRuntime } from "../../runtime/src/index.js";

const MODERN = "2026-07-28";
let server: Server;
let url: string;
const calls: unknown[] = [];

/** What the endpoint answers per method; `tools/call` leaves `resultType` out. */
function answer(method: string, params: Record<string, unknown> | undefined): Record<string, unknown> {
  if (method === "server/discover") {
    return { resultType: "complete", supportedVersions: [MODERN], capabilities: { tools: {} }, serverInfo: { name: "no-result-type", version: "1.0.0" } };
  }
  if (method === "tools/list") return { resultType: "complete", tools: [{ name: "plain", inputSchema: { type: "object" } }] };
  if (method === "tools/call") {
    calls.push(params);
    return { content: [{ type: "text", text: "done" }], structuredContent: { ok: true } };
  }
  throw new Error(`unexpected method ${method}`);
}

async function body(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    if (request.method !== "POST") return void response.writeHead(405).end();
    const message = JSON.parse(await body(request)) as { id?: number | string; method: string; params?: Record<string, unknown> };
    if (message.id === undefined) return void response.writeHead(202).end();
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result: answer(message.method, message.params) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

it("a tools/call result without resultType from a 2026-07-28 server is the call's result, with no retry", async () => {
  const runtime = createRuntime({ servers: { s: { transport: "http", url } } });
  try {
    const result = await runtime.callTool("s", "plain", {});
    expect(result.content).toEqual([{ type: "text", text: "done" }]);
    expect(result.structuredContent).toEqual({ ok: true });
    // Spoken in 2026-07-28 (each request says so in its _meta), and sent once: no retry, no error.
    expect(calls).toHaveLength(1);
    expect((calls[0] as { _meta?: Record<string, unknown> })._meta?.["io.modelcontextprotocol/protocolVersion"]).toBe(MODERN);
  } finally {
    await runtime.close();
  }
});

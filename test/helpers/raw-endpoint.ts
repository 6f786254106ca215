/**
 * A hand-written 2026-07-28 streamable HTTP endpoint on 127.0.0.1, for wire shapes no SDK server
 * produces (a result without `resultType`) and for seeing request params exactly as sent (the
 * body is read with JSON.parse, which keeps an own `__proto__` key). `answer` gives each
 * method's result; `server/discover` is answered here.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export const MODERN = "2026-07-28";

export interface RawEndpoint {
  url: string;
  /** Params of every request other than `server/discover`, parsed from the body as sent. */
  readonly requests: { method: string; params: Record<string, unknown> | undefined }[];
  close(): Promise<void>;
}

export async function startRawEndpoint(answer: (method: string, params: Record<string, unknown> | undefined) => Record<string, unknown>): Promise<RawEndpoint> {
  const requests: RawEndpoint["requests"] = [];
  const server = createServer(async (request, response) => {
    if (request.method !== "POST") return void response.writeHead(405).end();
    const message = JSON.parse(await bodyOf(request)) as { id?: number | string; method: string; params?: Record<string, unknown> };
    if (message.id === undefined) return void response.writeHead(202).end();
    const result =
      message.method === "server/discover"
        ? { resultType: "complete", supportedVersions: [MODERN], capabilities: { tools: {} }, serverInfo: { name: "raw-endpoint", version: "1.0.0" } }
        : (requests.push({ method: message.method, params: message.params }), answer(message.method, message.params));
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return text;
}

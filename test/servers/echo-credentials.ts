/**
 * An MCP server (raw JSON-RPC over HTTP, 127.0.0.1 only) that repeats the credentials it was sent,
 * as careless or hostile servers do in error messages: the request's URL and every header.
 *
 *   /mcp          lists one tool, `whoami`; calling it gives a tool error (`isError`) with the echo
 *   /mcp/reject   answers every request with a JSON-RPC error holding the echo
 *   /mcp/error    like /mcp, but `tools/call` answers a JSON-RPC error holding the echo
 *   /mcp/discover-500  like /mcp, but answers the 2026-07-28 probe (`server/discover`) with HTTP 500,
 *                 as some 2025 servers answer a method they do not know
 *   /mcp/reflect  like /mcp, and puts the `authorization` header it was sent into its listing: the
 *                 instructions, the tool's description and a property's `default`
 *   /mcp/log      like /mcp, but `tools/call` streams a log message holding the echo, then a result
 *   /mcp/progress like /mcp, but `tools/call` streams a progress notification whose message holds
 *                 the echo (to the request's progress token), then a result
 *   /mcp/task     runs `whoami` as a task (protocol 2025-11-25): every status it gives has a status
 *                 message holding the echo: created, `tasks/list`, `tasks/cancel`, and `tasks/get`.
 *                 Every other `tasks/get` streams a `notifications/tasks/status` first, newer than
 *                 the answer that follows it (so a handle keeps the notified status); the ones
 *                 between answer that the task has completed.
 *
 * In process, for tests: `startEchoServer()`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface EchoServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

/** The result of a call that succeeds (after a log or progress message, or a task). */
const DONE = { content: [{ type: "text", text: "done" }] };

const TOOL = { name: "whoami", description: "Tells who is calling.", inputSchema: { type: "object", properties: {} } };

function reflectingTool(credential: string): object {
  const token = { type: "string", default: credential, description: `Defaults to ${credential}` };
  return { ...TOOL, description: `Tells who is calling (now: ${credential}). Its path and patterns stay.`, inputSchema: { type: "object", properties: { token } } };
}

export async function startEchoServer(): Promise<EchoServer> {
  const tasks: TaskPolls = { polls: 0 };
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => answer(request, response, body, tasks));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Answers with an SSE stream of JSON-RPC messages (notifications first, then the result). */
function stream(response: ServerResponse, events: object[]): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  response.end(events.map((event) => `event: message\ndata: ${JSON.stringify(event)}\n\n`).join(""));
}

const TASK_ID = "task-1";

/** How many times `tasks/get` was asked, per server. */
interface TaskPolls {
  polls: number;
}

/** A task as the server describes it: its status message repeats what the request was sent with. */
function taskOf(request: IncomingMessage, status: string, said: string, updatedLater = 0): object {
  const at = new Date();
  const later = new Date(at.getTime() + updatedLater);
  return { taskId: TASK_ID, status, statusMessage: `${said} ${echoOf(request)}`, createdAt: at.toISOString(), lastUpdatedAt: later.toISOString(), ttl: 60_000, pollInterval: 10 };
}

function answerTask(request: IncomingMessage, response: ServerResponse, message: { id?: number | string; method?: string }, tasks: TaskPolls): void {
  const reply = (result: object): void => stream(response, [{ jsonrpc: "2.0", id: message.id, result }]);
  switch (message.method) {
    case "initialize":
      return reply({ protocolVersion: "2025-11-25", capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }, serverInfo: { name: "echo-credentials", version: "1.0.0" } });
    case "tools/list":
      return reply({ tools: [{ ...TOOL, execution: { taskSupport: "optional" } }] });
    case "tools/call":
      return reply({ task: taskOf(request, "working", "started for") });
    case "tasks/get": {
      if (++tasks.polls % 2 === 0) return reply(taskOf(request, "completed", "done for"));
      const notified = { jsonrpc: "2.0", method: "notifications/tasks/status", params: taskOf(request, "working", "notified for", 1_000) };
      return stream(response, [notified, { jsonrpc: "2.0", id: message.id, result: taskOf(request, "working", "polled for") }]);
    }
    case "tasks/list":
      return reply({ tasks: [taskOf(request, "working", "listed for")] });
    case "tasks/cancel":
      return reply(taskOf(request, "cancelled", "cancelled for"));
    case "tasks/result":
      return reply(DONE);
    default:
      return stream(response, [{ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } }]);
  }
}

function echoOf(request: IncomingMessage): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}=${String(value)}`);
  return `url=${request.url ?? ""} ${headers.join(" ")}`;
}

function answer(request: IncomingMessage, response: ServerResponse, body: string, tasks: TaskPolls): void {
  if (request.method !== "POST") {
    response.writeHead(405).end();
    return;
  }
  let message: { id?: number | string; method?: string; params?: { protocolVersion?: string } };
  try {
    message = JSON.parse(body) as typeof message;
  } catch {
    response.writeHead(400).end();
    return;
  }
  if (message.id === undefined) {
    response.writeHead(202).end(); // a notification
    return;
  }
  const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
  const reply = (payload: object): void => {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, ...payload }));
  };
  const echoError = (): void => reply({ error: { code: -32603, message: `rejected ${echoOf(request)}` } });
  if (path === "/mcp/reject") return echoError();
  if (path === "/mcp/discover-500" && message.method === "server/discover") {
    response.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: "Error in httpTransport: " } }));
    return;
  }
  if (path === "/mcp/log" && message.method === "tools/call") {
    const log = { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", logger: "echo", data: { said: `serving ${echoOf(request)}` } } };
    return stream(response, [log, { jsonrpc: "2.0", id: message.id, result: DONE }]);
  }
  if (path === "/mcp/progress" && message.method === "tools/call") {
    const token = (message.params as { _meta?: { progressToken?: string | number } } | undefined)?._meta?.progressToken;
    const progress = { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress: 1, total: 2, message: `working for ${echoOf(request)}` } };
    const result = { jsonrpc: "2.0", id: message.id, result: DONE };
    return stream(response, token === undefined ? [result] : [progress, result]);
  }
  if (path === "/mcp/task") return answerTask(request, response, message, tasks);
  const reflected = path === "/mcp/reflect" ? String(request.headers.authorization ?? "") : undefined;
  switch (message.method) {
    case "initialize": {
      const instructions = reflected === undefined ? {} : { instructions: `Signed in as ${reflected}.` };
      return reply({ result: { protocolVersion: message.params?.protocolVersion ?? "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "echo-credentials", version: "1.0.0" }, ...instructions } });
    }
    case "tools/list":
      return reply({ result: { tools: [reflected === undefined ? TOOL : reflectingTool(reflected)] } });
    case "tools/call":
      if (path === "/mcp/error") return echoError();
      return reply({ result: { isError: true, content: [{ type: "text", text: `denied for ${echoOf(request)}` }] } });
    default:
      return reply({ error: { code: -32601, message: "Method not found" } });
  }
}

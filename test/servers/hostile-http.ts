/**
 * Test HTTP endpoint (127.0.0.1 only) where an MCP server should be, answering every request
 * the wrong way, by path:
 *
 *   /401   401 Unauthorized          /403   403 Forbidden          /500   500 Internal Server Error
 *   /loop  307 to itself, forever    /hang  accepts the request and never answers
 *   /huge-json   200 application/json, a body that never ends (streamed until the client leaves)
 *   /huge-event  200 text/event-stream, one event that never ends (likewise)
 *
 * Usage: node hostile-http.js [--port <n>]; prints `MCP_LISTENING http://127.0.0.1:<port>` once
 * listening. Hanging requests are held until the client goes away or the process ends.
 */
import { createServer } from "node:http";

const portIndex = process.argv.indexOf("--port");
const port = portIndex === -1 ? 0 : Number(process.argv[portIndex + 1]);

const STATUS: Record<string, number> = { "/401": 401, "/403": 403, "/500": 500 };

const server = createServer((request, response) => {
  const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
  request.resume(); // read the body so the client can finish sending it
  const status = STATUS[path];
  if (status !== undefined) {
    response.writeHead(status, { "content-type": "text/plain" }).end(`refused with ${status}`);
  } else if (path === "/loop") {
    response.writeHead(307, { location: "/loop" }).end();
  } else if (path === "/huge-json" || path === "/huge-event") {
    const json = path === "/huge-json";
    response.writeHead(200, { "content-type": json ? "application/json" : "text/event-stream" });
    response.write(json ? '{"jsonrpc":"2.0","id":0,"result":{"padding":"' : 'event: message\ndata: {"jsonrpc":"2.0","id":0,"result":{"padding":"');
    streamForever(response);
  } else if (path !== "/hang") {
    response.writeHead(404).end();
  }
});

/** Writes 64 KiB chunks as fast as the client reads them, until it goes away. */
function streamForever(response: import("node:http").ServerResponse): void {
  const chunk = "x".repeat(64 * 1024);
  let gone = false;
  response.once("close", () => (gone = true));
  const more = (): void => {
    while (!gone && response.write(chunk));
    if (!gone) response.once("drain", more);
  };
  more();
}

server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  process.stdout.write(`MCP_LISTENING http://127.0.0.1:${bound}\n`);
});

process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});

/**
 * server-everything's own server factory served over HTTP on 127.0.0.1: streamable HTTP at
 * `/mcp` (one server instance per session) and legacy SSE at `/sse` + `/messages`.
 * Its bundled HTTP launchers listen on every interface through express; this one does not.
 *
 * Usage: node everything-http.js [--port N]   (0 = random; default $EVERYTHING_PORT, else 0)
 */
import { createServer } from "@modelcontextprotocol/server-everything/dist/server/index.js";
import { serveMcpOverHttp } from "./http-host.js";

await serveMcpOverHttp({ createSession: createServer, sse: true, portEnv: "EVERYTHING_PORT", defaultPort: 0 });

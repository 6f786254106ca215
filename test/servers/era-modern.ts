/** The era test server serving only MCP 2026-07-28 (`legacy: "reject"`): stdio, or `--http [--port N]`. */
import { serveEra } from "./era-host.js";

await serveEra(true);

/** The era test server serving MCP 2026-07-28 and the 2025 revisions: stdio, or `--http [--port N]`. */
import { serveEra } from "./era-host.js";

await serveEra(false);

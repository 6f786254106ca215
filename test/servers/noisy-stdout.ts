/**
 * Test MCP server (stdio, SDK 1.x) that writes text that is not JSON-RPC on stdout, as servers
 * that log to stdout do. Usage:
 *
 *   node noisy-stdout.js [--mute] [--on-call] [--hang-call]
 *
 * At start it prints a coloured banner line on stdout (ANSI escapes, and the value of
 * `NOISY_SECRET` when set: tests check it never reaches a message). Then it serves one tool,
 * `echo`. With `--mute` it never answers anything (it only drains stdin), as a server whose
 * every message is wrapped in logging would look to a client. With `--on-call` each `echo` call
 * also prints a log line on stdout before its answer; with `--hang-call` it never answers a call.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import * as z from "zod";

const flags = new Set(process.argv.slice(2));
const secret = process.env["NOISY_SECRET"];
process.stdout.write(`\x1b[32mServer started on stdio\x1b[0m${secret === undefined ? "" : ` token=${secret}`}\n`);

if (flags.has("--mute")) {
  process.stdin.resume();
} else {
  const server = new McpServer({ name: "noisy-stdout", version: "1.0.0" });
  server.registerTool("echo", { description: "Echo the text back.", inputSchema: { text: z.string() } }, async ({ text }) => {
    if (flags.has("--on-call")) process.stdout.write(`[info] echo called\n`);
    if (flags.has("--hang-call")) await new Promise<never>(() => undefined);
    return { content: [{ type: "text" as const, text }] };
  });
  await server.connect(new StdioServerTransport());
}

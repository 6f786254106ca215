/**
 * Test MCP server with audio content (which neither the example servers nor server-everything
 * send): a `tone` tool returning a tiny WAV with annotations, and a `listen` prompt whose
 * message carries the same audio. Also `wait_for_cancel`, which only ends when the client
 * cancels it (`notifications/cancelled`), and `cancellations`, how many it has seen: proof
 * that a cancel reached the server. Over stdio by default, or streamable HTTP with `--http`
 * (`--port N`, 0 = random; prints the MCP_LISTENING line).
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { serveMcpOverHttp } from "./http-host.js";

/** A valid 44-byte WAV (PCM, mono, 8 kHz, 16-bit) with no samples: real audio/wav data. */
function silentWav(): Buffer {
  const wav = Buffer.alloc(44);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24); // sample rate
  wav.writeUInt32LE(16000, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(0, 40);
  return wav;
}

export const TONE_WAV_BASE64 = silentWav().toString("base64");

/** Cancellations seen, for the whole process (a client may cancel on another HTTP session). */
let cancellations = 0;

function createServer(): McpServer {
  const server = new McpServer({ name: "media", version: "1.0.0" });
  server.registerTool("wait_for_cancel", { description: "Ends only when cancelled (or after 30 s)." }, (extra) =>
    new Promise<CallToolResult>((resolve) => {
      const timer = setTimeout(() => resolve({ content: [{ type: "text", text: "not cancelled" }] }), 30_000);
      extra.signal.addEventListener("abort", () => {
        clearTimeout(timer);
        cancellations += 1;
        resolve({ content: [{ type: "text", text: "cancelled" }] });
      });
    }),
  );
  server.registerTool("cancellations", { description: "How many calls were cancelled." }, () => ({
    content: [{ type: "text", text: String(cancellations) }],
  }));
  server.registerTool("tone", { description: "A short silent tone as audio/wav." }, () => ({
    content: [
      { type: "audio", mimeType: "audio/wav", data: TONE_WAV_BASE64, annotations: { audience: ["user"], priority: 0.7 } },
      { type: "text", text: "a silent tone" },
    ],
  }));
  server.registerPrompt("listen", { description: "A user message carrying audio." }, () => ({
    messages: [{ role: "user", content: { type: "audio", mimeType: "audio/wav", data: TONE_WAV_BASE64 } }],
  }));
  return server;
}

if (process.argv.includes("--http")) {
  await serveMcpOverHttp({ createSession: () => ({ server: createServer() }), portEnv: "MEDIA_PORT", defaultPort: 0 });
} else {
  await createServer().connect(new StdioServerTransport());
}

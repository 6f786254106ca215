/**
 * A small MCP server "notes" over stdio for the framework targets' tests: a read-only tool, a
 * destructive one and one without annotations (destructive and open-world by the spec's
 * defaults), an optional argument (nullable in OpenAI's strict projection), structured output,
 * an image block, and a tool error. State lives in the process, so a denied call is visible.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import * as z from "zod";

/** A 1×1 transparent PNG. */
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const notes = new Map<string, string>([["welcome", "Hello from the notes server."]]);
const server = new McpServer({ name: "notes", version: "1.0.0" });
const noteShape = { title: z.string(), text: z.string(), words: z.number().int() };

server.registerTool(
  "read_note",
  { description: "Read a note by title.", inputSchema: { title: z.string().describe("The note's title") }, outputSchema: noteShape, annotations: { readOnlyHint: true, openWorldHint: false } },
  ({ title }) => {
    const text = notes.get(title);
    if (text === undefined) return { isError: true, content: [{ type: "text", text: `no note titled "${title}"` }] };
    const note = { title, text, words: text.split(/\s+/).filter(Boolean).length };
    return { content: [{ type: "text", text }], structuredContent: note };
  },
);
server.registerTool(
  "delete_note",
  { description: "Delete a note.", inputSchema: { title: z.string() }, outputSchema: { deleted: z.boolean() }, annotations: { destructiveHint: true, openWorldHint: false } },
  ({ title }) => {
    const deleted = notes.delete(title);
    return { content: [{ type: "text", text: deleted ? `deleted ${title}` : `no note ${title}` }], structuredContent: { deleted } };
  },
);
server.registerTool(
  "write_note",
  {
    description: "Write a note (replaces one with the same title).",
    inputSchema: { title: z.string(), text: z.string(), tags: z.array(z.string()).optional().describe("Optional tags") },
    outputSchema: { title: z.string(), tags: z.number().int() },
  },
  ({ title, text, tags }) => {
    notes.set(title, text);
    return { content: [{ type: "text", text: `saved ${title}` }], structuredContent: { title, tags: tags?.length ?? 0 } };
  },
);
server.registerTool(
  "snapshot_note",
  { description: "A picture of a note.", inputSchema: { title: z.string() }, annotations: { readOnlyHint: true, openWorldHint: false } },
  ({ title }) => ({ content: [{ type: "text", text: `picture of ${title}` }, { type: "image", data: PIXEL, mimeType: "image/png" }] }),
);

await server.connect(new StdioServerTransport());
const shutdown = (): void => {
  void server.close().finally(() => process.exit(0));
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);

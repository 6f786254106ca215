/**
 * Example MCP server "math" over stdio: arithmetic tools with structured output, a static
 * resource, a resource template, and a prompt. Deterministic, so snapshots stay stable.
 */
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";

const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E, tau: 2 * Math.PI };

const HANDBOOK = [
  "# Math handbook",
  "",
  "- `add`, `multiply` and `divide` take two numbers `a` and `b`.",
  "- `divide` fails with a tool error when `b` is 0.",
  "- Constants are readable at `resource://constants/{name}` (pi, e, tau).",
  "",
].join("\n");

/** Every arithmetic tool only reads its input and gives the same answer twice. */
const PURE = { readOnlyHint: true, idempotentHint: true } as const;

const operands = {
  a: z.number().describe("First operand"),
  b: z.number().describe("Second operand"),
};

const resultShape = { result: z.number().describe("The computed value") };

function structured<T extends Record<string, unknown>>(value: T): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

function registerTools(server: McpServer): void {
  server.registerTool(
    "add",
    { description: "Add two numbers.", inputSchema: operands, outputSchema: resultShape, annotations: PURE },
    ({ a, b }) => structured({ result: a + b }),
  );
  server.registerTool(
    "multiply",
    { description: "Multiply two numbers.", inputSchema: operands, outputSchema: resultShape, annotations: PURE },
    ({ a, b }) => structured({ result: a * b }),
  );
  server.registerTool(
    "divide",
    {
      description: "Divide a by b. Fails when b is 0.",
      inputSchema: { a: z.number().describe("Dividend"), b: z.number().describe("Divisor, must not be 0") },
      outputSchema: resultShape,
      annotations: PURE,
    },
    ({ a, b }): CallToolResult =>
      b === 0 ? { content: [{ type: "text", text: "Division by zero" }], isError: true } : structured({ result: a / b }),
  );
  server.registerTool(
    "random",
    {
      description: "Return a 'random' number below max (deterministic: max / 2).",
      inputSchema: { max: z.number().optional().describe("Upper bound, 1 when absent") },
      outputSchema: { value: z.number().describe("The chosen number") },
      annotations: PURE,
    },
    ({ max }) => structured({ value: (max ?? 1) / 2 }),
  );
}

function registerResources(server: McpServer): void {
  server.registerResource(
    "handbook",
    "resource://handbook",
    { description: "How to use the math tools.", mimeType: "text/markdown" },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: HANDBOOK }] }),
  );
  const listConstants = () => ({
    resources: Object.keys(CONSTANTS).map((name) => ({
      uri: `resource://constants/${name}`,
      name,
      mimeType: "text/plain",
    })),
  });
  server.registerResource(
    "constant",
    new ResourceTemplate("resource://constants/{name}", { list: listConstants }),
    { description: "A mathematical constant by name (pi, e, tau).", mimeType: "text/plain" },
    (uri, variables) => {
      const name = String(variables["name"]);
      const value = CONSTANTS[name];
      if (value === undefined) throw new Error(`Unknown constant: ${name}`);
      return { contents: [{ uri: uri.href, mimeType: "text/plain", text: String(value) }] };
    },
  );
}

function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    "summarize",
    {
      description: "Ask for a summary of a math topic.",
      argsSchema: {
        topic: z.string().describe("The topic to summarize"),
        style: z.string().optional().describe("Writing style, e.g. 'brief' or 'detailed'"),
      },
    },
    ({ topic, style }) => ({
      messages: [
        {
          role: "user",
          content: { type: "text", text: `Summarize ${topic}${style ? ` in a ${style} style` : ""}.` },
        },
      ],
    }),
  );
}

function createMathServer(): McpServer {
  const server = new McpServer(
    { name: "math", version: "1.0.0" },
    { instructions: "Use the math tools for exact arithmetic on numbers." },
  );
  registerTools(server);
  registerResources(server);
  registerPrompts(server);
  return server;
}

const server = createMathServer();
await server.connect(new StdioServerTransport());

const shutdown = (): void => {
  void server.close().finally(() => process.exit(0));
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);

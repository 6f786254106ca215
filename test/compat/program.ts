/**
 * A program written against `@langchain/mcp-adapters` 1.x, using every option the compat entry
 * point promises. `compat.test.ts` runs this exact text twice, once as it is and once with only
 * its import line changed to `@mcp-codegen/runtime/compat`, and compares what both print.
 *
 * Servers come from the environment: MATH_SERVER and MEDIA_SERVER (stdio scripts),
 * EVERYTHING_URL (server-everything over streamable HTTP, behind a recording proxy).
 * STANDARD_BLOCKS=1 turns `useStandardContentBlocks` on.
 */
import { MultiServerMCPClient } from "@langchain/mcp-adapters";

const out: Record<string, unknown> = {};
const hookCalls: unknown[] = [];
const connectionErrors: string[] = [];

const client = new MultiServerMCPClient({
  mcpServers: {
    // No transport: inferred from `command`.
    math: { command: "node", args: [process.env["MATH_SERVER"]!] },
    media: {
      transport: "stdio",
      command: "node",
      args: [process.env["MEDIA_SERVER"]!],
      // A server entry's outputHandling is merged over the top-level one.
      outputHandling: { audio: "artifact" },
      defaultToolTimeout: 400,
    },
    // (The peer cannot add hook headers to a server whose transport it inferred from `url`.)
    everything: { transport: "http", url: process.env["EVERYTHING_URL"]!, headers: { "x-configured": "yes" } },
    // Fails to start: skipped and reported through onConnectionError.
    broken: { transport: "stdio", command: "node", args: [process.env["MATH_SERVER"]! + ".missing.js"] },
  },
  prefixToolNameWithServerName: true,
  additionalToolNamePrefix: "mcp",
  throwOnLoadError: true,
  onConnectionError: ({ serverName }) => {
    connectionErrors.push(serverName);
  },
  useStandardContentBlocks: process.env["STANDARD_BLOCKS"] === "1",
  outputHandling: { image: "artifact" },
  beforeToolCall: ({ serverName, name, args }) => {
    hookCalls.push({ hook: "before", serverName, name, args });
    // Arguments are merged over the model's; headers go to HTTP servers only.
    if (name === "add") return { args: { b: 10 } };
    if (serverName === "everything") return { headers: { "x-request-id": `req-${name}` } };
    return undefined;
  },
  afterToolCall: ({ serverName, name, args, result }) => {
    hookCalls.push({ hook: "after", serverName, name, args, result });
    if (name === "multiply") return { result: "replaced by the hook" };
    if (name === "get-sum") return { result: [[{ type: "text", text: "a tuple from the hook" }], []] };
    return undefined;
  },
});

/** What LangChain returns for a tool call with an id: a ToolMessage with content and artifact. */
async function callWithId(toolName: string, args: Record<string, unknown>): Promise<unknown> {
  const tool = tools.find((candidate) => candidate.name === toolName);
  if (!tool) return { missing: toolName };
  try {
    const message = (await tool.invoke({ type: "tool_call", id: `call-${toolName}`, name: toolName, args })) as {
      content: unknown;
      artifact?: unknown;
      status?: unknown;
      tool_call_id?: unknown;
    };
    return { content: message.content, artifact: message.artifact, status: message.status, id: message.tool_call_id };
  } catch (error) {
    return { threw: true };
  }
}

/** A plain `invoke(args)`: LangChain returns the content only. */
async function invoke(toolName: string, args: Record<string, unknown>): Promise<unknown> {
  const tool = tools.find((candidate) => candidate.name === toolName);
  if (!tool) return { missing: toolName };
  try {
    return await tool.invoke(args);
  } catch {
    return { threw: true };
  }
}

const loaded = await client.initializeConnections();
out["initialized"] = Object.keys(loaded).sort();
out["connectionErrors"] = connectionErrors;

const tools = await client.getTools();
out["toolNames"] = tools.map((tool) => tool.name).sort();
out["mathToolNames"] = (await client.getTools("math")).map((tool) => tool.name).sort();

out["add"] = await callWithId("mcp__math__add", { a: 1, b: 2 });
out["addPlain"] = await invoke("mcp__math__add", { a: 1, b: 2 });
out["multiply"] = await callWithId("mcp__math__multiply", { a: 2, b: 3 });
out["divideByZero"] = await callWithId("mcp__math__divide", { a: 1, b: 0 });
out["echo"] = await callWithId("mcp__everything__echo", { message: "hello" });
out["sum"] = await callWithId("mcp__everything__get-sum", { a: 2, b: 2 });
out["image"] = await callWithId("mcp__everything__get-tiny-image", {});
out["embedded"] = await callWithId("mcp__everything__get-resource-reference", { resourceType: "Text", resourceId: 2 });
out["links"] = await callWithId("mcp__everything__get-resource-links", { count: 2 });
out["structured"] = await callWithId("mcp__everything__get-structured-content", { location: "Chicago" });
out["tone"] = await callWithId("mcp__media__tone", {});
// Longer than the media server's defaultToolTimeout (400 ms): the call fails.
out["timedOut"] = await invoke("mcp__media__wait_for_cancel", {});
out["hookCalls"] = hookCalls;

out["resources"] = await client.listResources("math");
out["templates"] = await client.listResourceTemplates("math");
out["read"] = await client.readResource("math", "resource://constants/pi");
out["allResourceServers"] = Object.keys(await client.listResources()).sort();

const mathClient = await client.getClient("math");
out["prompts"] = (await mathClient?.listPrompts())?.prompts.map((prompt) => prompt.name);
out["unknownClient"] = await client.getClient("nope");
await client.setLoggingLevel("everything", "info");

await client.close();
process.stdout.write(JSON.stringify(out));

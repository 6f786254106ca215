/**
 * Each option of the compat `MultiServerMCPClient`, used the way the peer's documentation
 * describes it, against real servers: math and media over stdio, the file-driven listing
 * server, server-everything over streamable HTTP behind a recording proxy.
 */
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import { MultiServerMCPClient, type ClientConfig } from "../../runtime/src/adapters/compat/index.js";
import { ConfigError } from "../../runtime/src/index.js";
import { tempProject } from "../helpers/cli.js";
import { childPids, MATH_STDIO, repoRoot, startEverythingHttp, type RunningServer } from "../helpers/servers.js";
import { startRecordingProxy, type RecordingProxy } from "../runtime/recording-proxy.js";
import { baseListing, LISTING_SERVER, writeListing } from "../drift-cli/listing.js";

const before = new Set(childPids());
const MATH = { command: "node", args: MATH_STDIO.args };
const MEDIA = { command: "node", args: [`${repoRoot}/test/servers/dist/media.js`] };
const clients: MultiServerMCPClient[] = [];
let everything: RunningServer;
let proxy: RecordingProxy;
let folder: string;

beforeAll(async () => {
  everything = await startEverythingHttp();
  proxy = await startRecordingProxy(everything.url);
  folder = tempProject("compat-options");
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await proxy.close();
  await everything.stop();
  rmSync(folder, { recursive: true, force: true });
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

function client(config: ConstructorParameters<typeof MultiServerMCPClient>[0]): MultiServerMCPClient {
  const made = new MultiServerMCPClient(config);
  clients.push(made);
  return made;
}

function find(tools: DynamicStructuredTool[], name: string): DynamicStructuredTool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name} in ${tools.map((candidate) => candidate.name).join(", ")}`);
  return tool;
}

async function asModel(tool: DynamicStructuredTool, args: Record<string, unknown>): Promise<ToolMessage> {
  return (await tool.invoke({ type: "tool_call", id: "call-1", name: tool.name, args })) as ToolMessage;
}

describe("constructor", () => {
  it("takes { mcpServers, … } or a bare record of connections, inferring the transport", async () => {
    const bare = client({ math: MATH });
    expect((await bare.getTools()).map((tool) => tool.name).sort()).toEqual(["add", "divide", "multiply", "random"]);
    const wrapped = client({ mcpServers: { math: { transport: "stdio", ...MATH } } });
    expect(await find(await wrapped.getTools("math"), "add").invoke({ a: 1, b: 2 })).toMatchObject({ structuredContent: { result: 3 } });
    expect(wrapped.config).toEqual({ mcpServers: { math: { transport: "stdio", ...MATH } } });
  });

  it("rejects what cannot work, naming the server", () => {
    expect(() => new MultiServerMCPClient({ mcpServers: {} })).toThrow(/no MCP servers provided/);
    expect(() => new MultiServerMCPClient({ odd: { args: [] } as never })).toThrow(ConfigError);
    expect(() => new MultiServerMCPClient({ odd: { args: [] } as never })).toThrow(/odd.*cannot tell the transport/);
    expect(() => new MultiServerMCPClient({ mcpServers: { math: MATH }, defaultToolTimeout: 0 })).toThrow(/defaultToolTimeout must be .* greater than 0/);
  });
});

describe("tool names", () => {
  it("prefixToolNameWithServerName and additionalToolNamePrefix", async () => {
    const both = await client({ mcpServers: { math: MATH }, prefixToolNameWithServerName: true, additionalToolNamePrefix: "mcp" }).getTools();
    expect(both.map((tool) => tool.name)).toContain("mcp__math__add");
    const onlyExtra = await client({ mcpServers: { math: MATH }, additionalToolNamePrefix: "mcp" }).getTools();
    expect(onlyExtra.map((tool) => tool.name)).toContain("mcp__add");
    const onlyServer = await client({ mcpServers: { math: MATH }, prefixToolNameWithServerName: true }).getTools();
    expect(onlyServer.map((tool) => tool.name)).toContain("math__add");
  });
});

describe("throwOnLoadError", () => {
  const broken = (): string =>
    writeListing(folder, "unloadable", (listing) => {
      listing["tools"].push({ name: "dangling", inputSchema: { type: "object", properties: { x: { $ref: "#/$defs/missing" } } } });
    });

  it("true (default): a tool that cannot be loaded fails getTools, naming the tool and the pointer", async () => {
    const compat = client({ mcpServers: { listing: { command: "node", args: [LISTING_SERVER, broken()] } } });
    await expect(compat.getTools()).rejects.toThrow(/tool "dangling" cannot be loaded: .*#\/\$defs\/missing.*\/properties\/x\/\$ref/);
  });

  it("false: the tool is skipped with a warning, the others load", async () => {
    const compat = client({ mcpServers: { listing: { command: "node", args: [LISTING_SERVER, broken()] } }, throwOnLoadError: false });
    const loadable = (baseListing()["tools"] as { name: string }[]).map((tool) => tool.name).sort();
    expect((await compat.getTools()).map((tool) => tool.name).sort()).toEqual(loadable);
  });
});

describe("onConnectionError", () => {
  const missing = { command: "node", args: [`${repoRoot}/test/servers/dist/no-such-server.js`], stderr: "ignore" as const };

  it('"throw" (default): initializeConnections fails, naming the server', async () => {
    const compat = client({ mcpServers: { math: MATH, broken: missing } });
    await expect(compat.initializeConnections()).rejects.toMatchObject({ server: "broken" });
  });

  it('"ignore": the failed server is skipped, the others serve', async () => {
    const compat = client({ mcpServers: { math: MATH, broken: missing }, onConnectionError: "ignore" });
    expect(Object.keys(await compat.initializeConnections())).toEqual(["math"]);
    expect((await compat.getTools()).map((tool) => tool.name)).toContain("add");
    expect(await compat.getClient("broken")).toBeUndefined();
  });

  it("a handler hears each failure", async () => {
    const failures: { serverName: string; error: unknown }[] = [];
    const compat = client({ mcpServers: { math: MATH, broken: missing }, onConnectionError: (failure) => void failures.push(failure) });
    await compat.getTools();
    expect(failures.map((failure) => failure.serverName)).toEqual(["broken"]);
    expect(failures[0]?.error).toMatchObject({ name: "ConnectionError", server: "broken" });
  });
});

describe("useStandardContentBlocks and outputHandling", () => {
  it("legacy blocks by default; audio to the content", async () => {
    const message = await asModel(find(await client({ media: MEDIA }).getTools(), "tone"), {});
    expect(message.content).toEqual([
      { type: "audio", source_type: "base64", data: expect.any(String), mime_type: "audio/wav" },
      { type: "text", text: "a silent tone" },
    ]);
    expect(message.artifact).toEqual([]);
  });

  it('"artifact" for everything, the server entry winning per type; standard blocks in the artifact', async () => {
    const compat = client({
      mcpServers: { media: { ...MEDIA, outputHandling: { text: "content" } } },
      outputHandling: "artifact",
      useStandardContentBlocks: true,
    });
    const message = await asModel(find(await compat.getTools(), "tone"), {});
    expect(message.content).toBe("a silent tone");
    expect(message.artifact).toEqual([{ type: "audio", source_type: "base64", data: expect.any(String), mime_type: "audio/wav" }]);
  });

  it("refuses a bad outputHandling at construction, naming the server and the key", () => {
    expect(() => new MultiServerMCPClient({ mcpServers: { media: MEDIA }, outputHandling: "model" as never })).toThrow(ConfigError);
    expect(() => new MultiServerMCPClient({ mcpServers: { media: { ...MEDIA, outputHandling: { image: "hidden" as never } } } })).toThrow(
      'server "media": outputHandling.image: expected "content" or "artifact"',
    );
  });

  it("images: a data URL by default, a standard base64 block with useStandardContentBlocks", async () => {
    const url = proxy.url(everything.url);
    const legacy = await asModel(find(await client({ everything: { url } }).getTools(), "get-tiny-image"), {});
    expect(legacy.content).toContainEqual({ type: "image_url", image_url: { url: expect.stringMatching(/^data:image\/png;base64,/) } });
    const standard = await asModel(find(await client({ mcpServers: { everything: { url } }, useStandardContentBlocks: true }).getTools(), "get-tiny-image"), {});
    expect(standard.content).toContainEqual({ type: "image", source_type: "base64", data: expect.any(String), mime_type: "image/png" });
  });
});

describe("defaultToolTimeout", () => {
  it("a tool call longer than the client's default fails, and the server hears the cancellation", async () => {
    const compat = client({ mcpServers: { media: MEDIA }, defaultToolTimeout: 300 });
    const tools = await compat.getTools();
    await expect(find(tools, "wait_for_cancel").invoke({})).rejects.toMatchObject({ name: "TimeoutError" });
    expect(await find(tools, "cancellations").invoke({})).toBe("1");
  });

  it("a server entry's value wins over the client's (as the peer documents)", async () => {
    const compat = client({ mcpServers: { media: { ...MEDIA, defaultToolTimeout: 300 } }, defaultToolTimeout: 60_000 });
    await expect(find(await compat.getTools(), "wait_for_cancel").invoke({})).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("a call's own RunnableConfig timeout wins", async () => {
    const compat = client({ mcpServers: { media: MEDIA }, defaultToolTimeout: 60_000 });
    await expect(find(await compat.getTools(), "wait_for_cancel").invoke({}, { timeout: 300 })).rejects.toThrow();
  });
});

describe("beforeToolCall and afterToolCall", () => {
  it("beforeToolCall merges args over the model's and sends its headers over HTTP; it sees the RunnableConfig", async () => {
    const seen: unknown[] = [];
    const compat = client({
      mcpServers: { everything: { transport: "http", url: proxy.url(everything.url) }, math: MATH },
      beforeToolCall: ({ serverName, name, args }, _state, config) => {
        seen.push({ serverName, name, args: { ...args }, user: config.configurable?.["user"] });
        return serverName === "math" ? { args: { b: 40 } } : { headers: { "x-tenant": "t-7" } };
      },
    });
    const tools = await compat.getTools();
    expect(await find(tools, "add").invoke({ a: 2, b: 1 }, { configurable: { user: "u1" } })).toMatchObject({ structuredContent: { result: 42 } });
    expect(await find(tools, "echo").invoke({ message: "hi" })).toBe("Echo: hi");
    expect(seen).toEqual([
      { serverName: "math", name: "add", args: { a: 2, b: 1 }, user: "u1" },
      { serverName: "everything", name: "echo", args: { message: "hi" }, user: undefined },
    ]);
    const call = proxy.requests.find((request) => request.headers["x-tenant"] === "t-7");
    expect(call?.method).toBe("POST");
  });

  it("afterToolCall sees the result and may replace it with a string, a pair, a ToolMessage or a Command", async () => {
    const command = new Command({ update: { done: true } });
    const compat = client({
      mcpServers: { math: MATH },
      afterToolCall: ({ name, args, result }) => {
        if (name === "add") return { result: `sum of ${JSON.stringify(args)} was ${JSON.stringify(result[0])}` };
        if (name === "multiply") return { result: [[{ type: "text", text: "pair" }], [{ type: "note" }]] };
        if (name === "divide") return { result: new ToolMessage({ content: "from a message", tool_call_id: "x" }) };
        if (name === "random") return { result: command };
        return undefined;
      },
    });
    const tools = await compat.getTools();
    expect(await find(tools, "add").invoke({ a: 1, b: 2 })).toMatch(/^sum of \{"a":1,"b":2\} was \[\{"type":"text","text":"\{\\"result\\":3\}"/);
    expect(await asModel(find(tools, "multiply"), { a: 2, b: 3 })).toMatchObject({ content: [{ type: "text", text: "pair" }], artifact: [{ type: "note" }] });
    expect((await asModel(find(tools, "divide"), { a: 4, b: 2 })).content).toEqual([{ type: "text", text: "from a message" }]);
    expect(await find(tools, "random").invoke({ type: "tool_call", id: "c", name: "random", args: {} })).toBe(command);
  });
});

describe("methods", () => {
  it("getClient, listResources, listResourceTemplates, readResource, setLoggingLevel", async () => {
    const compat = client({ mcpServers: { math: MATH, everything: { url: proxy.url(everything.url) } } });
    const sdk = await compat.getClient("math");
    expect((await sdk?.listPrompts())?.prompts.map((prompt) => prompt.name)).toEqual(["summarize"]);
    expect(await compat.getClient("nope")).toBeUndefined();
    const resources = await compat.listResources("math");
    expect(resources["math"]?.map((resource) => resource.uri).sort()).toEqual(["resource://constants/e", "resource://constants/pi", "resource://constants/tau", "resource://handbook"]);
    expect(Object.keys(await compat.listResourceTemplates())).toEqual(["math", "everything"]);
    const [blob] = await compat.readResource("everything", "demo://resource/dynamic/blob/1");
    expect(blob).toMatchObject({ uri: "demo://resource/dynamic/blob/1", blob: expect.any(String) });
    expect(blob?.text).toBeUndefined();
    await compat.setLoggingLevel("everything", "debug");
    await expect(compat.readResource("nope", "x://y")).rejects.toThrow(/nope/);
  });

  it("close() ends the servers; the client connects again when used", async () => {
    const compat = client({ math: MATH });
    const pids = new Set(childPids());
    await compat.getTools();
    expect(childPids().filter((pid) => !pids.has(pid))).toHaveLength(1);
    await compat.close();
    expect(childPids().filter((pid) => !pids.has(pid))).toEqual([]);
    expect(await find(await compat.getTools(), "add").invoke({ a: 1, b: 1 })).toMatchObject({ structuredContent: { result: 2 } });
  });
});

describe("notification options", () => {
  it("onProgress hears a tool's progress with the peer's source", async () => {
    const updates: unknown[] = [];
    const compat = client({
      mcpServers: { everything: { url: proxy.url(everything.url) } },
      onProgress: (progress, source) => void updates.push({ progress: progress.progress, source }),
    });
    await find(await compat.getTools(), "trigger-long-running-operation").invoke({ duration: 0.2, steps: 2 });
    expect(updates).toContainEqual({ progress: 2, source: { type: "tool", name: "trigger-long-running-operation", server: "everything" } });
  });

  it("onToolsListChanged is told the server and its entry", async () => {
    const file = writeListing(folder, "notify");
    const entry = { command: "node", args: [LISTING_SERVER, file, "--notify"] };
    let heard: (source: unknown) => void = () => undefined;
    const changed = new Promise((resolve) => (heard = resolve));
    const compat = client({ mcpServers: { listing: entry }, onToolsListChanged: (source) => heard(source) });
    await compat.getTools();
    writeFileSync(`${file}.next`, JSON.stringify({ tools: [] }));
    renameSync(`${file}.next`, file);
    expect(await changed).toEqual({ server: "listing", options: entry });
  });
});

describe("throwing like the peer", () => {
  it("a tool error throws ToolCallError; handleToolErrors: true returns an error ToolMessage instead", async () => {
    const thrower = find(await client({ math: MATH }).getTools(), "divide");
    await expect(thrower.invoke({ a: 1, b: 0 })).rejects.toMatchObject({ name: "ToolCallError", server: "math", tool: "divide" });
    const config: ClientConfig = { mcpServers: { math: MATH }, handleToolErrors: true };
    const message = await asModel(find(await client(config).getTools(), "divide"), { a: 1, b: 0 });
    expect(message.status).toBe("error");
  });
});

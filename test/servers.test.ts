/**
 * The example servers and the process harness, exercised through the real SDK client over
 * real stdio pipes and HTTP sockets on 127.0.0.1.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv } from "ajv";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  EVERYTHING_STDIO,
  MATH_STDIO,
  childPids,
  startEverythingHttp,
  startWeatherServer,
  type RunningServer,
} from "./helpers/servers.js";

function newClient(): Client {
  return new Client({ name: "servers-test", version: "1.0.0" });
}

async function connectStdio(config: { command: string; args: string[] }): Promise<{ client: Client; pid: number }> {
  const transport = new StdioClientTransport({ command: config.command, args: config.args, stderr: "ignore" });
  const client = newClient();
  await client.connect(transport);
  const pid = transport.pid;
  if (pid === null) throw new Error("stdio transport has no child pid");
  return { client, pid };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function firstText(result: CallToolResult): string {
  const block = result.content[0];
  return block?.type === "text" ? block.text : "";
}

/** fetch() cannot set Host, so a raw node:http request stands in for a DNS-rebinding page. */
function statusWithHost(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: "POST", headers: { host, "content-type": "application/json" } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    request.on("error", reject);
    request.end("{}");
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("math server over stdio", () => {
  let client: Client;
  let pid: number;

  beforeAll(async () => {
    ({ client, pid } = await connectStdio(MATH_STDIO));
  });

  afterAll(async () => {
    await client.close();
  });

  it("identifies itself with instructions", () => {
    expect(client.getServerVersion()?.name).toBe("math");
    expect(client.getInstructions()).toMatch(/\w+/);
  });

  it("lists its tools with descriptions, output schemas and annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["add", "divide", "multiply", "random"]);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
      expect(tool.outputSchema?.type).toBe("object");
      for (const property of Object.values(tool.inputSchema.properties ?? {})) {
        expect((property as { description?: string }).description).toBeTruthy();
      }
    }
    const add = tools.find((tool) => tool.name === "add");
    expect(add?.inputSchema.required).toEqual(["a", "b"]);
    expect(add?.outputSchema?.required).toEqual(["result"]);
    const random = tools.find((tool) => tool.name === "random");
    expect(random?.inputSchema.required ?? []).toEqual([]);
  });

  it("returns structured results", async () => {
    const added = await call(client, "add", { a: 3, b: 5 });
    expect(added.structuredContent).toEqual({ result: 8 });
    expect(JSON.parse(firstText(added))).toEqual({ result: 8 });
    expect((await call(client, "multiply", { a: 4, b: 2.5 })).structuredContent).toEqual({ result: 10 });
    expect((await call(client, "divide", { a: 1, b: 4 })).structuredContent).toEqual({ result: 0.25 });
  });

  it("answers division by zero with a tool error", async () => {
    const result = await call(client, "divide", { a: 1, b: 0 });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe("Division by zero");
  });

  it("calls a tool without arguments when none is required", async () => {
    expect((await call(client, "random")).structuredContent).toEqual({ value: 0.5 });
    expect((await call(client, "random", { max: 10 })).structuredContent).toEqual({ value: 5 });
  });

  it("serves the handbook and the constants", async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual([
      "resource://constants/e",
      "resource://constants/pi",
      "resource://constants/tau",
      "resource://handbook",
    ]);
    expect(resources.find((resource) => resource.uri === "resource://handbook")).toMatchObject({
      name: "handbook",
      mimeType: "text/markdown",
    });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([expect.objectContaining({ name: "constant", uriTemplate: "resource://constants/{name}" })]);
    const pi = await client.readResource({ uri: "resource://constants/pi" });
    expect(pi.contents[0]).toMatchObject({ text: String(Math.PI) });
    const handbook = await client.readResource({ uri: "resource://handbook" });
    expect(handbook.contents[0]).toMatchObject({ mimeType: "text/markdown", text: expect.stringContaining("# Math") });
  });

  it("offers the summarize prompt", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      expect.objectContaining({
        name: "summarize",
        arguments: [
          expect.objectContaining({ name: "topic", required: true }),
          expect.objectContaining({ name: "style", required: false }),
        ],
      }),
    ]);
    const prompt = await client.getPrompt({ name: "summarize", arguments: { topic: "primes", style: "brief" } });
    expect(prompt.messages).toEqual([{ role: "user", content: { type: "text", text: "Summarize primes in a brief style." } }]);
  });

  it("is a child of this process while connected", () => {
    expect(childPids()).toContain(pid);
  });
});

describe("weather server over streamable HTTP", () => {
  let server: RunningServer;
  let client: Client;

  beforeAll(async () => {
    server = await startWeatherServer();
    client = newClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  it("listens on 127.0.0.1 only, at /mcp", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(childPids()).toContain(server.pid);
    expect(client.getServerVersion()?.name).toBe("weather");
  });

  it("lists get_weather and get_forecast with their schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["get_forecast", "get_weather"]);
    const weather = tools.find((tool) => tool.name === "get_weather");
    expect(weather?.inputSchema.required).toEqual(["city"]);
    expect(weather?.inputSchema.properties?.["units"]).toMatchObject({ enum: ["metric", "imperial"], default: "metric" });
    expect(weather?.outputSchema?.required).toEqual(["city", "temperature", "units", "conditions"]);
  });

  it("returns deterministic weather that matches the output schema", async () => {
    const { tools } = await client.listTools();
    const schema = tools.find((tool) => tool.name === "get_weather")?.outputSchema;
    const validate = new Ajv({ strict: false }).compile(schema ?? {});
    const paris = await call(client, "get_weather", { city: "Paris" });
    expect(validate(paris.structuredContent)).toBe(true);
    expect(paris.structuredContent).toMatchObject({ city: "Paris", units: "metric" });
    expect((await call(client, "get_weather", { city: "Paris" })).structuredContent).toEqual(paris.structuredContent);
    const imperial = await call(client, "get_weather", { city: "Paris", units: "imperial" });
    expect(validate(imperial.structuredContent)).toBe(true);
    expect(imperial.structuredContent?.["units"]).toBe("imperial");
  });

  it("returns a forecast of the requested length", async () => {
    const result = await call(client, "get_forecast", { city: "Oslo", days: 3 });
    const forecast = result.structuredContent as { city: string; days: Array<{ day: number; high: number; low: number }> };
    expect(forecast.city).toBe("Oslo");
    expect(forecast.days.map((entry) => entry.day)).toEqual([1, 2, 3]);
    for (const entry of forecast.days) expect(entry.high).toBeGreaterThanOrEqual(entry.low);
  });

  it("starts a forecast at the requested day (a nested option)", async () => {
    const result = await call(client, "get_forecast", { city: "Oslo", days: 2, options: { startDay: 3 } });
    const later = result.structuredContent as { days: Array<{ day: number }> };
    expect(later.days.map((entry) => entry.day)).toEqual([3, 4]);
    const whole = (await call(client, "get_forecast", { city: "Oslo", days: 4 })).structuredContent as { days: unknown[] };
    expect(later.days).toEqual(whole.days.slice(2));
  });

  it("rejects a forecast longer than 7 days", async () => {
    const outcome = await call(client, "get_forecast", { city: "Oslo", days: 8 }).catch((error: unknown) => error);
    const rejected = outcome instanceof Error || (outcome as CallToolResult).isError === true;
    expect(rejected).toBe(true);
  });

  it("answers 404 to an unknown session and 403 to a foreign Host header", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const unknown = await fetch(server.url, { method: "POST", body, headers: { ...headers, "mcp-session-id": "nope" } });
    expect(unknown.status).toBe(404);
    const noSession = await fetch(server.url, { method: "POST", body, headers });
    expect(noSession.status).toBe(400);
    expect(await statusWithHost(server.url, "evil.example")).toBe(403);
  });
});

describe("server-everything over HTTP (own host)", () => {
  let server: RunningServer & { sseUrl: string };

  beforeAll(async () => {
    server = await startEverythingHttp();
  });

  afterAll(async () => {
    await server.stop();
  });

  const transports = {
    "streamable HTTP": () => new StreamableHTTPClientTransport(new URL(server.url)),
    SSE: () => new SSEClientTransport(new URL(server.sseUrl)),
  };

  for (const [label, makeTransport] of Object.entries(transports)) {
    it(`lists and calls over ${label}`, async () => {
      const client = newClient();
      await client.connect(makeTransport());
      try {
        expect(client.getServerVersion()?.name).toBe("mcp-servers/everything");
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["echo", "get-sum"]));
        expect((await client.listResources()).resources.length).toBeGreaterThan(0);
        expect((await client.listPrompts()).prompts.length).toBeGreaterThan(0);
        expect(firstText(await call(client, "echo", { message: "hi" }))).toContain("hi");
        expect(firstText(await call(client, "get-sum", { a: 2, b: 3 }))).toContain("5");
      } finally {
        await client.close();
      }
    });
  }

  it("uses the sse endpoint next to /mcp", () => {
    expect(server.sseUrl).toBe(server.url.replace(/\/mcp$/, "/sse"));
  });
});

describe("server-everything over stdio", () => {
  it("lists and calls, and leaves no child after close", async () => {
    const { client, pid } = await connectStdio(EVERYTHING_STDIO);
    expect(childPids()).toContain(pid);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["echo", "get-sum"]));
    expect(firstText(await call(client, "get-sum", { a: 40, b: 2 }))).toContain("42");
    await client.close();
    expect(isAlive(pid)).toBe(false);
    expect(childPids()).not.toContain(pid);
  });
});

describe("process harness", () => {
  it("stop() ends an HTTP server and its process", async () => {
    const server = await startWeatherServer();
    expect(isAlive(server.pid)).toBe(true);
    await server.stop();
    expect(isAlive(server.pid)).toBe(false);
    await server.stop(); // a second stop is harmless
  });

  it("finds children of a child (indirect descendants)", async () => {
    // `; true` keeps the shell alive, so the server is a grandchild of this process.
    const script = `node '${MATH_STDIO.args[0]}'; true`;
    const { client, pid } = await connectStdio({ command: "sh", args: ["-c", script] });
    const [grandchild] = childPids(pid);
    expect(grandchild).toBeTypeOf("number");
    expect(childPids()).toEqual(expect.arrayContaining([pid, grandchild]));
    expect((await call(client, "add", { a: 1, b: 1 })).structuredContent).toEqual({ result: 2 });
    await client.close();
    expect(childPids()).not.toContain(grandchild);
  });
});

afterAll(() => {
  // Every server started above has been stopped: this worker has no child left.
  expect(childPids()).toEqual([]);
});

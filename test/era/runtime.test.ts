/**
 * The runtime against the SDK 2.x era servers (test/servers/era-*.ts) over real stdio pipes and
 * HTTP on 127.0.0.1: negotiation, multi round-trip input through the user's callbacks, the
 * round cap, `x-mcp-header` mirroring, cached listings, resource-not-found, and errors that
 * say what the server said.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWeatherServer, type RunningServer } from "../helpers/servers.js";
import { createRuntime, InputRoundsExceededError, ResourceNotFoundError, type Runtime, type RuntimeServerConfig } from "../../runtime/src/index.js";
import { runtimeInternals } from "../../runtime/src/calls/runtime-api.js";
import { startRecordingProxy, type RecordingProxy } from "../runtime/recording-proxy.js";
import { eraStdio, startEraHttp, type EraServer } from "./servers.js";
import { LISTING_SERVER } from "../drift-cli/listing.js";
import { VENDOR_ANNOTATION } from "../servers/era-surface.js";

const http: Partial<Record<EraServer, RunningServer>> = {};
let proxy: RecordingProxy;

beforeAll(async () => {
  [http.modern, http.dual] = await Promise.all([startEraHttp("modern"), startEraHttp("dual")]);
  proxy = await startRecordingProxy(http.modern.url);
});
afterAll(async () => {
  await Promise.all([http.modern?.stop(), http.dual?.stop(), proxy?.close()]);
});

function configOf(which: EraServer, transport: "stdio" | "http"): RuntimeServerConfig {
  return transport === "stdio" ? eraStdio(which) : { transport: "http", url: http[which]!.url };
}

const elicited: unknown[] = [];
const warnings: string[] = [];

function runtimeFor(config: RuntimeServerConfig, extra: Partial<Parameters<typeof createRuntime>[0]> = {}): Runtime {
  return createRuntime({
    servers: { era: config },
    onWarning: (message) => warnings.push(message),
    callbacks: {
      onElicitation: (request) => {
        elicited.push(request);
        return request.mode === "url" ? { action: "accept" } : { action: "accept", content: { confirm: true, name: "Ann" } };
      },
    },
    ...extra,
  });
}

describe.each([
  ["modern", "stdio"],
  ["modern", "http"],
  ["dual", "stdio"],
  ["dual", "http"],
] as const)("%s server over %s", (which, transport) => {
  let runtime: Runtime;
  beforeAll(() => {
    runtime = runtimeFor(configOf(which, transport));
  });
  afterAll(async () => {
    await runtime?.close();
  });

  it("speaks 2026-07-28 and calls a tool", async () => {
    const result = await runtime.callTool("era", "add", { a: 2, b: 3 });
    expect(result.structuredContent).toEqual({ sum: 5 });
    const client = runtimeInternals(runtime)!.connection("era").client!;
    expect(client.getProtocolEra()).toBe("modern");
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
  });

  it("lists tools as the server sent them", async () => {
    const add = (await runtime.listTools("era")).find((tool) => tool.name === "add");
    // The SDK's own parse keeps only the annotations the protocol names.
    expect(add?.annotations).toEqual({ readOnlyHint: true, ...VENDOR_ANNOTATION });
  });

  it("answers a multi round-trip tool through onElicitation (form and URL mode)", async () => {
    elicited.length = 0;
    const ordered = await runtime.callTool("era", "confirm_order", { item: "tea" });
    // The server checks that its requestState came back unchanged (else isError).
    expect(ordered.isError).toBeFalsy();
    expect(ordered.structuredContent).toEqual({ item: "tea", confirmed: true });
    const link = await runtime.callTool("era", "open_link", {});
    expect(link.content).toEqual([{ type: "text", text: "visit: accept" }]);
    expect(elicited).toMatchObject([{ message: "Order tea?" }, { mode: "url", url: "https://example.invalid/sign-in" }]);
  });

  it("answers input requests of resource reads and prompts", async () => {
    expect(await runtime.readResource("era", "era://secret")).toEqual([{ uri: "era://secret", mimeType: "text/plain", text: "for Ann" }]);
    const prompt = await runtime.getPrompt("era", "toned");
    expect(prompt.messages).toEqual([{ role: "user", content: { type: "text", text: "Be Ann." } }]);
  });

  it("sends x-mcp-header parameters (the server rejects the call without them)", async () => {
    const result = await runtime.callTool("era", "regional_price", { region: "eu", item: "tea" });
    expect(result.structuredContent).toEqual({ region: "eu", price: 3 });
  });

  it("reads resources and templates, gets prompts", async () => {
    expect(await runtime.readResource("era", "era://items/apple")).toEqual([{ uri: "era://items/apple", mimeType: "text/plain", text: "A red fruit." }]);
    const prompt = await runtime.getPrompt("era", "greet", { name: "Ann" });
    expect(prompt.messages).toEqual([{ role: "user", content: { type: "text", text: "Say hello to Ann." } }]);
  });

  it("reports an unknown resource as ResourceNotFoundError", async () => {
    const error = await runtime.readResource("era", "era://items/nope").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResourceNotFoundError);
    expect((error as ResourceNotFoundError).uri).toBe("era://items/nope");
    expect((error as Error).message).toBe('server "era" resource "era://items/nope": resource not found');
  });

  it("leaves tools with invalid x-mcp-header declarations out of live listings, with a warning", async () => {
    warnings.length = 0;
    const names = (await runtime.listTools("era")).map((tool) => tool.name);
    expect(names).toContain("regional_price");
    expect(names).not.toContain("broken_header");
    // Over HTTP on 2026-07-28 the SDK excludes the tool itself (and warns on the console) before we see it.
    if (transport === "stdio") {
      expect(warnings).toEqual([expect.stringMatching(/^server "era": tool "broken_header" left out: x-mcp-header on property "options": .*string, integer or boolean/)]);
    }
  });
});

describe("input rounds", () => {
  it("ends a server that asks forever after maxInputRounds, with one line", async () => {
    const runtime = runtimeFor(eraStdio("modern"), { maxInputRounds: 3 });
    try {
      const error = await runtime.callTool("era", "ask_forever", {}).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InputRoundsExceededError);
      expect((error as Error).message).toBe('server "era" tool "ask_forever": the server asked for input 3 rounds without answering (raise maxInputRounds if it needs more)');
    } finally {
      await runtime.close();
    }
  });

  it("the call's timeout covers every round", async () => {
    const slow = createRuntime({
      servers: { era: eraStdio("modern") },
      callbacks: { onElicitation: () => new Promise((resolve) => setTimeout(() => resolve({ action: "accept", content: { confirm: true } }), 400)) },
    });
    try {
      await slow.callTool("era", "add", { a: 1, b: 1 }); // connected
      const error = await slow.callTool("era", "confirm_order", { item: "tea" }, { timeout: 150 }).catch((caught: unknown) => caught);
      expect((error as Error).message).toBe('server "era" tool "confirm_order": request timed out after 150 ms');
    } finally {
      await slow.close();
    }
  });
});

describe("the wire over HTTP", () => {
  it("sends Mcp-Method, Mcp-Name and Mcp-Param-* headers, and serves fresh listings from the cache, as sent", async () => {
    const runtime = runtimeFor({ transport: "http", url: proxy.url(http.modern!.url) });
    try {
      proxy.requests.length = 0;
      await runtime.callTool("era", "regional_price", { region: "us", item: "tea" });
      const posts = proxy.requests.filter((request) => request.method === "POST" && request.headers["mcp-method"] === "tools/call");
      expect(posts.at(-1)?.headers).toMatchObject({ "mcp-method": "tools/call", "mcp-name": "regional_price", "mcp-param-region": "us" });
      await runtime.listTools("era");
      await runtime.listTools("era");
      // The server's tools/list says ttlMs 60000: the second listing is the cached one.
      const lists = proxy.requests.filter((request) => request.headers["mcp-method"] === "tools/list");
      expect(lists.length).toBeLessThanOrEqual(1 + posts.length);
      const before = lists.length;
      const cached = await runtime.listTools("era");
      expect(proxy.requests.filter((request) => request.headers["mcp-method"] === "tools/list").length).toBe(before);
      // From the cache too, each tool is as the server sent it.
      expect(cached.find((tool) => tool.name === "add")?.annotations).toEqual({ readOnlyHint: true, ...VENDOR_ANNOTATION });
    } finally {
      await runtime.close();
    }
  });
});

describe("a captured era that is no longer true", () => {
  it("a legacy verdict on a server that now serves only 2026-07-28: negotiates and works", async () => {
    const runtime = runtimeFor({ ...eraStdio("modern"), captured: { era: "legacy", revision: "2025-11-25" } });
    try {
      expect((await runtime.callTool("era", "add", { a: 1, b: 2 })).structuredContent).toEqual({ sum: 3 });
      expect(runtimeInternals(runtime)!.connection("era").client!.getProtocolEra()).toBe("modern");
    } finally {
      await runtime.close();
    }
  });

  it("a modern verdict on a 2025-only HTTP server: the refused first request is sent again after negotiating", async () => {
    const weather = await startWeatherServer();
    const runtime = runtimeFor({ transport: "http", url: weather.url, captured: { era: "modern", revision: "2026-07-28", capabilities: { tools: {} } } });
    try {
      const result = await runtime.callTool("era", "get_weather", { city: "Paris" });
      expect(result.isError).toBeFalsy();
      expect(runtimeInternals(runtime)!.connection("era").client!.getProtocolEra()).toBe("legacy");
    } finally {
      await runtime.close();
      await weather.stop();
    }
  });
});

describe("protocol option", () => {
  it('"legacy" speaks the 2025 handshake to a dual-era server', async () => {
    const runtime = runtimeFor(eraStdio("dual"), { protocol: "legacy" });
    try {
      await runtime.callTool("era", "add", { a: 1, b: 2 });
      expect(runtimeInternals(runtime)!.connection("era").client!.getProtocolEra()).toBe("legacy");
      // The server's own legacy shim turns its input request into an elicitation/create.
      expect((await runtime.callTool("era", "confirm_order", { item: "pen" })).structuredContent).toEqual({ item: "pen", confirmed: true });
    } finally {
      await runtime.close();
    }
  });

  it('a server\'s own "protocol" wins over the runtime\'s', async () => {
    const runtime = runtimeFor({ ...eraStdio("dual"), protocol: "2026-07-28" }, { protocol: "legacy" });
    try {
      await runtime.callTool("era", "add", { a: 1, b: 2 });
      expect(runtimeInternals(runtime)!.connection("era").client!.getProtocolEra()).toBe("modern");
    } finally {
      await runtime.close();
    }
  });

  it('"legacy" against a server that serves only 2026-07-28 says what the server said (stdio)', async () => {
    const runtime = runtimeFor(eraStdio("modern"), { protocol: "legacy" });
    try {
      const error = (await runtime.callTool("era", "add", { a: 1, b: 2 }).catch((caught: unknown) => caught)) as Error;
      expect(error.message).toMatch(/^server "era": could not start .*Unsupported protocol version: 2025-11-25/);
      expect(error.message).not.toContain("\n");
    } finally {
      await runtime.close();
    }
  });

  it('"legacy" against a server that serves only 2026-07-28 over HTTP: the JSON-RPC error, no SSE fallback', async () => {
    const runtime = runtimeFor({ transport: "http", url: http.modern!.url }, { protocol: "legacy" });
    try {
      const error = (await runtime.callTool("era", "add", { a: 1, b: 2 }).catch((caught: unknown) => caught)) as Error;
      expect(error.message).toBe(
        `server "era": could not connect over http: HTTP 400 from ${http.modern!.url}: Unsupported protocol version: 2025-11-25 (JSON-RPC error -32022; the server supports 2026-07-28)`,
      );
      expect(runtimeInternals(runtime)!.connection("era").transportKind).toBeUndefined();
    } finally {
      await runtime.close();
    }
  });
});

// The other era of "one typed error": an SDK 1.x server (test/servers/listing-server.ts) answers
// an unknown URI with the 2025 revisions' -32002, with the spec's `data.uri` or with the code alone.
describe.each([
  ["with data.uri", false],
  ["with the code alone", true],
])("a 2025 server answering resources/read with -32002 %s", (_label, bareNotFound) => {
  let dir: string;
  let runtime: Runtime;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "mcp-codegen-not-found-"));
    const listing = path.join(dir, "listing.json");
    writeFileSync(listing, JSON.stringify({ protocolVersion: "2025-11-25", capabilities: { tools: {}, resources: {} }, texts: { "doc://here": "Here." }, bareNotFound }));
    runtime = createRuntime({ servers: { legacy: { transport: "stdio", command: process.execPath, args: [LISTING_SERVER, listing] } } });
  });
  afterAll(async () => {
    await runtime?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reports it as ResourceNotFoundError, as on 2026-07-28", async () => {
    expect(await runtime.readResource("legacy", "doc://here")).toEqual([{ uri: "doc://here", mimeType: "text/plain", text: "Here." }]);
    expect(runtimeInternals(runtime)!.connection("legacy").client!.getProtocolEra()).toBe("legacy");
    const error = await runtime.readResource("legacy", "doc://gone").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResourceNotFoundError);
    expect((error as ResourceNotFoundError).uri).toBe("doc://gone");
    // `code` is what the SDK hands over: it rebuilds the `data.uri` form as its own
    // ResourceNotFoundError with -32602 (2026-07-28's code), the bare form stays -32002.
    expect((error as ResourceNotFoundError).code).toBe(bareNotFound ? -32002 : -32602);
    expect((error as Error).message).toBe('server "legacy" resource "doc://gone": resource not found');
  });
});

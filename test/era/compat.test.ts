/**
 * The `MultiServerMCPClient`-compatible client against the SDK 2.x era servers: 2026-07-28 by
 * default, the `protocol` option, multi round-trip input through `callbacks.onElicitation`
 * inside a LangChain tool, and the x-mcp-header tool over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import type { ToolMessage } from "@langchain/core/messages";
import { MultiServerMCPClient } from "../../runtime/src/adapters/compat/index.js";
import { ConfigError } from "../../runtime/src/index.js";
import { runtimeInternals } from "../../runtime/src/calls/runtime-api.js";
import type { RunningServer } from "../helpers/servers.js";
import { eraStdio, startEraHttp } from "./servers.js";

let http: RunningServer;
const clients: MultiServerMCPClient[] = [];

beforeAll(async () => {
  http = await startEraHttp("modern");
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await http?.stop();
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

async function invoke(tool: DynamicStructuredTool, args: Record<string, unknown>): Promise<ToolMessage> {
  return (await tool.invoke({ type: "tool_call", id: "call-1", name: tool.name, args })) as ToolMessage;
}

const MODERN = { command: process.execPath, args: eraStdio("modern").args };
const DUAL = { command: process.execPath, args: eraStdio("dual").args };

describe("compat client on MCP 2026-07-28", () => {
  it("answers a multi round-trip tool through callbacks.onElicitation, and calls the x-mcp-header tool over HTTP", async () => {
    const asked: string[] = [];
    const mcp = client({
      mcpServers: { era: MODERN, web: { url: http.url } },
      callbacks: {
        onElicitation: (request) => {
          asked.push(request.message);
          return { action: "accept", content: { confirm: true } };
        },
      },
    });
    const tools = await mcp.getTools();
    expect(tools.map((tool) => tool.name)).not.toContain("broken_header");
    const ordered = await invoke(find(tools.filter((tool) => tool.name === "confirm_order"), "confirm_order"), { item: "tea" });
    expect(JSON.stringify(ordered.content)).toContain("ordered tea");
    expect(asked).toEqual(["Order tea?"]);
    const web = await mcp.getTools("web");
    const price = await invoke(find(web, "regional_price"), { region: "eu", item: "tea" });
    expect(price.status).not.toBe("error");
    expect(JSON.stringify(price.content)).toContain("tea in eu");
  });

  it('speaks 2026-07-28 to a dual-era server, the 2025 handshake with protocol: "legacy"', async () => {
    const modern = client({ mcpServers: { dual: DUAL } });
    await modern.getTools();
    const legacy = client({ mcpServers: { dual: { ...DUAL, protocol: "legacy" } } });
    await legacy.getTools();
    const eraOf = (mcp: MultiServerMCPClient) => runtimeInternals(mcp.runtime)!.connection("dual").client!.getProtocolEra();
    expect(eraOf(modern)).toBe("modern");
    expect(eraOf(legacy)).toBe("legacy");
  });

  it("rejects an unknown protocol value with one line naming the server", () => {
    expect(() => new MultiServerMCPClient({ mcpServers: { era: { ...MODERN, protocol: "2099-01-01" as never } } })).toThrow(ConfigError);
    expect(() => new MultiServerMCPClient({ mcpServers: { era: { ...MODERN, protocol: "2099-01-01" as never } } })).toThrow(
      'server "era": protocol must be one of "auto", "legacy", "2026-07-28" (got "2099-01-01")',
    );
  });
});

/**
 * Open an initialised SDK client for one configured server, with placeholders resolved in
 * memory and relative paths taken from the config file's folder.
 */
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { resolveDeep, type Environment } from "../shared/placeholders.js";
import type { ServerConfig } from "../shared/server-config.js";
import { ProtocolVersionObserver } from "./observe-transport.js";

export const CLIENT_INFO = { name: "mcp-codegen", version: "0.1.0" } as const;

export interface OpenedServer {
  client: Client;
  transport: ProtocolVersionObserver;
  /** Last lines the child wrote to stderr (stdio only), for error messages. */
  stderrTail: () => string;
}

export function resolveServerConfig(name: string, config: ServerConfig, env: Environment, rootDir: string): ServerConfig {
  const resolved = resolveDeep(config, env, `server "${name}"`);
  if (resolved.transport !== "stdio") return resolved;
  return { ...resolved, cwd: path.resolve(rootDir, resolved.cwd ?? ".") };
}

export function createTransport(config: ServerConfig, stderr: string[]): Transport {
  switch (config.transport) {
    case "stdio": {
      const transport = new StdioClientTransport({
        command: config.command,
        args: config.args ?? [],
        env: { ...getDefaultEnvironment(), ...config.env },
        ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
        stderr: "pipe",
      });
      transport.stderr?.on("data", (chunk: Buffer) => {
        stderr.push(chunk.toString("utf8"));
        if (stderr.length > 20) stderr.shift();
      });
      return transport;
    }
    case "sse":
      return new SSEClientTransport(new URL(config.url), requestInit(config.headers));
    default:
      return new StreamableHTTPClientTransport(new URL(config.url), requestInit(config.headers));
  }
}

function requestInit(headers: Record<string, string> | undefined): { requestInit?: RequestInit } {
  return headers ? { requestInit: { headers } } : {};
}

/**
 * The client and transport for one server, not yet connected: the caller holds them before
 * connecting so that a deadline can close them (and end the child) even if `initialize` hangs.
 */
export function prepareServer(config: ServerConfig): OpenedServer {
  const stderr: string[] = [];
  const transport = new ProtocolVersionObserver(createTransport(config, stderr));
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  return { client, transport, stderrTail: () => stderr.join("").trim().split("\n").slice(-3).join(" | ") };
}

/** Connect and initialise; the caller's deadline bounds it, so the SDK's own timeout is off. */
export async function connectServer(opened: OpenedServer): Promise<void> {
  try {
    await opened.client.connect(opened.transport, { timeout: 2 ** 31 - 1 });
  } catch (error) {
    throw Object.assign(error as Error, { stderrTail: opened.stderrTail() });
  }
}

/**
 * One server's connection: opened lazily on first use, then shared by every call. Racing
 * first callers share one opening promise, so a server is never started twice. When the
 * transport closes on its own (the child died, the socket broke) the connection forgets the
 * client and the next call opens a fresh one.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { redact, type Environment } from "../shared/placeholders.js";
import type { ServerConfig } from "../shared/server-config.js";
import { ConnectionError, McpRuntimeError, RuntimeClosedError } from "./errors.js";
import { messageOf } from "./failures.js";
import { resolveServer, type ResolvedServer } from "./server-config.js";
import { OpenFailure, openClient, type ClientIdentity, type OpenedClient } from "./transports.js";

export interface ConnectionSettings {
  env: Environment;
  identity: ClientIdentity;
  /** Limit for connect + initialise, in ms; the SDK default when undefined. */
  connectTimeout: number | undefined;
}

export class ServerConnection {
  readonly server: string;
  readonly config: ServerConfig;
  readonly #settings: ConnectionSettings;
  #opened: OpenedClient | undefined;
  #opening: Promise<Client> | undefined;
  #closed = false;

  constructor(server: string, config: ServerConfig, settings: ConnectionSettings) {
    this.server = server;
    this.config = config;
    this.#settings = settings;
  }

  /** The live client, if connected: lets the call path skip a promise when it can. */
  get client(): Client | undefined {
    return this.#opened?.client;
  }

  /** PID of the stdio child while connected. */
  get pid(): number | undefined {
    const transport = this.#opened?.transport as { pid?: number | null } | undefined;
    return transport?.pid ?? undefined;
  }

  /** Which transport is in use while connected ("http" may have fallen back to "sse"). */
  get transportKind(): OpenedClient["kind"] | undefined {
    return this.#opened?.kind;
  }

  connect(): Promise<Client> {
    if (this.#closed) return Promise.reject(new RuntimeClosedError(this.server, "runtime is closed"));
    if (this.#opened) return Promise.resolve(this.#opened.client);
    this.#opening ??= this.#open().finally(() => {
      this.#opening = undefined;
    });
    return this.#opening;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#opening?.catch(() => undefined);
    const opened = this.#opened;
    this.#opened = undefined;
    if (!opened) return;
    // Client.close closes the transport; for stdio the SDK ends stdin, then SIGTERM, then SIGKILL.
    await opened.client.close().catch(() => undefined);
  }

  async #open(): Promise<Client> {
    const resolved = resolveServer(this.server, this.config, this.#settings.env);
    let opened: OpenedClient;
    try {
      opened = await openClient(resolved, this.#settings.identity, this.#connectOptions());
    } catch (error) {
      throw this.#connectError(error, resolved);
    }
    if (this.#closed) {
      await opened.client.close().catch(() => undefined);
      throw new RuntimeClosedError(this.server, "runtime closed while connecting");
    }
    opened.client.onclose = () => {
      if (this.#opened === opened) this.#opened = undefined;
    };
    this.#opened = opened;
    return opened.client;
  }

  #connectOptions(): RequestOptions | undefined {
    const timeout = this.#settings.connectTimeout;
    return timeout === undefined ? undefined : { timeout };
  }

  #connectError(error: unknown, resolved: ResolvedServer): McpRuntimeError {
    if (error instanceof McpRuntimeError) return error;
    const where = resolved.kind === "stdio" ? `could not start ${JSON.stringify(resolved.command)}` : `could not connect over ${resolved.kind}`;
    const cause = error instanceof OpenFailure ? error.cause : error;
    const stderr = error instanceof OpenFailure && error.stderr !== "" ? ` (stderr: ${error.stderr})` : "";
    const detail = redact(`${where}: ${messageOf(cause)}${stderr}`, resolved.secrets);
    return new ConnectionError(this.server, detail, { cause });
  }
}

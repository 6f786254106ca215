/**
 * `login` / `logout` as a library: which servers of a config authenticate with OAuth, an
 * interactive login of one of them into a token store, and forgetting it. Returns reports;
 * the CLI prints them and supplies the user-agent part (loopback redirect, browser).
 */
import { extractWWWAuthenticateParams, type FetchLike } from "@modelcontextprotocol/client";
import type { ResolvedConfig, ResolvedServer } from "../config/load.js";
import { CLIENT_INFO, resolveForCapture, UNBOUNDED } from "../capture/connect.js";
import { CodegenError, errorMessage, redact, type Environment } from "@mcp-codegen/runtime/internal";
import {
  clientLabel,
  currentClientId,
  eraAttempts,
  McpRuntimeError,
  OAuthSession,
  openClient,
  withOAuthSession,
  type AuthorizeFunction,
  type EraAttempt,
  type OAuthStore,
  type OAuthStoreKey,
  type ResolvedHttp,
} from "@mcp-codegen/runtime/internal/connect";

export interface LoginOptions {
  store: OAuthStore;
  authorize: AuthorizeFunction;
  /** The loopback redirect URL the CLI listens on. */
  redirectUrl: string;
  env?: Environment;
}

export interface LoginReport {
  server: string;
  url: string;
  /** Who the token stands for, when the token says (a JWT's `sub`, `preferred_username` or `email`). */
  identity?: string;
  clientId?: string;
  scope?: string;
  expiresAt?: number;
  /** The server's own name and version (from `initialize` or `server/discover`). */
  serverInfo?: string;
}

export interface LogoutReport {
  server: string;
  url: string;
  /** Whether anything was stored. */
  found: boolean;
}

type AuthType = "oauth" | "client_credentials";

/**
 * The servers `login` (type "oauth") or `logout` (both stored types) acts on: the named ones,
 * each of which must have that auth type, or every server that has it.
 */
export function serversWithAuth(config: ResolvedConfig, names: readonly string[], types: readonly AuthType[]): ResolvedServer[] {
  const authType = (server: ResolvedServer) => (server.config.transport === "stdio" ? undefined : server.config.auth?.type);
  const accepted = (server: ResolvedServer) => types.includes(authType(server) as AuthType);
  if (names.length === 0) {
    const found = config.servers.filter(accepted);
    if (found.length === 0) throw new CodegenError("config", `no server in ${config.configPath} has auth.type ${types.map((type) => `"${type}"`).join(" or ")}`);
    return found;
  }
  return names.map((name) => {
    const server = config.servers.find((candidate) => candidate.name === name);
    if (server === undefined) throw new CodegenError("config", `no server "${name}" in ${config.configPath}`);
    if (!accepted(server)) throw new CodegenError("config", `server "${name}" has no auth of type ${types.map((type) => `"${type}"`).join(" or ")}`, { subject: `servers.${name}.auth` });
    return server;
  });
}

export async function login(config: ResolvedConfig, server: ResolvedServer, options: LoginOptions): Promise<LoginReport> {
  const resolved = httpOf(config, server, options.env);
  const auth = resolved.auth;
  if (auth?.type !== "oauth") throw new CodegenError("config", "no auth of type \"oauth\"", { subject: `servers.${server.name}.auth` });
  const session = new OAuthSession({ server: server.name, url: resolved.url, auth, store: options.store, authorize: options.authorize, redirectUrl: options.redirectUrl, secrets: resolved.secrets });
  const subject = `server "${server.name}"`;
  // As capture reaches it: the server's `protocol` option, negotiated afresh (2026-07-28 or the 2025 handshake).
  const eras = eraAttempts(server.config.protocol, undefined);
  try {
    await session.login(await challengeOf(resolved, eras));
    const opened = await openClient(withOAuthSession(resolved, session), CLIENT_INFO, UNBOUNDED, { capabilities: {}, install: () => undefined, eras });
    const info = opened.client.getServerVersion();
    await opened.client.close().catch(() => undefined);
    const record = await session.record();
    const tokens = record?.tokens;
    const identity = tokens === undefined ? undefined : identityOf(tokens.access_token);
    return {
      server: server.name,
      url: resolved.url.href,
      ...(identity === undefined ? {} : { identity }),
      ...(currentClientId(record) === undefined ? {} : { clientId: currentClientId(record) as string }),
      ...(tokens?.scope === undefined && record?.scope === undefined ? {} : { scope: tokens?.scope ?? record?.scope ?? "" }),
      ...(record?.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
      ...(info === undefined ? {} : { serverInfo: `${info.name} ${info.version}` }),
    };
  } catch (error) {
    if (error instanceof CodegenError) throw error;
    const detail = error instanceof McpRuntimeError ? error.detail : errorMessage(error);
    throw new CodegenError("server", redact(`login failed: ${detail}`, resolved.secrets), { subject, cause: error });
  }
}

export async function logout(config: ResolvedConfig, server: ResolvedServer, store: OAuthStore, env?: Environment): Promise<LogoutReport> {
  const resolved = httpOf(config, server, env);
  const auth = resolved.auth;
  if (auth === undefined) throw new CodegenError("config", "no OAuth auth", { subject: `servers.${server.name}.auth` });
  const key: OAuthStoreKey = { server: server.name, url: resolved.url.href, client: clientLabel(auth) };
  const found = (await store.load(key)) !== undefined;
  await store.delete(key);
  return { server: server.name, url: resolved.url.href, found };
}

function httpOf(config: ResolvedConfig, server: ResolvedServer, env: Environment | undefined): ResolvedHttp & { secrets: string[]; credentials: string[] } {
  const resolved = resolveForCapture(server.name, server.config, env ?? process.env, config.rootDir, config.maxListingBytes);
  if (resolved.kind === "stdio") throw new CodegenError("config", "a stdio server has no OAuth login", { subject: `servers.${server.name}` });
  return resolved;
}

/**
 * What the server's `401` says (resource metadata URL, scope), from an unauthenticated open of
 * the kind capture makes (`server/discover` or `initialize`, whichever era negotiation tries
 * first): the login asks for what the server will ask for. The open stops at the first 401;
 * a server that lets it through unauthenticated (step-up servers) names nothing.
 */
async function challengeOf(server: ResolvedHttp & { secrets: string[]; credentials: string[] }, eras: readonly EraAttempt[]): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
  let challenge: { resourceMetadataUrl?: URL; scope?: string } | undefined;
  const stop = new AbortController();
  const recording: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    if (response.status === 401 && challenge === undefined) {
      const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
      challenge = { ...(resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl }), ...(scope === undefined ? {} : { scope }) };
      // Nothing more to learn: no fallback attempt is sent after the refusal.
      stop.abort();
    }
    return response;
  };
  try {
    const opened = await openClient({ ...server, fetch: recording }, CLIENT_INFO, { ...UNBOUNDED, signal: stop.signal }, { capabilities: {}, install: () => undefined, eras });
    await opened.client.close().catch(() => undefined);
  } catch (error) {
    // Refused for want of a token is what was asked; anything else (unreachable, not MCP) is the login's failure.
    if (challenge === undefined) throw error;
  }
  return challenge ?? {};
}

/** A JWT access token may say whom it stands for; an opaque one does not. */
function identityOf(token: string): string | undefined {
  const payload = token.split(".")[1];
  if (payload === undefined || token.split(".").length !== 3) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    const name = claims["preferred_username"] ?? claims["email"] ?? claims["sub"];
    return typeof name === "string" && name !== "" ? name : undefined;
  } catch {
    return undefined;
  }
}

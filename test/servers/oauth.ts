/**
 * A real authorization server and a protected MCP server, on 127.0.0.1, built from the SDK's
 * server-side auth pieces (authorize / token / registration / metadata handlers, bearer
 * middleware) around an in-memory provider (oauth-provider.ts). Options reproduce the
 * variants a client must handle: where the protected resource metadata and the authorization
 * server metadata live (2025-11-25 and 2025-03-26 layouts), dynamic registration or not,
 * client ID metadata documents, token endpoint authentication methods, scopes in challenges
 * and `scopes_supported`, step-up, client credentials with a secret or a private key JWT.
 *
 * Used in process by the tests (they read `events`); serves streamable HTTP at /mcp and the
 * legacy SSE transport at /sse + /messages, or with `protocol: "2026-07-28"` only MCP
 * 2026-07-28 at /mcp (an SDK 2.x server that rejects the 2025 handshake, behind the same gate).
 */
import { createPublicKey, verify, type KeyObject } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type Response } from "express";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { authorizationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { clientRegistrationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/register.js";
import { metadataHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/metadata.js";
import { tokenHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/token.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OAuthClientInformationFull, OAuthMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import { createMcpHandler, McpServer as ModernMcpServer, type McpHandlerRequestOptions } from "@modelcontextprotocol/server";
import * as z from "zod";
import { TestOAuthProvider, type OAuthEvent, type ProviderOptions } from "./oauth-provider.js";
import { webRequestOf, writeWebResponse } from "./web-bridge.js";

const HOST = "127.0.0.1";
export const JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

export type TokenAuthMethod = "client_secret_basic" | "client_secret_post" | "none" | "private_key_jwt";

export interface OAuthServerOptions {
  /** Path of the protected resource metadata on the MCP server; null = none (2025-03-26). */
  prmPath?: string | null;
  /** Whether a 401 names the metadata in `WWW-Authenticate` (`resource_metadata`). Default true. */
  prmInChallenge?: boolean;
  /** `scopes_supported` of the protected resource metadata. */
  scopesSupported?: string[];
  /** The authorization server shares the MCP server's origin (2025-03-26) instead of its own. */
  sameOrigin?: boolean;
  /** Path prefix of the authorization server's issuer and endpoints ("/tenant1"). */
  issuerPath?: string;
  /** Prefix of the endpoints only (issuer stays at the root), e.g. "/oauth". */
  endpointPrefix?: string;
  /** Where the authorization server metadata is served; null = nowhere (endpoint fallback). */
  metadataPath?: string | null;
  tokenAuthMethods?: TokenAuthMethod[];
  /** Dynamic client registration offered. Default true. */
  registration?: boolean;
  clientIdMetadataDocuments?: ProviderOptions["metadataDocuments"];
  /** Scopes every MCP request needs; named in the 401/403 challenge. */
  requiredScopes?: string[];
  /** `initialize` and notifications pass without a token (step-up servers). */
  openInitialize?: boolean;
  /** tools/call needs this scope too; a token without it gets 403 insufficient_scope naming it. */
  stepUpScope?: string;
  /** Every authorized request after initialize gets 403 insufficient_scope naming this scope, granted or not. */
  neverEnoughScope?: string;
  accessTokenTtl?: number;
  preRegistered?: OAuthClientInformationFull[];
  /** Client credentials: the client's public key (PEM) for private_key_jwt. */
  publicKeys?: Record<string, string>;
  /** RFC 9207: what the authorization redirect says as `iss`. Default: nothing. */
  issInRedirect?: "correct" | "wrong" | "omit";
  /** `authorization_response_iss_parameter_supported` in the metadata. */
  issParameterSupported?: boolean;
  /**
   * What /mcp speaks: the 2025 revisions (default, SDK 1.x, with the SSE endpoints) or only
   * 2026-07-28 (SDK 2.x, `legacy: "reject"`: an `initialize` gets -32022; no SSE endpoints).
   */
  protocol?: "2025" | "2026-07-28";
  /** The 2025 server repeats the caller's access token in its instructions and its tool's description (a careless server). */
  echoToken?: boolean;
}

/** A second authorization server the resource server moved to (`migrate()`). */
export interface MigratedAuthorizationServer {
  issuer: string;
  provider: TestOAuthProvider;
  eventsOf<T extends OAuthEvent["type"]>(type: T): Extract<OAuthEvent, { type: T }>[];
}

export interface OAuthTestServer {
  /** Streamable HTTP endpoint of the MCP server. */
  url: string;
  /** Legacy SSE endpoint. */
  sseUrl: string;
  issuer: string;
  provider: TestOAuthProvider;
  events: OAuthEvent[];
  eventsOf<T extends OAuthEvent["type"]>(type: T): Extract<OAuthEvent, { type: T }>[];
  /**
   * The resource server moves to a new authorization server (same options, own clients and
   * tokens): its metadata names the new issuer, and tokens of the old one are refused.
   */
  migrate(): Promise<MigratedAuthorizationServer>;
  close(): Promise<void>;
}

/** The authorization server the resource server trusts right now. */
interface Current {
  provider: TestOAuthProvider;
  origins: Origins;
}

interface Origins {
  rs: string;
  as: string;
}

export async function startOAuthServer(options: OAuthServerOptions = {}): Promise<OAuthTestServer> {
  const origins: Origins = { rs: "", as: "" };
  const provider = newProvider(options, () => issuerOf(origins, options));
  const current: Current = { provider, origins };
  const rsApp = express();
  const asApp = options.sameOrigin ? rsApp : express();
  mountAuthorizationServer(asApp, provider, origins, options);
  const closeMcp = mountResourceServer(rsApp, provider, current, options);
  const rs = await listen(rsApp);
  const as = options.sameOrigin ? rs : await listen(asApp);
  const extra: Server[] = [];
  origins.rs = `http://${HOST}:${(rs.address() as AddressInfo).port}`;
  origins.as = `http://${HOST}:${(as.address() as AddressInfo).port}`;
  return {
    url: `${origins.rs}/mcp`,
    sseUrl: `${origins.rs}/sse`,
    issuer: issuerOf(origins, options),
    provider,
    events: provider.events,
    eventsOf: (type) => eventsOf(provider, type),
    migrate: async () => {
      const moved: Origins = { rs: origins.rs, as: "" };
      const next = newProvider(options, () => issuerOf(moved, options));
      const app = express();
      mountAuthorizationServer(app, next, moved, options);
      const server = await listen(app);
      extra.push(server);
      moved.as = `http://${HOST}:${(server.address() as AddressInfo).port}`;
      current.provider = next;
      current.origins = moved;
      return { issuer: issuerOf(moved, options), provider: next, eventsOf: (type) => eventsOf(next, type) };
    },
    close: async () => {
      await closeMcp();
      await close(rs);
      if (as !== rs) await close(as);
      for (const server of extra) await close(server);
    },
  };
}

function newProvider(options: OAuthServerOptions, issuer: () => string): TestOAuthProvider {
  const provider = new TestOAuthProvider({
    accessTokenTtl: options.accessTokenTtl ?? 3600,
    metadataDocuments: options.clientIdMetadataDocuments ?? {},
    publicClientsOnly: (options.tokenAuthMethods ?? []).join() === "none",
    redirectIss: () => {
      if (options.issInRedirect === "correct") return issuer();
      if (options.issInRedirect === "wrong") return "https://mix-up.example/evil";
      return undefined;
    },
  });
  for (const client of options.preRegistered ?? []) provider.clients.set(client.client_id, client);
  return provider;
}

function eventsOf<T extends OAuthEvent["type"]>(provider: TestOAuthProvider, type: T): Extract<OAuthEvent, { type: T }>[] {
  return provider.events.filter((event): event is Extract<OAuthEvent, { type: T }> => event.type === type);
}

function issuerOf(origins: Origins, options: OAuthServerOptions): string {
  return `${options.sameOrigin ? origins.rs : origins.as}${options.issuerPath ?? ""}`;
}

function endpoint(origins: Origins, options: OAuthServerOptions, name: string): string {
  return `${issuerOf(origins, options)}${options.endpointPrefix ?? ""}/${name}`;
}

function mountAuthorizationServer(app: express.Express, provider: TestOAuthProvider, origins: Origins, options: OAuthServerOptions): void {
  const prefix = `${options.issuerPath ?? ""}${options.endpointPrefix ?? ""}`;
  const methods = options.tokenAuthMethods ?? ["client_secret_basic", "client_secret_post", "none"];
  const registration = options.registration ?? true;
  if (options.metadataPath !== null) {
    const path = options.metadataPath ?? "/.well-known/oauth-authorization-server";
    app.use(path, (req, _res, next) => {
      provider.events.push({ type: "metadata", path: req.originalUrl });
      next();
    });
    app.use(path, (req, res, next) => metadataHandler(authorizationMetadata(origins, options, methods, registration))(req, res, next));
  }
  app.use(`${prefix}/authorize`, (req, _res, next) => {
    const query = req.query as Record<string, string | undefined>;
    provider.events.push({
      type: "authorize",
      clientId: query["client_id"] ?? "",
      ...optional("scope", query["scope"]),
      ...optional("resource", query["resource"]),
      ...optional("challengeMethod", query["code_challenge_method"]),
      ...optional("state", query["state"]),
    });
    next();
  });
  app.use(`${prefix}/authorize`, authorizationHandler({ provider, rateLimit: false }));
  app.use(`${prefix}/token`, express.urlencoded({ extended: false }), clientAuthentication(provider, origins, options, methods));
  app.use(`${prefix}/token`, tokenHandler({ provider, rateLimit: false }));
  if (registration) {
    app.use(`${prefix}/register`, express.json(), (req, _res, next) => {
      const applicationType = (req.body as { application_type?: unknown } | undefined)?.application_type;
      provider.pendingApplicationType = typeof applicationType === "string" ? applicationType : undefined;
      next();
    });
    app.use(`${prefix}/register`, clientRegistrationHandler({ clientsStore: provider.clientsStore, rateLimit: false }));
  }
}

/** What OpenID Connect Discovery requires besides the OAuth fields. */
const OPENID_FIELDS = { jwks_uri: "https://unused.invalid/jwks.json", subject_types_supported: ["public"], id_token_signing_alg_values_supported: ["RS256"] };

function authorizationMetadata(origins: Origins, options: OAuthServerOptions, methods: TokenAuthMethod[], registration: boolean): OAuthMetadata {
  const clientCredentials = Object.keys(options.publicKeys ?? {}).length > 0 || (options.preRegistered ?? []).some((client) => client.grant_types?.includes("client_credentials"));
  return {
    issuer: issuerOf(origins, options),
    authorization_endpoint: endpoint(origins, options, "authorize"),
    token_endpoint: endpoint(origins, options, "token"),
    ...(registration ? { registration_endpoint: endpoint(origins, options, "register") } : {}),
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token", ...(clientCredentials ? ["client_credentials"] : [])],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: methods,
    ...(methods.includes("private_key_jwt") ? { token_endpoint_auth_signing_alg_values_supported: ["ES256", "RS256"] } : {}),
    ...(options.clientIdMetadataDocuments ? { client_id_metadata_document_supported: true } : {}),
    ...(options.metadataPath?.includes("openid-configuration") ? OPENID_FIELDS : {}),
    ...(options.issParameterSupported === undefined ? {} : { authorization_response_iss_parameter_supported: options.issParameterSupported }),
  };
}

/**
 * In front of the SDK's token handler (which reads client credentials from the body only):
 * records the authentication method, refuses methods the metadata does not offer, turns HTTP
 * Basic into body fields, verifies private_key_jwt assertions, and answers the
 * client_credentials grant, which the SDK's handler does not implement.
 */
function clientAuthentication(provider: TestOAuthProvider, origins: Origins, options: OAuthServerOptions, methods: TokenAuthMethod[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const body = req.body as Record<string, string | undefined>;
    const basic = basicCredentials(req.headers.authorization);
    let method: TokenAuthMethod = body["client_secret"] !== undefined ? "client_secret_post" : "none";
    if (basic !== undefined) {
      method = "client_secret_basic";
      body["client_id"] = basic.id;
      body["client_secret"] = basic.secret;
    } else if (body["client_assertion_type"] === JWT_BEARER) {
      method = "private_key_jwt";
      const subject = verifiedAssertion(body["client_assertion"] ?? "", options.publicKeys ?? {}, issuerOf(origins, options));
      if (subject === undefined) return void res.status(401).json({ error: "invalid_client", error_description: "bad client assertion" });
      body["client_id"] = subject;
    }
    const grantType = body["grant_type"] ?? "";
    provider.events.push({ type: "token", grantType, authMethod: method, ...optional("clientId", body["client_id"]), ...optional("scope", body["scope"]), ...optional("resource", body["resource"]) });
    if (!methods.includes(method)) return void res.status(401).json({ error: "invalid_client", error_description: `${method} is not supported` });
    if (grantType !== "client_credentials") return next();
    const client = provider.clients.get(body["client_id"] ?? "");
    const secretOk = method === "private_key_jwt" || (client?.client_secret !== undefined && client.client_secret === body["client_secret"]);
    if (client === undefined || !secretOk) return void res.status(401).json({ error: "invalid_client" });
    const scopes = body["scope"] ? body["scope"].split(" ") : [];
    res.json(provider.issueTokens(client.client_id, scopes, body["resource"], false));
  };
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header?.startsWith("Basic ")) return undefined;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/** An ES256 or RS256 client assertion signed by a known client's key, for this issuer: its subject. */
function verifiedAssertion(jwt: string, publicKeys: Record<string, string>, issuer: string): string | undefined {
  const [header, payload, signature] = jwt.split(".");
  if (header === undefined || payload === undefined || signature === undefined) return undefined;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  const { alg } = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: string };
  const subject = typeof claims["sub"] === "string" ? claims["sub"] : undefined;
  const pem = subject === undefined ? undefined : publicKeys[subject];
  if (pem === undefined || claims["iss"] !== subject) return undefined;
  const audience = [issuer, `${issuer}/`];
  if (typeof claims["aud"] !== "string" || !audience.includes(claims["aud"])) return undefined;
  if (typeof claims["exp"] !== "number" || claims["exp"] * 1000 < Date.now()) return undefined;
  const key: KeyObject = createPublicKey(pem);
  const data = Buffer.from(`${header}.${payload}`);
  const ok = alg === "ES256" ? verify("sha256", data, { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url")) : alg === "RS256" && verify("sha256", data, key, Buffer.from(signature, "base64url"));
  return ok ? subject : undefined;
}

/** Mounts the protected MCP endpoints behind the bearer gate; returns what ends their open streams. */
function mountResourceServer(app: express.Express, provider: TestOAuthProvider, current: Current, options: OAuthServerOptions): () => Promise<void> {
  const origins = current.origins;
  const prmPath = options.prmPath === undefined ? "/.well-known/oauth-protected-resource/mcp" : options.prmPath;
  if (prmPath !== null) {
    app.use(prmPath, (req, res, next) => {
      provider.events.push({ type: "metadata", path: req.originalUrl });
      const resource = prmPath === "/.well-known/oauth-protected-resource" ? `${origins.rs}/` : `${origins.rs}/mcp`;
      metadataHandler({
        resource,
        authorization_servers: [issuerOf(current.origins, options)],
        ...(options.scopesSupported ? { scopes_supported: options.scopesSupported } : {}),
      })(req, res, next);
    });
  }
  const bearer = (req: Request, res: Response, next: NextFunction) =>
    requireBearerAuth({
      verifier: current.provider,
      requiredScopes: options.requiredScopes ?? [],
      ...(prmPath !== null && options.prmInChallenge !== false ? { resourceMetadataUrl: `${origins.rs}${prmPath}` } : {}),
      // RFC 8707: a token must have been issued for this server (when it says which server it is).
      ...(prmPath !== null ? { expectedResource: new URL(prmPath === "/.well-known/oauth-protected-resource" ? `${origins.rs}/` : `${origins.rs}/mcp`) } : {}),
    })(req, res, next);
  const gate = (req: Request, res: Response, next: NextFunction) => {
    const method = (req.body as { method?: string } | undefined)?.method;
    res.on("finish", () => provider.events.push({ type: "mcp", ...optional("method", method), status: res.statusCode }));
    if (options.openInitialize && (method === "initialize" || method?.startsWith("notifications/"))) return next();
    bearer(req, res, () => {
      const scopes = (req as Request & { auth?: AuthInfo }).auth?.scopes ?? [];
      const needed = options.neverEnoughScope ?? (method === "tools/call" ? options.stepUpScope : undefined);
      if (needed === undefined || (options.neverEnoughScope === undefined && scopes.includes(needed))) return next();
      const metadata = prmPath === null ? "" : `, resource_metadata="${origins.rs}${prmPath}"`;
      res.set("WWW-Authenticate", `Bearer error="insufficient_scope", scope="${needed}"${metadata}`);
      res.status(403).json({ error: "insufficient_scope" });
    });
  };
  if (options.protocol === "2026-07-28") return mountModern(app, gate, origins);
  const echoed = (req: Request): string | undefined => (options.echoToken ? (req as Request & { auth?: AuthInfo }).auth?.token : undefined);
  app.post("/mcp", express.json(), gate, async (req, res) => {
    const server = createMcpServer(echoed(req));
    const transport = new StreamableHTTPServerTransport({});
    res.on("close", () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.get("/mcp", gate, (_req, res) => void res.status(405).set("allow", "POST").end());
  app.delete("/mcp", gate, (_req, res) => void res.status(405).set("allow", "POST").end());
  const sse = new Map<string, SSEServerTransport>();
  app.get("/sse", gate, async (req, res) => {
    const server = createMcpServer(echoed(req));
    const transport = new SSEServerTransport("/messages", res);
    sse.set(transport.sessionId, transport);
    res.on("close", () => sse.delete(transport.sessionId));
    await server.connect(transport);
  });
  app.post("/messages", express.json(), gate, async (req, res) => {
    const transport = sse.get(String(req.query["sessionId"]));
    if (transport === undefined) return void res.status(404).end();
    await transport.handlePostMessage(req, res, req.body);
  });
  return async () => undefined;
}

type Gate = (req: Request, res: Response, next: NextFunction) => void;

/** /mcp as an SDK 2.x modern-only endpoint: the gate's verified token reaches tools as `ctx.http.authInfo`. */
function mountModern(app: express.Express, gate: Gate, origins: Origins): () => Promise<void> {
  const handler = createMcpHandler(createModernServer, { legacy: "reject" });
  app.all("/mcp", express.json(), gate, (req, res) => {
    const authInfo = (req as Request & { auth?: AuthInfo }).auth;
    // express.json() has read the body: the handler takes it parsed.
    const options = { parsedBody: req.body as unknown, ...(authInfo === undefined ? {} : { authInfo }) } as McpHandlerRequestOptions;
    handler
      .fetch(webRequestOf(req, res, new URL(req.originalUrl, origins.rs), false), options)
      .then((response) => writeWebResponse(response, res))
      .catch(() => void (res.headersSent ? res.end() : res.status(500).end()));
  });
  return () => handler.close();
}

/**
 * The protected server: `whoami` says which client and scopes the call was authorized with.
 * `token`: the caller's access token, repeated in the instructions and the tool's description.
 */
function createMcpServer(token?: string): McpServer {
  const echo = token === undefined ? "" : ` Signed in with token ${token}.`;
  const server = new McpServer({ name: "protected", version: "1.0.0" }, token === undefined ? {} : { instructions: `Welcome.${echo}` });
  server.registerTool("whoami", { description: `The client and scopes of the caller's token.${echo}` }, (extra) => ({
    content: [{ type: "text", text: `${extra.authInfo?.clientId ?? "nobody"} ${extra.authInfo?.scopes.join(",") ?? ""}` }],
  }));
  return server;
}

/** `whoami` on the modern endpoint, as `createMcpServer` has it. */
function createModernServer(): ModernMcpServer {
  const server = new ModernMcpServer({ name: "protected", version: "1.0.0" });
  server.registerTool("whoami", { description: "The client and scopes of the caller's token.", inputSchema: z.object({}) }, (_args, ctx) => ({
    content: [{ type: "text", text: `${ctx.http?.authInfo?.clientId ?? "nobody"} ${ctx.http?.authInfo?.scopes.join(",") ?? ""}` }],
  }));
  return server;
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, HOST, () => resolve(server));
    server.once("error", reject);
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

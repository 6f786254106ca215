/**
 * A server's configuration as the runtime uses it: placeholders resolved from the runtime's
 * environment (in memory only, at first connect) and the transport spelling reduced to a kind.
 */
import path from "node:path";
import { CodegenError, ConfigError } from "../shared/errors.js";
import { hasPlaceholderDefault, resolveDeep, secretValues, type Environment } from "../shared/placeholders.js";
import { MIN_VALUE_LENGTH, rememberSecrets } from "../shared/secret-registry.js";
import { isSecretName, looksLikeSecret, secretArgumentValues, secretEntryValues, secretUrlValues } from "../shared/secret-names.js";
import { SECRET_AUTH_FIELDS } from "../shared/auth-config.js";
import type { FetchLike, OAuthClientProvider } from "@modelcontextprotocol/client";
import type { ClientCredentialsAuthConfig, OAuthAuthConfig } from "../shared/auth-config.js";
import { isHttpTransport, type ServerConfig } from "../shared/server-config.js";
import { pushAll } from "../shared/lists.js";

export type TransportKind = "stdio" | "http" | "sse";

export interface ResolvedStdio {
  kind: "stdio";
  command: string;
  args: string[];
  env: Record<string, string> | undefined;
  cwd: string | undefined;
  stderr: "inherit" | "ignore" | "pipe";
  /** Largest message the child may write, in bytes (default: the SDK's, 10 MiB); the generator sets its listing cap. */
  maxMessageBytes?: number;
}

export interface ResolvedHttp {
  kind: "http" | "sse";
  url: URL;
  headers: Record<string, string> | undefined;
  authProvider: OAuthClientProvider | undefined;
  /** An OAuth flow the runtime drives (placeholders resolved); `bearer` became a header. */
  auth: OAuthAuthConfig | ClientCredentialsAuthConfig | undefined;
  /** The fetch of the transport when it is not plain (an OAuth session's wrapper). */
  fetch?: FetchLike;
}

export type ResolvedServer = (ResolvedStdio | ResolvedHttp) & {
  /** Values that came from the environment, and the credentials: redacted from every error message. */
  secrets: string[];
  /**
   * The server's credentials: what its secret-named fields hold, and its secret-named variables'
   * values. Masked in what the server lists too (`withoutCredentials`), unlike other placeholder values.
   * Grows by the OAuth token each request carries once it is sent (wire/sent-credentials.ts): read it when listing, not before.
   */
  credentials: string[];
};

/**
 * Default for `stderr`: "pipe". The child's stderr is drained continuously (a full pipe would
 * block the server) and its last lines are kept to explain a failed connect; nothing is
 * printed. Set `stderr: "inherit"` to see the server's log on the parent's stderr.
 */
export const DEFAULT_STDERR = "pipe" as const;

export function transportKind(server: string, config: ServerConfig): TransportKind {
  const transport = (config as { transport?: unknown }).transport;
  if (transport === "stdio" || transport === "sse") return transport;
  if (typeof transport === "string" && isHttpTransport(transport)) return "http";
  throw new ConfigError(server, `unknown transport ${JSON.stringify(transport)} (expected stdio, http, streamable_http, streamable-http or sse)`);
}

/** The fields that say how to connect: the only ones placeholders are resolved in. */
const CONNECTION_FIELDS = ["transport", "command", "args", "env", "cwd", "stderr", "url", "headers", "auth"] as const;

export function resolveServer(server: string, config: ServerConfig & { authProvider?: OAuthClientProvider }, env: Environment): ResolvedServer {
  const kind = transportKind(server, config);
  // Runtime-only options (callbacks, an OAuth provider object) must not be walked or copied.
  const connection = connectionFieldsOf(config);
  rejectSecretDefaults(server, connection);
  const fromEnvironment = secretValues(connection, env);
  rememberSecrets(fromEnvironment, "value");
  const resolved = resolvePlaceholdersOf(server, connection, env);
  // The values of secret-named variables (`${API_TOKEN}` anywhere), and what secret-named places
  // hold when it reads like a secret (`AUTH_METHOD: "pat"` is a word, not a credential).
  const named = secretValues(connection, env, isSecretName);
  rememberSecrets(named);
  const written = writtenSecrets(resolved).filter(looksLikeSecret);
  rememberSecrets(written);
  // Masked in listings too: only what reads like a secret, or descriptions lose every "path" to `AUTH_METHOD=pat`.
  const credentials = [...new Set([...written, ...named.filter(looksLikeSecret)])];
  const secrets = [...new Set([...fromEnvironment.filter((value) => value.length >= MIN_VALUE_LENGTH), ...named, ...written])];
  if (kind === "stdio" && resolved.transport === "stdio") {
    return {
      kind,
      command: resolved.command,
      args: resolved.args ?? [],
      env: resolved.env,
      cwd: workingFolder(resolved.cwd, config.transport === "stdio" ? config.cwdBase : undefined),
      stderr: resolved.stderr ?? DEFAULT_STDERR,
      secrets,
      credentials,
    };
  }
  if (resolved.transport === "stdio") throw new ConfigError(server, "stdio transport without a command");
  const auth = resolved.auth;
  return {
    kind: kind === "sse" ? "sse" : "http",
    url: parseUrl(server, resolved.url, secrets),
    headers: auth?.type === "bearer" ? { ...resolved.headers, Authorization: `Bearer ${auth.token}` } : resolved.headers,
    authProvider: config.authProvider,
    auth: auth?.type === "bearer" ? undefined : auth,
    secrets,
    credentials,
  };
}

/**
 * Secrets written as values (a config object handed to the runtime, a config file that holds
 * one): what secret-named `env` entries, headers, flags and auth fields hold, and a URL's user
 * info and secret-named query and fragment parameters. Masked like the environment's values.
 */
function writtenSecrets(resolved: ServerConfig): string[] {
  if (resolved.transport === "stdio") return [...secretEntryValues(resolved.env), ...secretArgumentValues(resolved.args ?? [])];
  const values = secretEntryValues(resolved.headers);
  const auth = resolved.auth as Record<string, unknown> | undefined;
  for (const field of SECRET_AUTH_FIELDS) if (typeof auth?.[field] === "string") values.push(auth[field]);
  try {
    pushAll(values, secretUrlValues(new URL(resolved.url)));
  } catch {
    // an invalid URL fails in parseUrl, which never quotes its user info or query
  }
  return values;
}

/** Substitute, then resolve: `${DIR}` = "/abs" → "/abs"; = "sub" → "<cwdBase>/sub". */
function workingFolder(cwd: string | undefined, base: string | undefined): string | undefined {
  return base === undefined ? cwd : path.resolve(base, cwd ?? ".");
}

function connectionFieldsOf(config: ServerConfig): ServerConfig {
  const out: Record<string, unknown> = {};
  for (const field of CONNECTION_FIELDS) {
    const value = (config as unknown as Record<string, unknown>)[field];
    if (value !== undefined) out[field] = value;
  }
  return out as unknown as ServerConfig;
}

/**
 * A default written into the config (`${TOKEN:-sk-live…}`) is a secret committed with it, and
 * one no redaction knows of: secret-bearing fields (auth secrets, and `env` / `headers` entries
 * whose name says secret) take the variable only. The message never repeats the default.
 */
function rejectSecretDefaults(server: string, connection: ServerConfig): void {
  const fields: [string, unknown][] = [];
  const record = connection as unknown as Record<string, unknown>;
  for (const group of ["env", "headers"] as const) {
    const entries = record[group];
    if (entries === null || typeof entries !== "object") continue;
    for (const [name, value] of Object.entries(entries)) if (isSecretName(name)) fields.push([`${group}.${name}`, value]);
  }
  const auth = record["auth"];
  if (auth !== null && typeof auth === "object") {
    for (const field of SECRET_AUTH_FIELDS) fields.push([`auth.${field}`, (auth as Record<string, unknown>)[field]]);
  }
  for (const [where, value] of fields) {
    if (typeof value === "string" && hasPlaceholderDefault(value)) {
      throw new ConfigError(server, `servers.${server}.${where}: a placeholder default (\${VAR:-…}) is not allowed in a secret-bearing field; set the variable instead`);
    }
  }
}

function resolvePlaceholdersOf(server: string, config: ServerConfig, env: Environment): ServerConfig {
  try {
    return resolveDeep(config, env, `servers.${server}`);
  } catch (error) {
    if (error instanceof CodegenError) throw new ConfigError(server, `${error.message} (used in ${error.subject ?? `servers.${server}`})`, { cause: error });
    throw error;
  }
}

/** The URL parser's error names the input; without it the cause keeps its kind and code. */
function scrubbedUrlError(error: unknown, url: string): unknown {
  if (!(error instanceof Error)) return error;
  const copy = new TypeError(error.message.split(url).join("<url>"));
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) Object.defineProperty(copy, "code", { value: code });
  return copy;
}

function parseUrl(server: string, url: string, secrets: readonly string[]): URL {
  try {
    return new URL(url);
  } catch (error) {
    // The URL may hold a resolved secret: never echo it; nor its user info, query or fragment.
    const shown = url.replace(/^([^:/?#]*:\/\/)[^/?#]*@/, "$1").replace(/[?#].*$/s, "");
    throw new ConfigError(server, secrets.length > 0 ? "invalid url" : `invalid url ${JSON.stringify(shown)}`, { cause: scrubbedUrlError(error, url) });
  }
}

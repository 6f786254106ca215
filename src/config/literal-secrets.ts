/**
 * Secrets written into the config as values (`env: { DB_PASSWORD: "hunter2" }`, a literal
 * `Authorization` header, `--api-key=…` in `args`, a password, `?api_key=…` or `#access_token=…`
 * in the URL): the generated code holds the server's connection as written, so such a value is
 * copied into it. `auth`'s secrets are refused outright (schema.ts); these are allowed (a local
 * database's password, a test key) but named, once per place, with the placeholder to write
 * instead. A short word or a number there is a setting (`AUTH_METHOD: "pat"`), not a secret.
 */
import { hasPlaceholder, isSecretFieldName, looksLikeSecret, secretArguments, urlParameters, type ServerConfig } from "@mcp-codegen/runtime/internal";
import type { ResolvedServer } from "./load.js";

export interface LiteralSecret {
  server: string;
  /** Where in the server's entry: `env.DB_PASSWORD`, `headers.Authorization`, `args[2]`, `url`. */
  at: string;
}

export function literalSecrets(servers: readonly ResolvedServer[]): LiteralSecret[] {
  return servers.flatMap(({ name, config }) => placesOf(config).map((at) => ({ server: name, at })));
}

function placesOf(config: ServerConfig): string[] {
  if (config.transport === "stdio") {
    const args = config.args ?? [];
    const literal = secretArguments(args).filter(({ index, value }) => looksLikeSecret(value) && !hasPlaceholder(args[index] ?? ""));
    return [...secretEntries("env", config.env), ...literal.map(({ index }) => `args[${index}]`)];
  }
  return [...secretEntries("headers", config.headers), ...(urlHoldsLiteralSecret(config.url) ? ["url"] : [])];
}

function secretEntries(group: string, entries: Readonly<Record<string, string>> | undefined): string[] {
  return Object.entries(entries ?? {}).flatMap(([name, value]) => (isSecretFieldName(name) && looksLikeSecret(value) && !hasPlaceholder(value) ? [`${group}.${name}`] : []));
}

function urlHoldsLiteralSecret(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false; // an invalid or placeholder URL: nothing written as a value to name
  }
  if (parsed.password !== "" && !hasPlaceholder(decodedOrAsIs(parsed.password))) return true;
  return urlParameters(parsed).some(([name, value]) => isSecretFieldName(name) && looksLikeSecret(value) && !hasPlaceholder(value));
}

/** A password with a stray `%` (`%zz`) has no decoding: it is a value as written, not a reason to fail. */
function decodedOrAsIs(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

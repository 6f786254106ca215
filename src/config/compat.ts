/**
 * What users already write, made into codegen.config's own shape before validation:
 *
 * - `mcpServers` (editor configs, `MultiServerMCPClient`) is `servers`;
 * - `type` (VS Code, Claude Code, `MultiServerMCPClient`) is `transport`;
 * - no transport: `command` means stdio, `url` streamable HTTP (which falls back to SSE);
 * - `MultiServerMCPClient`'s `restart` / `reconnect: { enabled, maxAttempts, delayMs }` are the
 *   runtime's `reconnect`, a top-level `defaultToolTimeout` the default of every server;
 *   `outputHandling` (top level and per server) is validated by the schema and merged per
 *   server by load.ts;
 * - keys with no meaning here are reported with what to use instead (compat-keys.ts).
 *
 * The input is never modified: a normalized copy comes back with the issues found.
 */
import {
  REJECTED_SERVER_KEYS,
  REJECTED_TOP_LEVEL_KEYS,
  TOP_LEVEL_SERVER_DEFAULTS,
  TRANSPORT_ALIASES,
} from "./compat-keys.js";
import { PEER_RETRY_KEYS, peerRetryToReconnect, type PeerRetrySettings } from "@mcp-codegen/runtime/internal";
import type { ConfigIssue } from "./issues.js";
import { SERVER_KEYS } from "./schema.js";
import { didYouMean } from "./suggest.js";

export interface Normalized {
  value: unknown;
  issues: ConfigIssue[];
  /** Server entries whose transport could not be told (their transport issue is already reported). */
  untyped: Set<string>;
}

type Entry = Record<string, unknown>;

export function normalizeConfig(raw: unknown): Normalized {
  const issues: ConfigIssue[] = [];
  const untyped = new Set<string>();
  if (!isRecord(raw)) return { value: raw, issues, untyped };
  const config: Entry = { ...raw };
  if ("mcpServers" in config) {
    if ("servers" in config) issues.push({ path: "mcpServers", message: "give servers or mcpServers, not both" });
    else config["servers"] = config["mcpServers"];
    delete config["mcpServers"];
  }
  for (const [key, instead] of Object.entries(REJECTED_TOP_LEVEL_KEYS)) {
    if (key in config) {
      issues.push({ path: key, message: `not a codegen.config option: ${instead}` });
      delete config[key];
    }
  }
  const defaults: Entry = {};
  for (const key of TOP_LEVEL_SERVER_DEFAULTS) {
    if (key in config) defaults[key] = config[key];
    delete config[key];
  }
  if (isRecord(config["servers"])) {
    const servers: Entry = {};
    for (const [name, entry] of Object.entries(config["servers"])) {
      servers[name] = isRecord(entry) ? normalizeServer(`servers.${name}`, { ...defaults, ...entry }, issues, () => untyped.add(name)) : entry;
    }
    config["servers"] = servers;
  }
  return { value: config, issues, untyped };
}

function normalizeServer(at: string, input: Entry, issues: ConfigIssue[], noTransport: () => void): Entry {
  const entry = { ...input };
  if ("type" in entry) {
    if ("transport" in entry && entry["transport"] !== entry["type"]) {
      issues.push({ path: `${at}.type`, message: `type (${String(entry["type"])}) and transport (${String(entry["transport"])}) disagree: keep one` });
    }
    entry["transport"] ??= entry["type"];
    delete entry["type"];
  }
  if (typeof entry["transport"] === "string") entry["transport"] = TRANSPORT_ALIASES[entry["transport"]] ?? entry["transport"];
  if (entry["transport"] === undefined) {
    if (typeof entry["command"] === "string") entry["transport"] = "stdio";
    else if (typeof entry["url"] === "string") entry["transport"] = "http";
    else {
      issues.push({ path: at, message: "cannot tell how to connect: give command (stdio) or url (streamable HTTP, with SSE fallback)" });
      // Validation stops at the missing transport: name misspelled keys here.
      for (const key of Object.keys(entry).filter((key) => !ANY_SERVER_KEY.has(key) && !(key in REJECTED_SERVER_KEYS))) {
        const guess = didYouMean(key, ANY_SERVER_KEY);
        issues.push({ path: `${at}.${key}`, message: guess ? `unknown key (did you mean "${guess}"?)` : "unknown key" });
      }
      noTransport();
    }
  }
  mapRetries(at, entry, issues);
  if (entry["automaticSSEFallback"] === true) delete entry["automaticSSEFallback"];
  else if (entry["automaticSSEFallback"] === false) {
    issues.push({ path: `${at}.automaticSSEFallback`, message: 'streamable HTTP always falls back to SSE on a 4xx; use transport: "sse" for SSE only, or remove it' });
    delete entry["automaticSSEFallback"];
  }
  if (entry["stderr"] === "overlapped") {
    issues.push({ path: `${at}.stderr`, message: '"overlapped" is not supported: use "pipe" (the default), "inherit" or "ignore"' });
    delete entry["stderr"];
  }
  for (const [key, instead] of Object.entries(REJECTED_SERVER_KEYS)) {
    if (key in entry) {
      issues.push({ path: `${at}.${key}`, message: `not supported here: ${instead}` });
      delete entry[key];
    }
  }
  return entry;
}

const ANY_SERVER_KEY = new Set([...SERVER_KEYS.stdio, ...SERVER_KEYS.http, ...SERVER_KEYS.sse, "restart", "automaticSSEFallback"]);


function mapRetries(at: string, entry: Entry, issues: ConfigIssue[]): void {
  const restart = entry["restart"];
  const reconnect = entry["reconnect"];
  delete entry["restart"];
  if (restart !== undefined && reconnect !== undefined) {
    issues.push({ path: `${at}.restart`, message: "give restart or reconnect, not both" });
    return;
  }
  const peer = restart ?? (isRecord(reconnect) && Object.keys(reconnect).some((key) => PEER_RETRY_KEYS.includes(key)) ? reconnect : undefined);
  if (peer === undefined) return;
  const key = restart !== undefined ? "restart" : "reconnect";
  if (!isRecord(peer) || Object.keys(peer).some((field) => !PEER_RETRY_KEYS.includes(field))) {
    issues.push({ path: `${at}.${key}`, message: "expected { enabled?, maxAttempts?, delayMs? } (MultiServerMCPClient) or { retries?, initialDelayMs?, maxDelayMs? }" });
    delete entry["reconnect"];
    return;
  }
  // The compat client maps the peer's settings with the same function.
  entry["reconnect"] = peerRetryToReconnect(peer as PeerRetrySettings);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The conventions' attributes of one request: what the method and its params say (tool,
 * prompt, resource), what the connection says (transport, server address, session, revision).
 * Never a header, an environment value or anything else of the config: only the host and port
 * of an HTTP server's URL.
 */
import type { Transport } from "@modelcontextprotocol/client";
import type { Attributes } from "@opentelemetry/api";
import type { ResolvedTelemetry } from "../../shared/telemetry-options.js";
import { ATTR, METRIC_ATTRIBUTES, VALUE } from "./conventions.js";

/** What a traced connection knows about itself. */
export interface ConnectionFacts {
  kind: "stdio" | "http" | "sse";
  /** The server's URL for HTTP transports: only its host and port are recorded. */
  url: URL | undefined;
  /** Values from the environment: redacted from every recorded message. */
  secrets: readonly string[];
  content: ResolvedTelemetry;
  /** The revision the connection negotiated, once it has. */
  protocolVersion(): string | undefined;
}

/** 2026-07-28 requests carry their revision in `_meta` under this key. */
const PROTOCOL_VERSION_META = "io.modelcontextprotocol/protocolVersion";

const RESOURCE_METHODS = new Set(["resources/read", "resources/subscribe", "resources/unsubscribe"]);

/** `{mcp.method.name} {target}`: the tool or prompt named; other methods by their name alone (a URI is too many names). */
export function spanName(method: string, params: Record<string, unknown> | undefined): string {
  const target = method === "tools/call" || method === "prompts/get" ? params?.["name"] : undefined;
  return typeof target === "string" ? `${method} ${target}` : method;
}

export function requestAttributes(method: string, id: string | number, params: Record<string, unknown> | undefined, facts: ConnectionFacts, transport: Transport): Attributes {
  const attributes: Attributes = { [ATTR.methodName]: method, [ATTR.requestId]: String(id), ...transportAttributes(facts) };
  const version = requestedVersion(method, params) ?? facts.protocolVersion();
  if (version !== undefined) attributes[ATTR.protocolVersion] = version;
  if (transport.sessionId !== undefined) attributes[ATTR.sessionId] = transport.sessionId;
  const name = params?.["name"];
  if (method === "tools/call" && typeof name === "string") {
    attributes[ATTR.toolName] = name;
    attributes[ATTR.operationName] = VALUE.executeTool;
    if (facts.content.arguments) attributes[ATTR.toolArguments] = boundedJson(params?.["arguments"] ?? {});
  }
  if (method === "prompts/get" && typeof name === "string") attributes[ATTR.promptName] = name;
  const uri = params?.["uri"];
  if (RESOURCE_METHODS.has(method) && typeof uri === "string") attributes[ATTR.resourceUri] = uri;
  return attributes;
}

/** The metric's attributes: the span's without those of unbounded cardinality. */
export function metricAttributes(span: Attributes): Attributes {
  const picked: Attributes = {};
  for (const key of METRIC_ATTRIBUTES) if (span[key] !== undefined) picked[key] = span[key];
  return picked;
}

function transportAttributes(facts: ConnectionFacts): Attributes {
  if (facts.kind === "stdio" || facts.url === undefined) return { [ATTR.networkTransport]: VALUE.pipe };
  const url = facts.url;
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  return {
    [ATTR.networkTransport]: VALUE.tcp,
    [ATTR.networkProtocolName]: VALUE.http,
    // URL.hostname keeps IPv6 brackets; the attribute is the bare address.
    [ATTR.serverAddress]: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    [ATTR.serverPort]: port,
  };
}

/** The revision a request itself names: a 2026-07-28 request's `_meta`; `initialize` asks for one, the answer says which. */
function requestedVersion(method: string, params: Record<string, unknown> | undefined): string | undefined {
  if (method === "initialize") return undefined;
  const meta = params?.["_meta"];
  const version = typeof meta === "object" && meta !== null ? (meta as Record<string, unknown>)[PROTOCOL_VERSION_META] : undefined;
  return typeof version === "string" ? version : undefined;
}

/** Tracing backends cap attribute sizes anyway; a base64 image is no use in a span. */
const MAX_CONTENT_CHARS = 16_384;

export function boundedJson(value: unknown): string {
  const json = JSON.stringify(value) ?? "null";
  return json.length <= MAX_CONTENT_CHARS ? json : `${json.slice(0, MAX_CONTENT_CHARS)}…(${json.length} chars)`;
}

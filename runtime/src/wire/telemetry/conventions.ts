/**
 * Names from the OpenTelemetry semantic conventions for MCP (docs/gen-ai/mcp.md of
 * open-telemetry/semantic-conventions, status Development) that the runtime's spans and metric
 * use. A data table only: `test/telemetry/conventions.test.ts` checks every name against the
 * pinned `@opentelemetry/semantic-conventions` (its `incubating` entry), so a rename there fails
 * the suite instead of silently splitting dashboards. (The runtime cannot import that package:
 * it is a dev dependency here, and nothing an app must install.)
 */
export const ATTR = {
  /** "The name of the request or notification method", e.g. `tools/call`. Required. */
  methodName: "mcp.method.name",
  /** "The version of the Model Context Protocol used". Recommended. */
  protocolVersion: "mcp.protocol.version",
  /** "Identifies MCP session": the streamable HTTP `Mcp-Session-Id`. Recommended when there is one. */
  sessionId: "mcp.session.id",
  /** "The value of the resource uri" of `resources/*` requests. Conditionally required. */
  resourceUri: "mcp.resource.uri",
  /** The JSON-RPC request id, as a string. Conditionally required (requests, not notifications). */
  requestId: "jsonrpc.request.id",
  /** The JSON-RPC error code of an error response, as a string. Conditionally required. */
  statusCode: "rpc.response.status_code",
  /** The tool's name on `tools/call`. Conditionally required. */
  toolName: "gen_ai.tool.name",
  /** `execute_tool` on `tools/call`. Recommended. */
  operationName: "gen_ai.operation.name",
  /** The prompt's name on `prompts/get`. Conditionally required. */
  promptName: "gen_ai.prompt.name",
  /** Opt-in (may hold personal data): the tool call's arguments, JSON. */
  toolArguments: "gen_ai.tool.call.arguments",
  /** Opt-in (may hold personal data): the tool call's result, JSON. */
  toolResult: "gen_ai.tool.call.result",
  /** `pipe` for stdio, `tcp` for HTTP. Recommended. */
  networkTransport: "network.transport",
  /** `http` when MCP runs over HTTP. Recommended. */
  networkProtocolName: "network.protocol.name",
  /** The server's host and port (HTTP transports). Recommended. */
  serverAddress: "server.address",
  serverPort: "server.port",
  /** Low-cardinality error class: the JSON-RPC code, `tool_error`, or the failure's type. Conditionally required. */
  errorType: "error.type",
} as const;

export const VALUE = {
  executeTool: "execute_tool",
  pipe: "pipe",
  tcp: "tcp",
  http: "http",
  /** "error.type SHOULD be set to `tool_error`" when a tool call result has `isError: true`. */
  toolError: "tool_error",
} as const;

/** The client's operation-duration histogram: seconds, with the conventions' advised buckets. */
export const DURATION_METRIC = {
  name: "mcp.client.operation.duration",
  unit: "s",
  description: "The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.",
  buckets: [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
} as const;

/**
 * Attributes the metric carries: the span's minus the high-cardinality ones (request id,
 * session id, resource URI), as the conventions list them for `mcp.client.operation.duration`.
 */
export const METRIC_ATTRIBUTES: readonly string[] = [
  ATTR.methodName,
  ATTR.protocolVersion,
  ATTR.toolName,
  ATTR.operationName,
  ATTR.promptName,
  ATTR.networkTransport,
  ATTR.networkProtocolName,
  ATTR.serverAddress,
  ATTR.serverPort,
  ATTR.errorType,
  ATTR.statusCode,
];

/** The `params._meta` keys trace context travels in ("MCP context propagation"). */
export const TRACE_META_KEYS = ["traceparent", "tracestate"] as const;

/**
 * Span events the runtime adds where the conventions are silent: a 2026-07-28 request answered
 * with `input_required` (the next round is its own `tools/call` span), and a request that
 * carries the answers of a previous round.
 */
export const EVENT = {
  inputRequired: "mcp.input_required",
  inputResponses: "mcp.input_responses",
} as const;

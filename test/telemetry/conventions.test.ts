/**
 * The names the runtime's spans and metric use, checked against the pinned registry of the
 * OpenTelemetry semantic conventions (`@opentelemetry/semantic-conventions`, `incubating` entry),
 * and what happens with no provider registered: nothing wrapped, nothing propagated.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as semconv from "@opentelemetry/semantic-conventions/incubating";
import { ATTR, DURATION_METRIC, METRIC_ATTRIBUTES, TRACE_META_KEYS, VALUE } from "../../runtime/src/wire/telemetry/conventions.js";
import { instrumentsFor } from "../../runtime/src/wire/telemetry/otel.js";
import { createRuntime } from "../../runtime/src/index.js";
import { repoRoot } from "../helpers/servers.js";

describe("names from the semantic conventions", () => {
  it("every attribute name is the registry's", () => {
    expect(ATTR).toEqual({
      methodName: semconv.ATTR_MCP_METHOD_NAME,
      protocolVersion: semconv.ATTR_MCP_PROTOCOL_VERSION,
      sessionId: semconv.ATTR_MCP_SESSION_ID,
      resourceUri: semconv.ATTR_MCP_RESOURCE_URI,
      requestId: semconv.ATTR_JSONRPC_REQUEST_ID,
      statusCode: semconv.ATTR_RPC_RESPONSE_STATUS_CODE,
      toolName: semconv.ATTR_GEN_AI_TOOL_NAME,
      operationName: semconv.ATTR_GEN_AI_OPERATION_NAME,
      promptName: semconv.ATTR_GEN_AI_PROMPT_NAME,
      toolArguments: semconv.ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
      toolResult: semconv.ATTR_GEN_AI_TOOL_CALL_RESULT,
      networkTransport: semconv.ATTR_NETWORK_TRANSPORT,
      networkProtocolName: semconv.ATTR_NETWORK_PROTOCOL_NAME,
      serverAddress: semconv.ATTR_SERVER_ADDRESS,
      serverPort: semconv.ATTR_SERVER_PORT,
      errorType: semconv.ATTR_ERROR_TYPE,
    });
  });

  it("values, the metric and the methods the span names start with are the registry's", () => {
    expect(VALUE.executeTool).toBe(semconv.GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL);
    expect(VALUE.pipe).toBe(semconv.NETWORK_TRANSPORT_VALUE_PIPE);
    expect(VALUE.tcp).toBe(semconv.NETWORK_TRANSPORT_VALUE_TCP);
    expect(DURATION_METRIC.name).toBe(semconv.METRIC_MCP_CLIENT_OPERATION_DURATION);
    for (const method of ["tools/call", "prompts/get", "resources/read", "tools/list", "initialize"]) {
      expect(Object.values(semconv)).toContain(method);
    }
    // Every metric attribute is one of the span's.
    for (const name of METRIC_ATTRIBUTES) expect(Object.values(ATTR)).toContain(name);
  });

  it("trace context travels under the keys the MCP SDK reserves for it", async () => {
    const sdk = await import("@modelcontextprotocol/server");
    expect([...TRACE_META_KEYS]).toEqual([sdk.TRACEPARENT_META_KEY, sdk.TRACESTATE_META_KEY]);
  });
});

describe("with no tracer or meter provider registered", () => {
  it("nothing is instrumented, and requests carry no trace context", async () => {
    expect(await instrumentsFor()).toBeUndefined();
    const runtime = createRuntime({ servers: { echo: { transport: "stdio", command: process.execPath, args: [resolve(repoRoot, "test/servers/dist/trace-echo.js")] } } });
    try {
      const result = await runtime.callTool("echo", "echo_trace", {});
      expect(result.structuredContent).toEqual({ traceparent: null, tracestate: null });
    } finally {
      await runtime.close();
    }
  });
});

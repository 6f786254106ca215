/**
 * One CLIENT span and one `mcp.client.operation.duration` measurement per JSON-RPC request the
 * client sends, recorded where every request crosses: the transport. Typed calls, framework
 * tools, resources, prompts, listings, `initialize` / `server/discover`, each 2026-07-28 input
 * round, the requests of a reconnect and those retried after an OAuth refresh all go through
 * `send`, so none can miss its span. The wrapper is installed before the client connects, like
 * the transport watch.
 *
 * - The span's parent is the context active when the request goes out (an agent framework's
 *   tool span, the app's own span); its context goes to the server in `params._meta`
 *   (`traceparent`, `tracestate`, through the registered propagator) on both protocol eras.
 * - It ends when the response arrives, when the send fails, when the client cancels the request
 *   (timeout, abort) or when the connection closes; the outcome is recorded as the conventions
 *   say (`error.type`, `rpc.response.status_code`, error status).
 * - A request the server sends the client (2025-era elicitation, sampling, roots, ping) gets a
 *   SERVER span under the request it arrived during (or the server's propagated context).
 */
import type { JSONRPCMessage, Transport, TransportSendOptions } from "@modelcontextprotocol/client";
import type { Attributes, Context, Span } from "@opentelemetry/api";
import { redact } from "../../shared/placeholders.js";
import { TransportFault } from "../transport-watch.js";
import { httpStatusOf } from "../http-errors.js";
import { ATTR, EVENT, VALUE, type TRACE_META_KEYS } from "./conventions.js";
import { boundedJson, metricAttributes, requestAttributes, spanName, type ConnectionFacts } from "./request-attributes.js";
import type { Instruments } from "./otel.js";

type RequestId = string | number;
type Message = Record<string, unknown>;

interface Pending {
  span: Span | undefined;
  /** The context the request was sent in, and the one its span made (what went out in `_meta`). */
  parent: Context;
  context: Context;
  /** The tool, prompt or resource the request is about: a later input round is about it too. */
  target: unknown;
  method: string;
  attributes: Attributes;
  started: number;
}

/** How a request ended, as the conventions record it. */
interface Outcome {
  result?: Message;
  errorType?: string;
  statusCode?: string;
  message?: string;
  exception?: unknown;
}

export function traceTransport(transport: Transport, instruments: Instruments, facts: ConnectionFacts): void {
  const { api, tracer, duration } = instruments;
  const pending = new Map<RequestId, Pending>();
  const incoming = new Map<RequestId, Span>();
  /**
   * The parents of requests answered with `input_required`, for their next round: the SDK sends
   * that round from its response handler, where the active context is the connection's, not
   * the caller's.
   */
  const rounds = new Map<string, Context>();

  const start = (message: Message & { id: RequestId; method: string }): Message => {
    const params = objectOf(message["params"]);
    const attributes = requestAttributes(message.method, message.id, params, facts, transport);
    const target = params?.["name"] ?? params?.["uri"];
    const parent = nextRound(message.method, target, params) ?? api.context.active();
    const span = tracer?.startSpan(spanName(message.method, params), { kind: api.SpanKind.CLIENT, attributes }, parent);
    if (span !== undefined && params?.["inputResponses"] !== undefined) span.addEvent(EVENT.inputResponses, { count: Object.keys(objectOf(params["inputResponses"]) ?? {}).length });
    const context = span === undefined ? parent : api.trace.setSpan(parent, span);
    pending.set(message.id, { span, parent, context, target, method: message.method, attributes, started: performance.now() });
    return withTraceContext(message, params, context);
  };

  /** The caller's context, for a round that answers an earlier `input_required` of the same request. */
  const nextRound = (method: string, target: unknown, params: Message | undefined): Context | undefined => {
    if (params?.["inputResponses"] === undefined) return undefined;
    const key = roundKey(method, target, params["requestState"]);
    const parent = rounds.get(key);
    rounds.delete(key);
    return parent;
  };

  /** Trace context in `params._meta`, on a copy: the SDK's own message objects stay as they were. */
  const withTraceContext = (message: Message, params: Message | undefined, context: Context): Message => {
    const carrier: Partial<Record<(typeof TRACE_META_KEYS)[number], string>> = {};
    api.propagation.inject(context, carrier);
    if (carrier.traceparent === undefined && carrier.tracestate === undefined) return message;
    const meta = objectOf(params?.["_meta"]);
    return { ...message, params: { ...params, _meta: { ...meta, ...carrier } } };
  };

  const finish = (id: RequestId, outcome: Outcome): void => {
    const entry = pending.get(id);
    if (entry === undefined) return;
    pending.delete(id);
    const attributes: Attributes = { ...entry.attributes, ...settledAttributes(entry, outcome) };
    const asked = inputRequests(outcome.result);
    if (asked !== undefined) rounds.set(roundKey(entry.method, entry.target, outcome.result?.["requestState"]), entry.parent);
    if (entry.span !== undefined) endSpan(entry.span, attributes, outcome, asked);
    duration?.record((performance.now() - entry.started) / 1000, metricAttributes(attributes), entry.context);
  };

  const endSpan = (span: Span, attributes: Attributes, outcome: Outcome, asked: string[] | undefined): void => {
    span.setAttributes(attributes);
    if (asked !== undefined) span.addEvent(EVENT.inputRequired, { "mcp.input_request.keys": asked });
    if (outcome.errorType !== undefined) {
      const message = redact(outcome.message ?? "", facts.secrets);
      if (outcome.exception !== undefined) span.recordException({ name: exceptionName(outcome.exception), message });
      span.setStatus({ code: api.SpanStatusCode.ERROR, message });
    }
    span.end();
  };

  const settledAttributes = (entry: Pending, outcome: Outcome): Attributes => {
    const settled: Attributes = {};
    const session = transport.sessionId;
    if (session !== undefined) settled[ATTR.sessionId] = session;
    const version = entry.method === "initialize" ? outcome.result?.["protocolVersion"] : facts.protocolVersion();
    if (typeof version === "string") settled[ATTR.protocolVersion] = version;
    if (outcome.errorType !== undefined) settled[ATTR.errorType] = outcome.errorType;
    if (outcome.statusCode !== undefined) settled[ATTR.statusCode] = outcome.statusCode;
    if (entry.method === "tools/call" && facts.content.results && outcome.result !== undefined) settled[ATTR.toolResult] = boundedJson(toolResultOf(outcome.result));
    return settled;
  };

  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
    const raw = message as unknown as Message;
    if (isRequest(raw)) {
      const id = raw.id;
      return send(start(raw) as unknown as JSONRPCMessage, options).catch((error: unknown) => {
        finish(id, { errorType: failureType(error), message: messageOf(error), exception: error });
        throw error;
      });
    }
    if (isResponse(raw)) endIncoming(raw);
    const cancelled = cancelledRequest(raw);
    if (cancelled !== undefined) finish(cancelled.id, { errorType: "cancelled", message: cancelled.reason ?? "request cancelled" });
    return send(message, options);
  };

  const onmessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    onmessage?.(message, extra);
    const raw = message as unknown as Message;
    if (isResponse(raw)) finish(raw.id, outcomeOf(raw));
    else if (isRequest(raw)) startIncoming(raw);
  };

  const onclose = transport.onclose;
  transport.onclose = () => {
    onclose?.();
    for (const id of [...pending.keys()]) finish(id, { errorType: "connection_closed", message: "the connection closed before the response" });
    for (const span of incoming.values()) span.end();
    incoming.clear();
  };

  /** A request from the server: under its own propagated context, else the one request it can belong to. */
  const startIncoming = (message: Message & { id: RequestId; method: string }): void => {
    if (tracer === undefined) return;
    const params = objectOf(message["params"]);
    const meta = objectOf(params?.["_meta"]);
    const only = pending.size === 1 ? [...pending.values()][0]?.context : undefined;
    const parent = meta?.["traceparent"] !== undefined ? api.propagation.extract(api.context.active(), meta) : (only ?? api.context.active());
    const attributes: Attributes = { [ATTR.methodName]: message.method, [ATTR.requestId]: String(message.id) };
    incoming.set(message.id, tracer.startSpan(message.method, { kind: api.SpanKind.SERVER, attributes }, parent));
  };

  const endIncoming = (message: Message & { id: RequestId }): void => {
    const span = incoming.get(message.id);
    if (span === undefined) return;
    incoming.delete(message.id);
    const error = objectOf(message["error"]);
    if (error !== undefined) {
      span.setAttributes({ [ATTR.errorType]: String(error["code"]), [ATTR.statusCode]: String(error["code"]) });
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: redact(String(error["message"] ?? ""), facts.secrets) });
    }
    span.end();
  };
}

function roundKey(method: string, target: unknown, requestState: unknown): string {
  return JSON.stringify([method, target ?? null, typeof requestState === "string" ? requestState : null]);
}

/** A response as an outcome: an error response, a tool error result, or a success. */
function outcomeOf(message: Message): Outcome {
  const error = objectOf(message["error"]);
  if (error !== undefined) {
    const text = String(error["message"] ?? "");
    // A transport failure the watch delivered as a response (never a server's answer: `data` from the wire is JSON).
    if (error["data"] instanceof TransportFault) return { errorType: "transport_error", message: text };
    const code = String(error["code"]);
    return { errorType: code, statusCode: code, message: text };
  }
  const result = objectOf(message["result"]) ?? {};
  if (result["isError"] === true) return { result, errorType: VALUE.toolError, message: "the tool returned isError: true" };
  return { result };
}

/** The keys of a 2026-07-28 `input_required` result's requests, when the response is one. */
function inputRequests(result: Message | undefined): string[] | undefined {
  if (result?.["resultType"] !== "input_required") return undefined;
  return Object.keys(objectOf(result["inputRequests"]) ?? {});
}

/** What the model gets of a tool result: content and structured content, not protocol fields. */
function toolResultOf(result: Message): unknown {
  const { content, structuredContent, isError } = result;
  return { content, ...(structuredContent === undefined ? {} : { structuredContent }), ...(isError === undefined ? {} : { isError }) };
}

function isRequest(message: Message): message is Message & { id: RequestId; method: string } {
  return typeof message["method"] === "string" && (typeof message["id"] === "string" || typeof message["id"] === "number");
}

function isResponse(message: Message): message is Message & { id: RequestId } {
  return !("method" in message) && (typeof message["id"] === "string" || typeof message["id"] === "number");
}

function cancelledRequest(message: Message): { id: RequestId; reason: string | undefined } | undefined {
  if (message["method"] !== "notifications/cancelled") return undefined;
  const params = objectOf(message["params"]);
  const id = params?.["requestId"];
  if (typeof id !== "string" && typeof id !== "number") return undefined;
  const reason = params?.["reason"];
  return { id, reason: typeof reason === "string" ? reason : undefined };
}

function objectOf(value: unknown): Message | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Message) : undefined;
}

/** An HTTP refusal by its status code (as HTTP instrumentations record it), anything else by its type. */
function failureType(error: unknown): string {
  const status = httpStatusOf(error);
  return status === undefined ? exceptionName(error) : String(status);
}

function exceptionName(error: unknown): string {
  if (error instanceof Error) return error.name === "Error" ? error.constructor.name : error.name;
  return typeof error;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What a server may send the client on its own: sampling, elicitation and roots requests, log
 * messages and list-changed notifications, routed to the user's callbacks. A capability is
 * declared in `initialize` only when its handler (or roots list) was supplied, so servers
 * never offer features this client cannot serve.
 */
import { setOwn } from "../shared/own-property.js";
import type { Client, ClientCapabilities, ElicitRequestParams, ElicitResult, Root } from "@modelcontextprotocol/client";
import type { CallbackSource, ListChangedKind, RuntimeCallbacks } from "../shared/types.js";
import { onTaskStatusNotification } from "./task-status.js";
import type { TaskStatus } from "../calls/tasks/types.js";
import type { PendingCalls } from "./pending-calls.js";
import { isLegacyConnection } from "../wire/era-2025.js";
import { withoutCredentials } from "../shared/secret-registry.js";

/** The roots a server is offered; replaced by `runtime.setRoots`, read at each `roots/list`. */
export interface RootsHolder {
  current: readonly Root[] | undefined;
}

/** Per server, each callback wins over the runtime's one of the same name. */
export function mergeCallbacks(server: RuntimeCallbacks | undefined, runtime: RuntimeCallbacks | undefined): RuntimeCallbacks {
  return { ...runtime, ...definedOnly(server) };
}

function definedOnly(callbacks: RuntimeCallbacks | undefined): RuntimeCallbacks {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(callbacks ?? {})) if (value !== undefined) out[name] = value;
  return out as RuntimeCallbacks;
}

export function clientCapabilities(callbacks: RuntimeCallbacks, roots: RootsHolder): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (callbacks.onSampling) capabilities.sampling = {};
  if (callbacks.onElicitation) capabilities.elicitation = { form: {}, url: {} };
  if (roots.current !== undefined) capabilities.roots = { listChanged: true };
  return capabilities;
}

/** Which notification announces which list. */
const LIST_CHANGED = [
  ["tools", "notifications/tools/list_changed"],
  ["resources", "notifications/resources/list_changed"],
  ["prompts", "notifications/prompts/list_changed"],
] as const satisfies readonly (readonly [ListChangedKind, string])[];

/**
 * Registers the handlers on a client before it connects. `onToolsChanged` hears every
 * `notifications/tools/list_changed` before the user's `onListChanged` (the SDK keeps one
 * handler per method, so the connection's own listeners go through this one).
 */
export function installHandlers(
  client: Client,
  server: string,
  callbacks: RuntimeCallbacks,
  roots: RootsHolder,
  onToolsChanged: () => void,
  onTaskStatus: (status: TaskStatus) => void,
  pending: PendingCalls,
  credentials: () => readonly string[],
): Promise<void> {
  const source: CallbackSource = Object.freeze({ server });
  const { onSampling, onElicitation, onLoggingMessage, onListChanged } = callbacks;
  // A 2025 request for input may belong to any call in flight; a 2026 one is its exchange's (the SDK's signal).
  const calls = (): PendingCalls | undefined => (isLegacyConnection(client) ? pending : undefined);
  if (onSampling) {
    client.setRequestHandler("sampling/createMessage", (request, ctx) =>
      answerWithin(ctx.mcpReq.signal, calls(), (signal) => onSampling(request.params, Object.freeze({ server, signal }))),
    );
  }
  if (onElicitation) {
    client.setRequestHandler("elicitation/create", async (request, ctx) => {
      const answer = await answerWithin(ctx.mcpReq.signal, calls(), (signal) => onElicitation(request.params, Object.freeze({ server, signal })));
      return withSchemaDefaults(request.params, answer);
    });
  }
  if (roots.current !== undefined) client.setRequestHandler("roots/list", () => ({ roots: [...(roots.current ?? [])] }));
  // A log line is the server's text on its way to the app's logs: the server's own credentials are masked in it, as in its listings.
  if (onLoggingMessage) client.setNotificationHandler("notifications/message", (notification) => onLoggingMessage(withoutCredentials(notification.params, credentials()), source));
  for (const [kind, method] of LIST_CHANGED) {
    if (kind !== "tools" && !onListChanged) continue;
    client.setNotificationHandler(method, async () => {
      if (kind === "tools") onToolsChanged();
      await onListChanged?.(kind, source);
    });
  }
  // Status of the tasks this client follows (handles listen per task id).
  return onTaskStatusNotification(client, onTaskStatus, credentials);
}

/**
 * Runs an input callback until the call waiting for its answer ends (the request's own signal:
 * the 2026 exchange's, or the server withdrawing a 2025 request; else every call it may belong
 * to has ended). Then the callback's signal aborts and its answer, if it still comes, is dropped:
 * the server gets an error instead (or nothing, when it withdrew the request itself).
 */
export function answerWithin<T>(request: AbortSignal, pending: PendingCalls | undefined, ask: (signal: AbortSignal) => T | Promise<T>): Promise<T> {
  const calls = pending?.untilAllEnd();
  const signal = calls === undefined ? request : AbortSignal.any([request, calls]);
  if (signal.aborted) return Promise.reject(callEnded(signal));
  return new Promise<T>((resolve, reject) => {
    const stop = (): void => reject(callEnded(signal));
    signal.addEventListener("abort", stop, { once: true });
    Promise.resolve()
      .then(() => ask(signal))
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", stop));
  });
}

function callEnded(signal: AbortSignal): Error {
  return new Error("the call waiting for this answer ended", { cause: signal.reason });
}

/**
 * A form-mode accept gets the requested schema's `default` for every property the user left
 * out (the form a user saw had those values prefilled). URL mode and decline / cancel are
 * passed on as they are.
 */
export function withSchemaDefaults(request: ElicitRequestParams, response: ElicitResult): ElicitResult {
  if (response.action !== "accept" || request.mode === "url" || !("requestedSchema" in request)) return response;
  // Property names are server text: own keys (Object.assign would run `__proto__`'s setter).
  const content: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(request.requestedSchema.properties)) {
    const fallback = (property as { default?: unknown }).default;
    if (fallback !== undefined) setOwn(content, name, fallback);
  }
  for (const [name, value] of Object.entries(definedValues(response.content))) setOwn(content, name, value);
  return { ...response, content: content as ElicitResult["content"] };
}

function definedValues(content: ElicitResult["content"]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(content ?? {})) if (value !== undefined) setOwn(out, name, value);
  return out;
}

/**
 * The pieces of MCP 2026-07-28 the runtime adds on the SDK client: starting from what
 * `generate` learned (the discover result, so no probe), recognising a server that refuses the
 * revision, and hearing list changes through `subscriptions/listen`.
 */
import type { Client, DiscoverResult, RequestOptions } from "@modelcontextprotocol/client";
import type { CapturedProtocol } from "../shared/protocol.js";
import { loadedClientSdk } from "./sdk.js";
import { httpRpcErrorOf } from "./http-errors.js";

/** The JSON-RPC code of "unsupported protocol version" (2026-07-28's renumbered -32004). */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

const SERVER_INFO_META_KEY = "io.modelcontextprotocol/serverInfo";

/**
 * A `server/discover` result rebuilt from the snapshot, for `connect({ prior })`: the client
 * starts in the captured revision with no round trip. Stale knowledge fails at the first request
 * (see `isEraRejection`), and the connection then negotiates.
 */
export function discoverFromCapture(captured: CapturedProtocol): DiscoverResult {
  return {
    supportedVersions: [captured.revision],
    capabilities: captured.capabilities ?? {},
    ...(captured.instructions === undefined ? {} : { instructions: captured.instructions }),
    ...(captured.serverInfo === undefined ? {} : { _meta: { [SERVER_INFO_META_KEY]: captured.serverInfo } }),
  } as DiscoverResult;
}

/**
 * The server refused the revision this client spoke: it does not support it (-32022, as a
 * JSON-RPC error or as the body of an HTTP 4xx), or negotiation found no common version.
 */
export function isEraRejection(error: unknown): boolean {
  const sdk = loadedClientSdk();
  if (sdk?.ProtocolError.isInstance(error) && error.code === UNSUPPORTED_PROTOCOL_VERSION) return true;
  if (sdk?.SdkError.isInstance(error) && error.code === sdk.SdkErrorCode.EraNegotiationFailed) return true;
  return httpRpcErrorOf(error)?.code === UNSUPPORTED_PROTOCOL_VERSION;
}

export type ListKind = "tools" | "resources" | "prompts";

const FILTER_KEYS = { tools: "toolsListChanged", resources: "resourcesListChanged", prompts: "promptsListChanged" } as const;

/**
 * Opens a `subscriptions/listen` stream for the list changes the server announces: the SDK
 * dispatches each change to the same notification handlers a 2025 server's unsolicited
 * notifications reach. Undefined when the server announces none of `kinds`. Best effort: a
 * server that refuses the subscription still serves requests.
 */
export async function listenForListChanges(client: Client, kinds: readonly ListKind[]): Promise<{ close(): Promise<void> } | undefined> {
  const capabilities = client.getServerCapabilities() ?? {};
  const filter: Record<string, boolean> = {};
  for (const kind of kinds) if ((capabilities[kind] as { listChanged?: boolean } | undefined)?.listChanged) filter[FILTER_KEYS[kind]] = true;
  if (Object.keys(filter).length === 0) return undefined;
  return client.listen(filter).catch(() => undefined);
}

/** The SDK's own per-request default, used as the whole exchange's bound when nothing is set. */
const DEFAULT_TIMEOUT_MS = 60_000;

/** One exchange's bound: the options its rounds share, and the end of its deadline. */
export interface WholeExchange {
  readonly options: RequestOptions;
  readonly timeout: number;
  /** The deadline ended the exchange (not the caller's signal, nor `close`). */
  expired(): boolean;
  /** `close` ended the exchange. */
  closed(): boolean;
  /** Ends the exchange now (the runtime is closing): its rounds and callbacks stop. */
  close(reason: unknown): void;
  /** The exchange is over: its deadline timer stops. */
  finish(): void;
}

/**
 * On 2026-07-28 a request that needs input is retried once per round, each a fresh request with
 * its own SDK timeout: one deadline (and the caller's signal) must bound the whole exchange,
 * rounds and the callbacks answering them included (the SDK hands the callbacks this signal).
 * A timer cleared by `finish()`, not `AbortSignal.timeout`: that one cannot be cleared, so every
 * call would leave a live timer and a weakly tracked signal behind for the whole timeout
 * (measurable per call, and on the GC).
 */
export function wholeExchange(options: RequestOptions | undefined): WholeExchange {
  const timeout = options?.timeout ?? DEFAULT_TIMEOUT_MS;
  const deadline = new AbortController();
  let closedBy: unknown;
  const expire = (): void => deadline.abort(new DOMException("The exchange timed out", "TimeoutError"));
  let timer = setTimeout(expire, timeout);
  timer.unref();
  const signal = options?.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const progress = options?.onprogress;
  // With resetTimeoutOnProgress, progress restarts the exchange's deadline as the SDK restarts each leg's.
  const onprogress: RequestOptions["onprogress"] =
    options?.resetTimeoutOnProgress && progress
      ? (update) => {
          if (!deadline.signal.aborted) {
            clearTimeout(timer);
            timer = setTimeout(expire, timeout);
            timer.unref();
          }
          progress(update);
        }
      : progress;
  return {
    options: { ...options, signal, ...(onprogress ? { onprogress } : {}) },
    timeout,
    expired: () => deadline.signal.aborted && closedBy === undefined && !options?.signal?.aborted,
    closed: () => closedBy !== undefined,
    close: (reason) => {
      if (deadline.signal.aborted) return;
      closedBy = reason ?? new Error("closed");
      deadline.abort(closedBy);
    },
    finish: () => clearTimeout(timer),
  };
}

/**
 * SDK request options for one request. Timeout precedence, highest first:
 *
 * | level   | where it is set                                   |
 * |---------|---------------------------------------------------|
 * | call    | `CallOptions.timeout`                             |
 * | tool    | server option `toolTimeouts: { [toolName]: ms }`  |
 * | server  | server option `timeout`                           |
 * | runtime | `createRuntime({ timeout })`                      |
 * | SDK     | 60 s (the SDK's `DEFAULT_REQUEST_TIMEOUT_MSEC`)   |
 *
 * `resetTimeoutOnProgress` and `maxTotalTimeout` follow the same precedence, each on its own
 * (a tool's `{ timeout }` alone leaves the server's `resetTimeoutOnProgress` in force).
 *
 * Progress: a call's `onProgress` wins over the `callbacks.onProgress` of the server or runtime.
 * A request without call options or progress callback reuses precomputed frozen options: no
 * allocation on the hot path.
 */
import type { RequestOptions } from "@modelcontextprotocol/client";
import type { CallOptions, ProgressUpdate, RuntimeCallbacks, ToolTimeout } from "../shared/types.js";
import { withoutCredentials } from "../shared/secret-registry.js";

/** One level's timeouts (a bare number in `toolTimeouts` is `{ timeout }`). */
export type TimeoutLevel = { [K in keyof ToolTimeout]?: ToolTimeout[K] | undefined } | undefined;

export interface TimeoutLevels {
  tool?: TimeoutLevel;
  server?: TimeoutLevel;
  runtime?: TimeoutLevel;
}

/** The request options a call gets when it passes none of its own; `undefined` = SDK defaults. */
export function defaultRequestOptions(levels: TimeoutLevels): RequestOptions | undefined {
  const pick = <K extends keyof ToolTimeout>(key: K): ToolTimeout[K] | undefined => levels.tool?.[key] ?? levels.server?.[key] ?? levels.runtime?.[key];
  const timeout = pick("timeout");
  const reset = pick("resetTimeoutOnProgress");
  const maxTotalTimeout = pick("maxTotalTimeout");
  if (timeout === undefined && !reset && maxTotalTimeout === undefined) return undefined;
  return Object.freeze({
    ...(timeout === undefined ? {} : { timeout }),
    ...(reset ? { resetTimeoutOnProgress: true, onprogress: ignoreProgress } : {}),
    ...(maxTotalTimeout === undefined ? {} : { maxTotalTimeout }),
  });
}

/** A progress handler only so that a progress token goes on the wire (progress then restarts the timeout). */
function ignoreProgress(): void {}

type ProgressListener = (update: ProgressUpdate) => void;

/**
 * The SDK options of one request. `credentials` are the server's own, masked in the progress
 * messages it sends (its words on their way to the app's callbacks, as its log messages are).
 */
export function requestOptions(
  options: CallOptions | undefined,
  defaults: RequestOptions | undefined,
  credentials: () => readonly string[],
  fallbackProgress?: ProgressListener,
): RequestOptions | undefined {
  if (options === undefined && fallbackProgress === undefined) return defaults;
  const out: RequestOptions = {};
  const timeout = options?.timeout ?? defaults?.timeout;
  if (timeout !== undefined) out.timeout = timeout;
  if (options?.signal) out.signal = options.signal;
  const reset = options?.resetTimeoutOnProgress ?? defaults?.resetTimeoutOnProgress;
  if (reset) {
    out.resetTimeoutOnProgress = true;
    out.onprogress = ignoreProgress;
  }
  const maxTotalTimeout = options?.maxTotalTimeout ?? defaults?.maxTotalTimeout;
  if (maxTotalTimeout !== undefined) out.maxTotalTimeout = maxTotalTimeout;
  const onProgress = options?.onProgress ?? fallbackProgress;
  if (onProgress) {
    // Giving the SDK an `onprogress` puts a progress token on the wire.
    out.onprogress = (progress) =>
      onProgress({
        progress: progress.progress,
        ...(progress.total !== undefined ? { total: progress.total } : {}),
        ...(progress.message !== undefined ? { message: withoutCredentials(progress.message, credentials()) } : {}),
      });
  }
  return out;
}

/** One server's request defaults: timeouts by level, per-tool timeouts, progress callback. */
export class RequestDefaults {
  /** Options of a request that is not a tool call (or of a tool without its own timeout). */
  readonly base: RequestOptions | undefined;
  readonly #perTool: ReadonlyMap<string, RequestOptions | undefined> | undefined;
  readonly #server: string;
  readonly #onProgress: RuntimeCallbacks["onProgress"];
  readonly #credentials: () => readonly string[];

  constructor(server: string, levels: TimeoutLevels, settings: { credentials: () => readonly string[]; toolTimeouts?: Record<string, number | ToolTimeout> | undefined; onProgress?: RuntimeCallbacks["onProgress"] }) {
    const { toolTimeouts, onProgress } = settings;
    this.#server = server;
    this.#onProgress = onProgress;
    this.#credentials = settings.credentials;
    this.base = defaultRequestOptions(levels);
    if (toolTimeouts !== undefined) {
      const perTool = new Map<string, RequestOptions | undefined>();
      for (const [tool, timeout] of Object.entries(toolTimeouts)) perTool.set(tool, defaultRequestOptions({ ...levels, tool: typeof timeout === "number" ? { timeout } : timeout }));
      this.#perTool = perTool;
    }
  }

  /** Options for a `tools/call` of `tool`. */
  forTool(tool: string, options: CallOptions | undefined): RequestOptions | undefined {
    const defaults = this.#perTool?.has(tool) ? this.#perTool.get(tool) : this.base;
    return this.#with(defaults, tool, options);
  }

  /**
   * Options for a request about a task of `tool` (status, result, cancel): the tool's timeout
   * and the signal, never a progress token (the task's progress belongs to its `tools/call`).
   */
  forTaskRequest(tool: string | undefined, timeout: number | undefined, signal: AbortSignal | undefined): RequestOptions | undefined {
    const defaults = tool !== undefined && this.#perTool?.has(tool) ? this.#perTool.get(tool) : this.base;
    if (timeout === undefined && signal === undefined) return defaults;
    const effective = timeout ?? defaults?.timeout;
    return { ...(effective === undefined ? {} : { timeout: effective }), ...(signal ? { signal } : {}) };
  }

  /** Options for any other request about `subject` (a resource URI, a prompt name). */
  forRequest(subject: string | undefined, options: CallOptions | undefined): RequestOptions | undefined {
    return this.#with(this.base, subject, options);
  }

  #with(defaults: RequestOptions | undefined, subject: string | undefined, options: CallOptions | undefined): RequestOptions | undefined {
    const onProgress = this.#onProgress;
    if (onProgress === undefined || options?.onProgress) return requestOptions(options, defaults, this.#credentials);
    const source = subject === undefined ? { server: this.#server } : { server: this.#server, name: subject };
    return requestOptions(options, defaults, this.#credentials, (update) => onProgress(update, source));
  }
}

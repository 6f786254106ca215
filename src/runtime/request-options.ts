/**
 * SDK request options for one call. Timeout precedence: call > tool > server > runtime.
 * The tool level has no setting yet (it arrives with per-tool options); its slot is here.
 * A call without options reuses the connection's precomputed defaults: no allocation.
 */
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallOptions } from "./types.js";

export interface TimeoutLevels {
  tool?: number | undefined;
  server?: number | undefined;
  runtime?: number | undefined;
}

/** The request options a call gets when it passes none of its own; `undefined` = SDK defaults. */
export function defaultRequestOptions(levels: TimeoutLevels): RequestOptions | undefined {
  const timeout = levels.tool ?? levels.server ?? levels.runtime;
  return timeout === undefined ? undefined : Object.freeze({ timeout });
}

export function requestOptions(options: CallOptions | undefined, defaults: RequestOptions | undefined): RequestOptions | undefined {
  if (options === undefined) return defaults;
  const out: RequestOptions = {};
  const timeout = options.timeout ?? defaults?.timeout;
  if (timeout !== undefined) out.timeout = timeout;
  if (options.signal) out.signal = options.signal;
  const onProgress = options.onProgress;
  if (onProgress) {
    // Giving the SDK an `onprogress` puts a progress token on the wire.
    out.onprogress = (progress) =>
      onProgress({
        progress: progress.progress,
        ...(progress.total !== undefined ? { total: progress.total } : {}),
        ...(progress.message !== undefined ? { message: progress.message } : {}),
      });
  }
  return out;
}

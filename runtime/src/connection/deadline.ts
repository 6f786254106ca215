/**
 * A call's deadline: its timeout and AbortSignal bound the whole call, the wait for a connection
 * (connect, reconnect with its backoff, a new session) included, not only the request. A call
 * that waits for a connection gives up when its own time is up or its signal aborts, or when
 * the runtime closes; the request then gets what is left of the timeout.
 */
import type { RequestOptions } from "@modelcontextprotocol/client";
import { CancelledError, RuntimeClosedError, TimeoutError, type SubjectKind } from "../shared/errors.js";

/** The SDK's request timeout when none is set (`DEFAULT_REQUEST_TIMEOUT_MSEC`). */
const SDK_DEFAULT_TIMEOUT_MS = 60_000;

export interface DeadlineSubject {
  readonly server: string;
  readonly tool: string | undefined;
  readonly about: SubjectKind | undefined;
}

export class CallDeadline {
  /** The call's whole timeout, in ms. */
  readonly timeout: number;
  readonly #ends: number;
  readonly #started: number;
  readonly #signal: AbortSignal | undefined;
  readonly #subject: DeadlineSubject;

  constructor(started: number, options: RequestOptions | undefined, subject: DeadlineSubject) {
    this.timeout = options?.timeout ?? SDK_DEFAULT_TIMEOUT_MS;
    this.#ends = started + this.timeout;
    this.#started = started;
    this.#signal = options?.signal;
    this.#subject = subject;
  }

  /**
   * The promise `start` returns (a connection being opened, the drift guard's check), unless the
   * call's time runs out, its signal aborts or `closing` aborts first: then the signal `start`
   * got aborts (the call gave up), and what it gave up on goes on for whoever else waits for it.
   */
  wait<T>(start: (gaveUp: AbortSignal) => Promise<T>, closing: AbortSignal, phase = "while connecting"): Promise<T> {
    const signal = this.#signal;
    if (signal?.aborted) return Promise.reject(this.#cancelled(signal));
    if (closing.aborted) return Promise.reject(this.#closed());
    const gaveUp = new AbortController();
    return new Promise<T>((resolve, reject) => {
      const stop = (error: Error): void => {
        cleanup();
        gaveUp.abort(error);
        reject(error);
      };
      const onAbort = (): void => stop(this.#cancelled(signal!));
      const onClose = (): void => stop(this.#closed());
      const timer = setTimeout(() => stop(this.#timedOut(phase)), Math.max(0, this.#ends - now()));
      const cleanup = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        closing.removeEventListener("abort", onClose);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      closing.addEventListener("abort", onClose, { once: true });
      start(gaveUp.signal).then(
        (value) => {
          cleanup();
          resolve(value);
        },
        (error: unknown) => {
          cleanup();
          reject(error);
        },
      );
    });
  }

  /** The request's options with the time left (at least 1 ms: the SDK then times it out itself), of the total bound too. */
  rest(options: RequestOptions | undefined): RequestOptions {
    const left = Math.max(1, Math.ceil(this.#ends - now()));
    const total = options?.maxTotalTimeout;
    if (total === undefined) return { ...options, timeout: left };
    return { ...options, timeout: left, maxTotalTimeout: Math.max(1, Math.ceil(total - (now() - this.#started))) };
  }

  /** A timeout of the shortened request, reported as the call's own timeout. */
  explain(error: unknown): unknown {
    if (!(error instanceof TimeoutError) || error.timeout === this.timeout) return error;
    return this.#timedOut(undefined, error.cause);
  }

  #timedOut(phase: string | undefined, cause?: unknown): TimeoutError {
    const { server, tool, about } = this.#subject;
    const text = `request timed out after ${this.timeout} ms${phase === undefined ? "" : ` (${phase})`}`;
    return new TimeoutError(server, text, { tool, about, timeout: this.timeout, cause });
  }

  #cancelled(signal: AbortSignal): CancelledError {
    const { server, tool, about } = this.#subject;
    return new CancelledError(server, "request cancelled", { tool, about, cause: signal.reason });
  }

  #closed(): RuntimeClosedError {
    const { server, tool, about } = this.#subject;
    return new RuntimeClosedError(server, "runtime closed while connecting", { tool, about });
  }
}

/** Milliseconds on a monotonic clock. */
export function now(): number {
  return performance.now();
}

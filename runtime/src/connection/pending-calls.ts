/**
 * Which calls a server's request for input may belong to, so that the callback answering it
 * stops when they end. A 2025-era `elicitation/create` or `sampling/createMessage` names no
 * request of ours (over stdio there is no per-request stream): it belongs to one of the calls in
 * flight on the connection when it arrived. Its callback's signal aborts once every one of those
 * calls has ended; with one call at a time (an agent waiting for its user) that is exact, and
 * with several the request is never given up while the call it belongs to still waits.
 *
 * (A 2026-07-28 request for input is part of its call's exchange: the SDK hands the callback the
 * exchange's own signal, see `wholeExchange`.)
 */

export class PendingCalls {
  /** One controller per call in flight; aborted with the call's failure (or on success) when it ends. */
  readonly #calls = new Set<AbortController>();

  /** Registers a call; the returned function ends it (`reason`: why, when it failed). */
  begin(): (reason?: unknown) => void {
    const call = new AbortController();
    this.#calls.add(call);
    return (reason) => {
      this.#calls.delete(call);
      call.abort(reason ?? new Error("the call ended"));
    };
  }

  /**
   * A signal that aborts once every call in flight now has ended, with the last one's reason;
   * `undefined` when none is in flight (a request for input outside any call of ours).
   */
  untilAllEnd(): AbortSignal | undefined {
    const calls = [...this.#calls];
    if (calls.length === 0) return undefined;
    if (calls.length === 1) return calls[0]!.signal;
    const all = new AbortController();
    let left = calls.length;
    for (const call of calls) {
      const ended = (): void => {
        if (--left === 0) all.abort(call.signal.reason);
      };
      if (call.signal.aborted) ended();
      else call.signal.addEventListener("abort", ended, { once: true });
    }
    return all.signal;
  }
}

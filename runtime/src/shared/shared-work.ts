/**
 * Work several callers wait for (a connection being opened, the drift guard's listing), given
 * up once none of them waits any more: each caller joins with the signal that says it gave up
 * (its timeout, its own signal); when the last one leaves before the work is done, the work's
 * signal aborts, so a silent server does not keep a request (and its socket) nobody wants.
 * A caller that joins without a signal waits for as long as the work takes.
 */
export class SharedWork<T> {
  readonly promise: Promise<T>;
  readonly #abandon = new AbortController();
  #waiting = 0;
  #settled = false;

  constructor(start: (abandoned: AbortSignal) => Promise<T>) {
    this.promise = start(this.#abandon.signal);
    this.promise.then(
      () => (this.#settled = true),
      () => (this.#settled = true),
    );
  }

  /** Every caller gave up before the work was done: it is being wound down, join a fresh one instead. */
  get abandoned(): boolean {
    return this.#abandon.signal.aborted;
  }

  /** The work's result, for a caller that gives up when `gaveUp` aborts. */
  join(gaveUp?: AbortSignal): Promise<T> {
    this.#waiting++;
    if (gaveUp === undefined) return this.promise;
    const leave = (): void => {
      if (--this.#waiting === 0 && !this.#settled) this.#abandon.abort(new Error("nobody waits for it any more"));
    };
    if (gaveUp.aborted) leave();
    else {
      gaveUp.addEventListener("abort", leave, { once: true });
      const forget = (): void => gaveUp.removeEventListener("abort", leave);
      this.promise.then(forget, forget);
    }
    return this.promise;
  }
}

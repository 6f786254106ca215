/**
 * The main thread's spare time. While it is producing sources (emitting tool chunks, printing
 * structures) it must keep feeding the formatting workers; once it has handed out everything it
 * would sit idle while the workers finish. Work kept for that moment runs then, one job at a
 * time, in the order it was kept.
 */
export class IdleTime {
  /** Sources still being produced on the main thread. */
  private producing = 0;
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = false;

  /** Counts `work` as a source still being produced until it settles. */
  produced<T>(work: Promise<T>): Promise<T> {
    this.producing += 1;
    const done = () => {
      this.producing -= 1;
      this.runWhenIdle();
    };
    work.then(done, done);
    return work;
  }

  /**
   * `job`, run once nothing is being produced. The check waits a turn of the event loop, so
   * sources registered in the same synchronous step as `job` hold it back too.
   */
  later<T>(job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => job().then(resolve, reject));
      this.runWhenIdle();
    });
  }

  private runWhenIdle(): void {
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    if (this.running || this.producing > 0) return;
    this.running = true;
    for (let job = this.waiting.shift(); job; job = this.waiting.shift()) await job();
    this.running = false;
  }
}

/** A promise settled on the next turn of the event loop, after messages that arrived meanwhile. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

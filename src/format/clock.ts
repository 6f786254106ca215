/**
 * Wall time during which some work of one kind was under way. Work of a kind may overlap itself
 * (formatting several chunks at once); an interval counts once however many jobs it held.
 */
export class StageClock {
  private active = 0;
  private since = 0;
  private total = 0;

  async time<T>(work: () => Promise<T> | T): Promise<T> {
    if (this.active++ === 0) this.since = performance.now();
    try {
      return await work();
    } finally {
      if (--this.active === 0) this.total += performance.now() - this.since;
    }
  }

  /** Synchronous work: counted unless some async work of the kind already spans it. */
  timeSync<T>(work: () => T): T {
    if (this.active > 0) return work();
    const started = performance.now();
    try {
      return work();
    } finally {
      this.total += performance.now() - started;
    }
  }

  get ms(): number {
    return this.total + (this.active > 0 ? performance.now() - this.since : 0);
  }
}


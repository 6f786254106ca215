/**
 * Tracing off vs on, side by side (part of `npm run bench:runtime`; `BENCH_ONLY=telemetry` runs
 * it alone): the generated typed `echo` call of server-everything over stdio, three runtimes in
 * one process, interleaved rounds (test/bench/latency.ts):
 *
 *   none  no tracer or meter provider registered when the connection opened: today's path
 *         (the connection is not wrapped; nothing per request)
 *   off   the OpenTelemetry SDK registered, `telemetry: false`
 *   on    the OpenTelemetry SDK registered (in-memory span exporter, a metric reader), spans,
 *         metric and `_meta` propagation on
 *
 * A connection decides at open whether it is traced, so `none` opens before the SDK is
 * registered and the others after. Each figure is the median of REPS runs with fresh runtimes
 * and server processes; ratios are medians of per-round ratios against `none`.
 */
import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { EVERYTHING_STDIO } from "../helpers/servers.js";
import { measureLatency, pairedRatio, quantile, type TimedVariant } from "./latency.js";

type RuntimeModule = typeof import("../../runtime/src/index.js");
interface TypedEverything {
  createEverythingClient(runtime: unknown, server?: string): { echo(args: { message: string }): Promise<unknown> };
}

const PLAN = { warmup: 200, rounds: 24, perRound: 30 };
const REPS = 3;
const ARGS = { message: "hello benchmark" };
/** What "within noise" means here: two identical stdio clients spread this much (see modern-calls.ts). */
const NOISE = 0.05;

class QuietReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

type Key = "none" | "off" | "on";

export async function telemetryCalls(runtime: RuntimeModule, generated: TypedEverything, scale: number): Promise<{ allMet: boolean }> {
  const runs: { median: Record<Key, number>; off: number; on: number; spans: number }[] = [];
  for (let rep = 0; rep < REPS; rep++) runs.push(await oneRun(runtime, generated, scale));
  const mid = (pick: (run: (typeof runs)[number]) => number): number => quantile(runs.map(pick), 0.5);
  console.log(`\nTracing off vs on: typed echo over stdio (server-everything), median of ${REPS} runs with fresh runtimes and servers\n`);
  console.log(`${"variant".padEnd(58)}${"median µs".padStart(11)}${"vs none".padStart(9)}`);
  const rows: [Key, string, number | undefined][] = [
    ["none", "none: no OpenTelemetry provider registered (today)", undefined],
    ["off", "off: SDK registered, telemetry: false", mid((run) => run.off)],
    ["on", "on: spans to an in-memory exporter + duration metric", mid((run) => run.on)],
  ];
  for (const [key, label, ratio] of rows) {
    console.log(`${label.padEnd(58)}${(mid((run) => run.median[key]) * 1000).toFixed(0).padStart(11)}${(ratio === undefined ? "" : `${ratio.toFixed(2)}x`).padStart(9)}`);
  }
  const offRatio = mid((run) => run.off);
  const allMet = Math.abs(offRatio - 1) <= NOISE;
  console.log(`(${mid((run) => run.spans).toFixed(0)} spans exported per run; off within ±${NOISE * 100}% of none: ${allMet ? "yes" : "no"})`);
  return { allMet };
}

async function oneRun(runtimeModule: RuntimeModule, generated: TypedEverything, scale: number) {
  const server = { everything: { ...EVERYTHING_STDIO, stderr: "ignore" as const } };
  const none = runtimeModule.createRuntime({ servers: server });
  const noneClient = generated.createEverythingClient(none, "everything");
  await noneClient.echo(ARGS); // opened before any provider exists
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const meterProvider = new MeterProvider({ readers: [new QuietReader()] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  const off = runtimeModule.createRuntime({ servers: server, telemetry: false });
  const on = runtimeModule.createRuntime({ servers: server });
  try {
    const offClient = generated.createEverythingClient(off, "everything");
    const onClient = generated.createEverythingClient(on, "everything");
    await Promise.all([offClient.echo(ARGS), onClient.echo(ARGS)]);
    const variants: TimedVariant<Key>[] = [
      { key: "none", label: "none", call: () => noneClient.echo(ARGS) },
      { key: "off", label: "off", call: () => offClient.echo(ARGS) },
      { key: "on", label: "on", call: () => onClient.echo(ARGS) },
    ];
    const latency = await measureLatency(variants, PLAN, scale);
    await tracerProvider.forceFlush();
    const spans = exporter.getFinishedSpans().length;
    if (spans === 0) throw new Error("tracing on recorded no span: the bench measures nothing");
    const median = (key: Key) => quantile(latency.samples.get(key)!, 0.5);
    return { median: { none: median("none"), off: median("off"), on: median("on") }, off: pairedRatio(latency, "off", "none"), on: pairedRatio(latency, "on", "none"), spans };
  } finally {
    await Promise.all([none.close(), off.close(), on.close()]);
    await tracerProvider.shutdown();
    await meterProvider.shutdown();
    trace.disable();
    metrics.disable();
    propagation.disable();
    context.disable();
  }
}

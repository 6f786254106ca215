/**
 * The OpenTelemetry SDK registered globally the way an app does, with in-memory exporters:
 * finished spans, the collected metrics, an AsyncLocalStorage context manager and the W3C
 * trace-context propagator. `spanTree` prints finished spans as an indented tree.
 */
import { context, metrics, propagation, trace, type Attributes } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { AggregationTemporality, MeterProvider, MetricReader, type HistogramMetricData } from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace";

/** Collects on demand: each `collect()` reads the cumulative histograms. */
class CollectingReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

export interface InstalledOtel {
  exporter: InMemorySpanExporter;
  /** Every span finished so far (exports flushed first: the SDK may export in the background). */
  spans(): Promise<ReadableSpan[]>;
  /** The data points of one histogram, with their attributes. */
  histogram(name: string): Promise<{ attributes: Attributes; count: number; sum: number }[]>;
  uninstall(): Promise<void>;
}

export function installOtel(options: { tracing?: boolean; metrics?: boolean } = {}): InstalledOtel {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  if (options.tracing !== false) trace.setGlobalTracerProvider(tracerProvider);
  if (options.metrics !== false) metrics.setGlobalMeterProvider(meterProvider);
  return {
    exporter,
    async spans() {
      await tracerProvider.forceFlush();
      return exporter.getFinishedSpans();
    },
    async histogram(name) {
      const { resourceMetrics } = await reader.collect();
      const found = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).filter((metric): metric is HistogramMetricData => metric.descriptor.name === name);
      return found.flatMap((metric) => metric.dataPoints.map((point) => ({ attributes: point.attributes, count: point.value.count, sum: point.value.sum ?? 0 })));
    },
    async uninstall() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
      trace.disable();
      metrics.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** Finished spans as a tree: name, kind and the attributes `show` picks, children indented under their parent. */
export function spanTree(spans: readonly ReadableSpan[], show: (span: ReadableSpan) => string = () => ""): string {
  const ids = new Set(spans.map((span) => span.spanContext().spanId));
  const children = new Map<string | undefined, ReadableSpan[]>();
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    const key = parent !== undefined && ids.has(parent) ? parent : undefined;
    children.set(key, [...(children.get(key) ?? []), span]);
  }
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number): void => {
    const level = [...(children.get(parent) ?? [])].sort((a, b) => hr(a.startTime) - hr(b.startTime));
    for (const span of level) {
      const extra = show(span);
      lines.push(`${"  ".repeat(depth)}${span.name}${extra === "" ? "" : `  ${extra}`}`);
      walk(span.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines.join("\n");
}

function hr(time: [number, number]): number {
  return time[0] * 1e9 + time[1];
}

/**
 * `@opentelemetry/api`, an optional peer: loaded on a connection's first open only when
 * telemetry is not turned off, and used only when the app registered a tracer or meter provider.
 * Without the package, or with neither provider registered, `instrumentsFor` answers `undefined`
 * and the connection is not wrapped at all: no per-request cost.
 */
import type { Histogram, Meter, Tracer } from "@opentelemetry/api";
import { DURATION_METRIC } from "./conventions.js";

export type OtelApi = typeof import("@opentelemetry/api");

export interface Instruments {
  api: OtelApi;
  /** Only when a tracer provider is registered. */
  tracer: Tracer | undefined;
  /** Only when a meter provider is registered. */
  duration: Histogram | undefined;
}

const INSTRUMENTATION_SCOPE = "@mcp-codegen/runtime";

let loading: Promise<OtelApi | undefined> | undefined;

/** The API once per process; a missing package (or any failure to load it) means no telemetry. */
function loadApi(): Promise<OtelApi | undefined> {
  loading ??= import("@opentelemetry/api").then(
    (api) => api,
    () => undefined,
  );
  return loading;
}

/** The tracer and histogram of the global providers, or `undefined` when there is nothing to record into. */
export async function instrumentsFor(): Promise<Instruments | undefined> {
  const api = await loadApi();
  if (api === undefined) return undefined;
  const tracer = registeredTracer(api);
  const duration = registeredHistogram(api);
  if (tracer === undefined && duration === undefined) return undefined;
  return { api, tracer, duration };
}

/**
 * The global tracer provider is a proxy that hands out no-op tracers until an SDK registers a
 * delegate: asking the proxy for its delegate tells "registered" from "not" without a span.
 */
function registeredTracer(api: OtelApi): Tracer | undefined {
  const provider = api.trace.getTracerProvider() as { getDelegateTracer?: (name: string) => Tracer | undefined };
  if (typeof provider.getDelegateTracer === "function" && provider.getDelegateTracer(INSTRUMENTATION_SCOPE) === undefined) return undefined;
  return api.trace.getTracer(INSTRUMENTATION_SCOPE);
}

/** One histogram per meter (the SDK would hand back the same one, after comparing descriptors). */
const histograms = new WeakMap<Meter, Histogram>();

function registeredHistogram(api: OtelApi): Histogram | undefined {
  const meter = api.metrics.getMeter(INSTRUMENTATION_SCOPE);
  if (meter === api.createNoopMeter()) return undefined;
  let histogram = histograms.get(meter);
  if (histogram === undefined) {
    histogram = meter.createHistogram(DURATION_METRIC.name, {
      unit: DURATION_METRIC.unit,
      description: DURATION_METRIC.description,
      advice: { explicitBucketBoundaries: [...DURATION_METRIC.buckets] },
    });
    histograms.set(meter, histogram);
  }
  return histogram;
}

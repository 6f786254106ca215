/**
 * OpenTelemetry options (docs/observability.md). Spans and the duration metric follow the
 * OpenTelemetry MCP semantic conventions and go to the globally registered tracer and meter
 * providers: with none registered (or `@opentelemetry/api` not installed) nothing is recorded
 * and nothing is wrapped.
 */
export interface TelemetryOptions {
  /**
   * Span attributes that carry what a call sends or gets back: `gen_ai.tool.call.arguments` and
   * `gen_ai.tool.call.result` of `tools/call` spans. Off by default: arguments and results may
   * hold personal data, and every tracing backend keeps what it is sent.
   */
  recordContent?: { arguments?: boolean; results?: boolean };
}

/**
 * `telemetry` on the runtime, `createClient` or one server: `false` turns spans, metric and
 * trace-context propagation off; `true` or an object (the default) leaves them to the global
 * providers. A server's own value wins over the runtime's.
 */
export type TelemetrySetting = boolean | TelemetryOptions;

/** What a connection's telemetry does, once the runtime's and the server's settings are merged. */
export interface ResolvedTelemetry {
  arguments: boolean;
  results: boolean;
}

export function resolveTelemetry(server: TelemetrySetting | undefined, runtime: TelemetrySetting | undefined): ResolvedTelemetry | undefined {
  const setting = server ?? runtime ?? true;
  if (setting === false) return undefined;
  const content = setting === true ? undefined : setting.recordContent;
  return { arguments: content?.arguments === true, results: content?.results === true };
}

import { generate, InterruptedError, type GenerateReport } from "../../pipeline.js";
import { AuditFailedError } from "../../audit/failed.js";
import { generateOptions, type GenerateCliOptions } from "../options.js";
import { EXIT_DRIFT, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, failureLines } from "../exit.js";
import { colorsFor } from "../output/colors.js";
import { outputMode, type OutputMode } from "../output/mode.js";
import { createProgress } from "../output/progress.js";
import { jsonFailure, jsonReport, summaryLines } from "../output/summary.js";

export async function runGenerate(options: GenerateCliOptions): Promise<number> {
  if (options.watch) {
    const { runWatch } = await import("./watch.js");
    return runWatch(options);
  }
  const mode = outputMode(options);
  const progress = await createProgress(mode);
  // Ctrl-C stops the run before it writes; once writing has begun it completes (a second Ctrl-C kills).
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  let report: GenerateReport;
  try {
    report = await generate({ ...generateOptions(options), onEvent: (event) => progress.onEvent(event), signal: controller.signal });
  } catch (error) {
    progress.stop();
    return printFailure(error, mode);
  } finally {
    process.off("SIGINT", interrupt);
    process.off("SIGTERM", interrupt);
  }
  progress.stop();
  printReport(report, mode, { contextCostTable: options.contextCost === true, verbose: options.verbose === true });
  return report.stale ? EXIT_DRIFT : EXIT_OK;
}

export function printReport(report: GenerateReport, mode: OutputMode, display: { contextCostTable?: boolean; verbose?: boolean } = {}): void {
  if (mode === "json") {
    process.stdout.write(jsonReport(report));
    return;
  }
  const colors = { out: colorsFor(process.stdout), err: colorsFor(process.stderr) };
  const lines = summaryLines(report, colors, { quiet: mode === "quiet", capturedShown: mode !== "quiet", ...display });
  for (const line of lines.err) process.stderr.write(`${line}\n`);
  for (const line of lines.out) process.stdout.write(`${line}\n`);
}

export function printFailure(error: unknown, mode: OutputMode): number {
  const lines = failureLines(error);
  if (mode === "json") process.stdout.write(jsonFailure(lines));
  else for (const line of lines) process.stderr.write(`mcp-codegen: ${line}\n`);
  if (error instanceof AuditFailedError) return EXIT_DRIFT;
  return error instanceof InterruptedError ? EXIT_INTERRUPTED : EXIT_FAILED;
}

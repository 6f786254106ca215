import { appendFileSync } from "node:fs";
import { check, diffFiles, type CheckFailure, type CheckResult } from "../../check.js";
import { failsAt, renderReport, type ReportFormat } from "../../drift/index.js";
import type { CheckCliOptions, DiffCliOptions } from "../options.js";
import { EXIT_DRIFT, EXIT_FAILED, EXIT_OK, failureLines } from "../exit.js";
import { groupWarnings } from "../../warnings/apply.js";
import { colorsFor } from "../output/colors.js";
import { warningLine } from "../output/summary.js";

export async function runCheck(options: CheckCliOptions): Promise<number> {
  const result = await check({
    ...(options.config === undefined ? {} : { configPath: options.config }),
    ...(options.server === undefined ? {} : { servers: options.server }),
  }).catch((error: unknown) => failedResult(error));
  return printResult(result, options);
}

export async function runDiffFiles(before: string, after: string, options: DiffCliOptions): Promise<number> {
  const result = await diffFiles(before, after, options.config === undefined ? {} : { configPath: options.config }).catch((error: unknown) => failedResult(error));
  return printResult(result, options);
}

/**
 * A check that could not run still writes its report in the chosen format (a CI job summary or
 * annotations name the failure instead of going empty); the lines also go to stderr, exit 2.
 */
function failedResult(error: unknown): CheckResult {
  const failures: CheckFailure[] = failureLines(error).map((message) => ({ message }));
  return { report: { version: 1, changes: [], summary: { breaking: 0, dangerous: 0, safe: 0, accepted: 0 } }, servers: [], failOn: undefined, failures };
}

function printResult(result: CheckResult, options: { format: ReportFormat; failOn?: DiffCliOptions["failOn"] }): number {
  const threshold = options.failOn ?? result.failOn ?? "breaking";
  const color = process.stdout.isTTY === true && !process.env["NO_COLOR"];
  const file = result.snapshotFile === undefined ? {} : { file: result.snapshotFile };
  const renderOptions = { servers: result.servers.length, failures: result.failures, ...file };
  process.stdout.write(renderReport(result.report, options.format, { color, ...renderOptions }));
  // In GitHub Actions the annotations go to stdout and the markdown report to the job summary.
  const summaryFile = process.env["GITHUB_STEP_SUMMARY"];
  if (options.format === "github" && summaryFile) appendFileSync(summaryFile, renderReport(result.report, "markdown", renderOptions));
  const colors = colorsFor(process.stderr);
  for (const group of groupWarnings(result.warnings ?? [])) process.stderr.write(`${warningLine(group, colors)}\n`);
  for (const failure of result.failures) process.stderr.write(`mcp-codegen: ${failure.message}\n`);
  if (result.failures.length > 0) return EXIT_FAILED;
  return failsAt(result.report, threshold) ? EXIT_DRIFT : EXIT_OK;
}

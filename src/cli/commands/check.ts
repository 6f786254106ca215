import { check, diffFiles, type CheckResult } from "../../check.js";
import { failsAt, renderReport } from "../../drift/index.js";
import type { CheckCliOptions, DiffCliOptions } from "../options.js";
import { EXIT_DRIFT, EXIT_OK, failAndExit } from "../exit.js";

export async function runCheck(options: CheckCliOptions): Promise<number> {
  const result = await check({
    ...(options.config === undefined ? {} : { configPath: options.config }),
    ...(options.server === undefined ? {} : { servers: options.server }),
  }).catch(failAndExit);
  return printResult(result, options);
}

export async function runDiffFiles(before: string, after: string, options: DiffCliOptions): Promise<number> {
  const result = await diffFiles(before, after, options.config === undefined ? {} : { configPath: options.config }).catch(failAndExit);
  return printResult(result, options);
}

function printResult(result: CheckResult, options: DiffCliOptions): number {
  const threshold = options.failOn ?? result.failOn ?? "breaking";
  const color = process.stdout.isTTY === true && !process.env["NO_COLOR"];
  const file = result.snapshotFile === undefined ? {} : { file: result.snapshotFile };
  process.stdout.write(renderReport(result.report, options.format, { color, servers: result.servers.length, ...file }));
  return failsAt(result.report, threshold) ? EXIT_DRIFT : EXIT_OK;
}

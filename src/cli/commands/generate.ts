import { generate, type GenerateReport } from "../../pipeline.js";
import type { GenerateCliOptions } from "../bin.js";
import { EXIT_DRIFT, EXIT_OK, failAndExit } from "../exit.js";

export async function runGenerate(options: GenerateCliOptions): Promise<number> {
  let report: GenerateReport;
  try {
    report = await generate({
      ...(options.config === undefined ? {} : { configPath: options.config }),
      offline: options.offline === true,
      check: options.check === true,
      cache: options.cache,
    });
  } catch (error) {
    failAndExit(error);
  }
  printReport(report, options.quiet === true);
  return report.stale ? EXIT_DRIFT : EXIT_OK;
}

function printReport(report: GenerateReport, quiet: boolean): void {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  for (const warning of report.warnings) err(`warning: ${warning.subject} ${warning.pointer}: ${warning.message}`);
  for (const note of report.notes) err(`note: ${note.subject}: ${note.message}`);
  const all = [report.snapshot, ...report.files];
  if (report.check) {
    const stale = all.filter((file) => file.status === "stale" || file.status === "extra");
    if (stale.length === 0) {
      if (!quiet) out(`Generated files are up to date (${report.files.length} files, ${report.mode}).`);
      return;
    }
    err(`Stale generated files (run \`mcp-codegen generate${report.mode === "offline" ? " --offline" : ""}\`):`);
    for (const file of stale) err(`  ${file.status === "extra" ? "not generated any more" : "differs"}: ${file.path}`);
    return;
  }
  if (quiet) return;
  const changed = all.filter((file) => file.status !== "unchanged");
  for (const file of changed) out(`${file.status}: ${file.path}`);
  out(`Done (${report.mode}): ${changed.length} changed, ${all.length - changed.length} unchanged, in ${report.outDir}/.`);
}

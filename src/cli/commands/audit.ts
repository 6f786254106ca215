import { appendFile } from "node:fs/promises";
import { audit } from "../../audit/run.js";
import { auditFailsAt } from "../../audit/engine.js";
import { renderAudit } from "../../audit/report/index.js";
import type { AuditCliOptions } from "../options.js";
import { EXIT_DRIFT, EXIT_FAILED, EXIT_OK, failureLines } from "../exit.js";
import { writeAtomic } from "../../write/write.js";

/** `mcp-codegen audit`: 0 without findings at `--fail-on` (default error), 1 with, 2 when it could not run. */
export async function runAudit(options: AuditCliOptions): Promise<number> {
  let report;
  try {
    report = await audit({
      ...(options.config === undefined ? {} : { configPath: options.config }),
      ...(options.server === undefined ? {} : { servers: options.server }),
      live: options.live === true,
    });
  } catch (error) {
    for (const line of failureLines(error)) process.stderr.write(`mcp-codegen: ${line}\n`);
    return EXIT_FAILED;
  }
  const color = options.output === undefined && process.stdout.isTTY === true && !process.env["NO_COLOR"];
  const text = renderAudit(report, options.format, { color });
  if (options.output === undefined) process.stdout.write(text);
  else await writeAtomic(options.output, text);
  // The job summary of a GitHub Actions run gets the markdown report next to the annotations.
  const summaryFile = process.env["GITHUB_STEP_SUMMARY"];
  if (options.format === "github" && summaryFile) await appendFile(summaryFile, renderAudit(report, "markdown"));
  return auditFailsAt(report.findings, options.failOn ?? "error") ? EXIT_DRIFT : EXIT_OK;
}

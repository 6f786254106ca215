/**
 * How a run reports: a live line per server on a terminal, plain lines in a pipe or CI,
 * problems only with `--quiet`, one JSON document with `--json`.
 */
export type OutputMode = "live" | "plain" | "quiet" | "json";

export function outputMode(options: { json?: boolean; quiet?: boolean }, env: NodeJS.ProcessEnv = process.env): OutputMode {
  if (options.json) return "json";
  if (options.quiet) return "quiet";
  const ci = env["CI"] !== undefined && env["CI"] !== "" && env["CI"] !== "false" && env["CI"] !== "0";
  return process.stdout.isTTY === true && !ci ? "live" : "plain";
}

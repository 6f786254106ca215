import type { GenerateCliOptions } from "../options.js";
import { EXIT_FAILED, EXIT_OK, failureLines } from "../exit.js";
import { colorsFor } from "../output/colors.js";
import { outputMode } from "../output/mode.js";
import { count, duration } from "../output/words.js";
import type { WatchEvent, WatchTrigger } from "../../watch.js";
import { generateOptions } from "../options.js";

/**
 * `generate --watch`: one line per run (with `--json`, one JSON object per line) until Ctrl-C,
 * which stops a run before it writes and closes every connection.
 */
export async function runWatch(options: GenerateCliOptions): Promise<number> {
  if (options.check) {
    process.stderr.write("mcp-codegen: --watch writes files: it does not go with --check\n");
    return EXIT_FAILED;
  }
  const { watchGenerate } = await import("../../watch.js");
  const mode = outputMode(options);
  const c = colorsFor(process.stdout);
  const { check: _check, ...library } = generateOptions(options);
  const print = (event: WatchEvent) => {
    if (mode === "json") {
      const body = event.kind === "run" ? { ok: true, report: event.report } : { ok: false, errors: failureLines(event.error).map((message) => ({ message })) };
      process.stdout.write(`${JSON.stringify({ trigger: event.trigger, ...body })}\n`);
      return;
    }
    const time = c.dim(`[${new Date().toTimeString().slice(0, 8)}]`);
    if (event.kind === "failed") {
      process.stderr.write(`${time} ${c.red("✖")} ${reason(event.trigger)}: ${failureLines(event.error).join("; ")}\n`);
      return;
    }
    const { report } = event;
    const changed = [report.snapshot, ...report.files].filter((file) => file.status !== "unchanged").length;
    const warnings = report.warnings.length > 0 ? `, ${c.yellow(count(report.warnings.length, "warning"))}` : "";
    if (mode === "quiet" && report.warnings.length === 0) return;
    const result = changed === 0 ? "up to date" : `${count(changed, "file")} changed`;
    process.stdout.write(`${time} ${c.green("✔")} ${reason(event.trigger)}: ${count(report.servers.length, "server")}, ${result}${warnings} (${duration(report.elapsedMs)})\n`);
  };
  const watcher = watchGenerate(library, print);
  if (mode !== "json" && mode !== "quiet") process.stdout.write(c.dim("Watching the config, local server scripts and server listings (Ctrl-C to stop).\n"));
  // Listeners that stay until the watcher is closed (not `once`): the runtime's child registry
  // re-raises a signal nobody else listens to, which would end the process before it cleans up.
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  await stopped;
  await watcher.close();
  process.off("SIGINT", stop);
  process.off("SIGTERM", stop);
  return EXIT_OK;
}

function reason(trigger: WatchTrigger): string {
  if (trigger.kind === "start") return "generated";
  if (trigger.kind === "file") return `${trigger.file.split(/[\\/]/).pop()} changed`;
  return `"${trigger.server}" ${trigger.list} changed (${trigger.change})`;
}

/**
 * An app that owns a runtime with one stdio server (test/servers/faulty.ts) still starting up,
 * for tests of what happens to the child when the app ends. Usage:
 *
 *   node runtime-owner.js <faulty.js> <faulty mode> <pid-file> <ending>
 *
 * Prints `READY <child pid>` once the child runs. `ending`: `exit` calls process.exit(0) right
 * then; `wait` waits for a signal (no handler of its own); `handler` waits with its own SIGINT /
 * SIGTERM / SIGHUP handler, which prints `APP HANDLER <signal>` and exits 7 a little later.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRuntime } from "@mcp-codegen/runtime";

const [script = "", mode = "hang", pidFile = "", ending = "wait"] = process.argv.slice(2);

if (ending === "handler") {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      process.stdout.write(`APP HANDLER ${signal}\n`);
      setTimeout(() => process.exit(7), 100);
    });
  }
}

const runtime = createRuntime({ servers: { faulty: { transport: "stdio", command: process.execPath, args: [script, "--stdio", mode, pidFile] } } });
runtime.callTool("faulty", "work", {}).catch(() => undefined);

const ready = setInterval(() => {
  if (!existsSync(pidFile)) return;
  const pid = readFileSync(pidFile, "utf8");
  if (pid === "") return;
  clearInterval(ready);
  process.stdout.write(`READY ${pid}\n`);
  if (ending === "exit") process.exit(0);
  setInterval(() => undefined, 1_000);
}, 10);

/**
 * A capture's stdio child is ended as the runtime ends one (stdin EOF, then SIGTERM, then SIGKILL,
 * ~100 ms at most), not by the SDK's close (2 s after EOF, 2 s after SIGTERM). `generate()` goes
 * on with the listing meanwhile and returns once the child is ended: no longer tracked, and gone
 * (a killed process may take a moment to be reaped on a loaded machine). Watch mode holds the
 * connection open and closes it the same way. A real stdio server that ignores stdin EOF and
 * SIGTERM, in process.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline.js";
import { captureServers } from "../../src/capture/capture.js";
import { loadConfig } from "../../src/config/load.js";
import { watchGenerate, type WatchEvent } from "../../src/watch.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { repoRoot, startEverythingHttp } from "../helpers/servers.js";
import { startRecordingProxy } from "../runtime/recording-proxy.js";
import { goneWithin } from "../faults/helpers.js";
import { trackedChildren } from "../../runtime/src/wire/child-registry.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");

/** Logs its pid, ignores SIGTERM and stays up after stdin EOF, then runs the listing server. */
const STUBBORN = `import { appendFileSync } from "node:fs";
appendFileSync(process.env.PID_LOG, process.pid + "\\n");
process.on("SIGTERM", () => undefined);
setInterval(() => undefined, 1_000);
await import(${JSON.stringify(pathToFileURL(LISTING_SERVER).href)});
`;

function stubbornProject(name: string): { dir: string; pids: () => number[] } {
  const dir = tempProject(name);
  const log = path.join(dir, "pids.log");
  writeFileSync(log, "");
  writeFileSync(path.join(dir, "stubborn.mjs"), STUBBORN);
  writeFileSync(path.join(dir, "listing.json"), JSON.stringify({ capabilities: { tools: {} }, tools: [{ name: "lookup", inputSchema: { type: "object" } }] }));
  const server = { transport: "stdio", command: process.execPath, args: ["stubborn.mjs", "listing.json"], env: { PID_LOG: log } };
  writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { stubborn: server }, outDir: "out" }));
  return { dir, pids: () => readFileSync(log, "utf8").split("\n").filter(Boolean).map(Number) };
}

describe("a capture's server children", () => {
  it("have ended when generate() returns, a server that ignores stdin EOF and SIGTERM included", async () => {
    const { dir, pids } = stubbornProject("close-after");
    const report = await generate({ cwd: dir, contextCost: false });
    expect(report.servers.map((entry) => [entry.name, entry.tools])).toEqual([["stubborn", 1]]);
    expect(pids().length).toBeGreaterThan(0);
    for (const pid of pids()) expect(trackedChildren(), `server process ${pid}`).not.toContain(pid);
    for (const pid of pids()) expect(await goneWithin(pid, 5_000), `server process ${pid}`).toBe(true);
  });

  it("leave the process's exit and signal listeners as they found them, so Ctrl-C still ends an app that captured", async () => {
    const ENDING = ["exit", "SIGINT", "SIGTERM", "SIGHUP"] as const;
    const counts = () => ENDING.map((event) => `${event} ${process.listenerCount(event)}`);
    const { dir } = stubbornProject("close-after-listeners");
    const before = counts();
    for (let run = 1; run <= 2; run++) {
      await generate({ cwd: dir, contextCost: false, cache: false });
      expect(counts(), `after capture ${run}`).toEqual(before);
    }
    // What a user sees: a script that captured (the built library), then interrupted.
    const library = pathToFileURL(path.join(repoRoot, "dist/index.js")).href;
    const script = `const { generate } = await import(${JSON.stringify(library)});
await generate({ cwd: ${JSON.stringify(dir)}, contextCost: false, cache: false });
setTimeout(() => console.log("still running"), 5_000);
process.kill(process.pid, "SIGINT");`;
    const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code, signal, stdout }));
    });
    expect(ended).toEqual({ code: null, signal: "SIGINT", stdout: "" });
  });

  it("are handed over still ending when the caller collects the closes, and ended once they settle", async () => {
    const { dir, pids } = stubbornProject("close-handed");
    const closing: Promise<unknown>[] = [];
    const captured = await captureServers(await loadConfig({ cwd: dir }), { closing });
    expect(captured.servers["stubborn"]?.tools.map((tool) => tool.name)).toEqual(["lookup"]);
    // Still ending: a stubborn child takes the EOF grace and the SIGTERM grace before its SIGKILL.
    expect(closing).toHaveLength(1);
    for (const pid of pids()) expect(trackedChildren()).toContain(pid);
    await Promise.all(closing);
    for (const pid of pids()) expect(trackedChildren()).not.toContain(pid);
    for (const pid of pids()) expect(await goneWithin(pid, 5_000), `server process ${pid}`).toBe(true);
  });

  it("held open by watch mode, are ended when the watcher closes", async () => {
    const { dir, pids } = stubbornProject("close-watch");
    let ran!: (event: WatchEvent) => void;
    const firstRun = new Promise<WatchEvent>((resolve) => (ran = resolve));
    const watcher = watchGenerate({ cwd: dir, contextCost: false }, (event) => ran(event));
    const event = await firstRun;
    expect(event.kind, event.kind === "failed" ? String(event.error) : "").toBe("run");
    // The connection is held open for list_changed notifications.
    for (const pid of pids()) expect(trackedChildren()).toContain(pid);
    await watcher.close();
    for (const pid of pids()) expect(trackedChildren()).not.toContain(pid);
    for (const pid of pids()) expect(await goneWithin(pid, 5_000), `server process ${pid}`).toBe(true);
  });
});

describe("a capture's HTTP sessions", () => {
  it("are ended (DELETE with the session's id) by generate and by check, as the runtime ends one", async () => {
    const everything = await startEverythingHttp();
    const proxy = await startRecordingProxy(everything.url);
    try {
      const dir = tempProject("close-http");
      writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { everything: { transport: "http", url: proxy.url(everything.url), protocol: "legacy" } }, outDir: "out" }));
      for (const command of ["generate", "check"]) {
        const start = proxy.requests.length;
        const result = await runCli([command], { cwd: dir });
        expect(result.status, result.stderr).toBe(0);
        const requests = proxy.requests.slice(start);
        const sessions = new Set(requests.map((request) => request.headers["mcp-session-id"]).filter((id) => id !== undefined));
        expect(sessions.size, command).toBe(1);
        const deletes = requests.filter((request) => request.method === "DELETE");
        expect(deletes.map((request) => request.headers["mcp-session-id"]), command).toEqual([...sessions]);
      }
    } finally {
      await proxy.close();
      await everything.stop();
    }
  });
});

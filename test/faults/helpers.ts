/** Shared by the fault tests: the faulty server, PIDs, and how long something took. */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { repoRoot, startServerScript, type RunningServer } from "../helpers/servers.js";

export const FAULTY = resolve(repoRoot, "test/servers/dist/faulty.js");
export const OWNER = resolve(repoRoot, "test/servers/dist/runtime-owner.js");

export function faultyStdio(mode: string, pidFile?: string): { transport: "stdio"; command: string; args: string[]; stderr: "ignore" } {
  return { transport: "stdio", command: process.execPath, args: [FAULTY, "--stdio", mode, ...(pidFile ? [pidFile] : [])], stderr: "ignore" };
}

export function startFaultyHttp(mode: string): Promise<RunningServer> {
  return startServerScript(FAULTY, ["--http", mode]);
}

/** A folder for pid files, removed by `dispose`. */
export function pidFolder(): { file(name: string): string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), "mcp-faults-"));
  return { file: (name) => join(dir, name), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The pid a faulty server wrote, once it has (bounded by the test's own timeout). */
export async function pidIn(file: string): Promise<number> {
  for (;;) {
    try {
      const text = readFileSync(file, "utf8");
      if (text !== "") return Number(text);
    } catch {
      // Not written yet.
    }
    await sleep(10);
  }
}

/** Alive and not a zombie (an exited child only waiting to be reaped does not count). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** True once `pid` is gone, false if it still runs after `ms`. */
export async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (isRunning(pid)) {
    if (performance.now() > until) return false;
    await sleep(10);
  }
  return true;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** How a promise settled and how many ms after `from` it did. */
export async function settled<T>(promise: Promise<T>, from = performance.now()): Promise<{ value?: T; error?: unknown; ms: number }> {
  try {
    const value = await promise;
    return { value, ms: performance.now() - from };
  } catch (error) {
    return { error, ms: performance.now() - from };
  }
}

export interface OwnerRun {
  /** The owner's child (the stdio server) pid, once it runs. */
  childPid: Promise<number>;
  pid: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts test/servers/runtime-owner.ts: an app whose runtime has a stdio child still starting. */
export function startOwner(mode: string, pidFile: string, ending: "exit" | "wait" | "handler"): OwnerRun {
  const child = spawn(process.execPath, [OWNER, FAULTY, mode, pidFile, ending], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  let gotPid: (pid: number) => void = () => undefined;
  const childPid = new Promise<number>((resolve) => (gotPid = resolve));
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    const match = /READY (\d+)/.exec(output);
    if (match) gotPid(Number(match[1]));
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { childPid, pid: child.pid!, output: () => output, exited };
}

/**
 * A TCP server on 127.0.0.1 that accepts every connection and never sends a byte (an HTTP
 * server hung before its first response byte). `open()` counts the connections the client still
 * holds: one the client gave up on is closed by the client, and the count drops.
 */
export interface SilentServer {
  url: string;
  open(): number;
  close(): Promise<void>;
}

export async function startSilentServer(): Promise<SilentServer> {
  const { createServer } = await import("node:net");
  const sockets = new Set<import("node:net").Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.resume(); // read what the client sends, answer nothing
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as import("node:net").AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    open: () => sockets.size,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** Polls `open` until it is 0; false if connections are still open after `ms`. */
export async function allClosedWithin(open: () => number, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (open() > 0) {
    if (performance.now() > until) return false;
    await sleep(10);
  }
  return true;
}

/**
 * Test harness for the example MCP servers: where they are, how to start the HTTP ones as
 * real child processes, how to stop them by PID, and how to see which children remain.
 * Every server started here is killed when the test process exits, even after a failure.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export const repoRoot: string = resolve(fileURLToPath(new URL("../..", import.meta.url)));

const serversDist = resolve(repoRoot, "test/servers/dist");
const everythingEntry = resolve(repoRoot, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

export const MATH_STDIO: { transport: "stdio"; command: string; args: string[] } = {
  transport: "stdio",
  command: "node",
  args: [resolve(serversDist, "math.js")],
};

/** The notes server (test/servers/notes.ts) over stdio: the framework targets' tests. */
export const NOTES_STDIO: { transport: "stdio"; command: string; args: string[] } = {
  transport: "stdio",
  command: "node",
  args: [resolve(serversDist, "notes.js")],
};

/** server-everything's launcher picks its transport from the first argument. */
export const EVERYTHING_STDIO: { transport: "stdio"; command: string; args: string[] } = {
  transport: "stdio",
  command: "node",
  args: [everythingEntry, "stdio"],
};

/** The task server (test/servers/tasks.ts) over stdio. */
export const TASKS_STDIO: { transport: "stdio"; command: string; args: string[] } = {
  transport: "stdio",
  command: "node",
  args: [resolve(serversDist, "tasks.js"), "--stdio"],
};

const LISTENING_PREFIX = "MCP_LISTENING ";
/** Generous: only turns a server that never starts into a clear error instead of a hang. */
const STARTUP_LIMIT_MS = 30_000;
const KILL_GRACE_MS = 3_000;
const STDERR_TAIL_CHARS = 4_000;

const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export function startWeatherServer(): Promise<RunningServer> {
  return startServerScript(resolve(serversDist, "weather.js"), ["--port", "0"]);
}

/** The task server over streamable HTTP: one task store for every session. */
export function startTasksServer(): Promise<RunningServer> {
  return startServerScript(resolve(serversDist, "tasks.js"), ["--port", "0"]);
}

export async function startEverythingHttp(): Promise<RunningServer & { sseUrl: string }> {
  const server = await startServerScript(resolve(serversDist, "everything-http.js"), ["--port", "0"]);
  return { ...server, sseUrl: server.url.replace(/\/mcp$/, "/sse") };
}

/** Runs `node <script> ...args` (relative to the repo root) and waits for its MCP_LISTENING line. */
export function startServerScript(script: string, args: string[] = []): Promise<RunningServer> {
  const path = isAbsolute(script) ? script : resolve(repoRoot, script);
  const child = spawn(process.execPath, [path, ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
  });

  return new Promise<RunningServer>((resolvePromise, reject) => {
    const fail = (reason: string): void => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${path}: ${reason}\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`no ${LISTENING_PREFIX.trim()} line within ${STARTUP_LIMIT_MS} ms`), STARTUP_LIMIT_MS);
    child.once("error", (error) => fail(error.message));
    child.once("exit", (code, signal) => fail(`exited before listening (code ${code}, signal ${signal})`));
    // Keep reading stdout after the line, so a chatty server never blocks on a full pipe.
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!line.startsWith(LISTENING_PREFIX) || child.pid === undefined) return;
      clearTimeout(timer);
      child.removeAllListeners("error");
      child.removeAllListeners("exit");
      child.once("exit", () => running.delete(child));
      const pid = child.pid;
      resolvePromise({ url: line.slice(LISTENING_PREFIX.length).trim(), pid, stop: () => stopChild(child) });
    });
  });
}

/** SIGTERM by PID, wait for the exit, SIGKILL if it has not exited after a grace period. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolvePromise) => {
    const killer = setTimeout(() => {
      if (child.pid !== undefined) signal(child.pid, "SIGKILL");
    }, KILL_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(killer);
      running.delete(child);
      resolvePromise();
    });
    if (child.pid !== undefined) signal(child.pid, "SIGTERM");
  });
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone: nothing to stop.
  }
}

interface ProcEntry {
  pid: number;
  ppid: number;
  state: string;
}

/** `/proc/<pid>/stat`: "pid (comm) state ppid ..."; comm may contain spaces and parentheses. */
function readProcEntry(pid: number): ProcEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { pid, ppid: Number(fields[1]), state: fields[0] ?? "" };
  } catch {
    return undefined; // exited while we were looking
  }
}

/**
 * Live descendants (children, grandchildren, …) of a process, read from /proc (Linux only).
 * Zombies are left out: they have exited and only wait to be reaped.
 */
export function childPids(parentPid: number = process.pid): number[] {
  const byParent = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readProcEntry(Number(name));
    if (!entry || entry.state === "Z") continue;
    byParent.set(entry.ppid, [...(byParent.get(entry.ppid) ?? []), entry.pid]);
  }
  const found: number[] = [];
  const queue = [parentPid];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of byParent.get(next) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found.sort((a, b) => a - b);
}

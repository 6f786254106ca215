/**
 * Stdio restart: a server killed mid-call, bounded retries of a server that will not start
 * again, sessions and stateless calls leaving no child, and no orphan after process exit.
 */
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import * as z from "zod";
import { childPids, EVERYTHING_STDIO, MATH_STDIO, repoRoot } from "../helpers/servers.js";
import { callTypedTool, ConnectionError, createRuntime, type ToolDescriptor } from "../../runtime/src/index.js";
import { runtimeInternals } from "../../runtime/src/calls/runtime-api.js";

const echoTool: ToolDescriptor<{ message: string }, unknown> = {
  name: "echo",
  description: "Echo.",
  fingerprint: "test",
  input: z.object({ message: z.string() }),
};

function newChildren(before: ReadonlySet<number>): number[] {
  return childPids().filter((pid) => !before.has(pid));
}

/** Polls /proc until `pid` is gone (bounded by the test timeout, not by a clock here). */
async function gone(pid: number): Promise<void> {
  while (processExists(pid)) await new Promise((r) => setTimeout(r, 25));
}

/** Alive and not a zombie (an exited child only waiting to be reaped does not count). */
function processExists(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

describe("stdio restart", () => {
  it("fails the pending call with a typed error when the server is killed, then restarts it", async () => {
    const before = new Set(childPids());
    const runtime = createRuntime({ servers: { everything: EVERYTHING_STDIO } });
    try {
      const [tool] = (await runtime.getTools("everything")).filter((t) => t.name === "echo");
      const first = runtimeInternals(runtime)?.connection("everything").pid;
      expect(first).toBeDefined();
      let started!: () => void;
      const progressed = new Promise<void>((resolve) => (started = resolve));
      const pending = runtime
        .callTool("everything", "trigger-long-running-operation", { duration: 60, steps: 600 }, { onProgress: () => started() })
        .catch((e: unknown) => e);
      await progressed; // the server is working on the call
      process.kill(first!, "SIGKILL");

      const error = await pending;
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).message).toMatch(/^server "everything" tool "trigger-long-running-operation": connection closed/);

      const result = await callTypedTool(runtime, "everything", echoTool, { message: "again" });
      expect(result.text).toBe("Echo: again");
      const second = runtimeInternals(runtime)?.connection("everything").pid;
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect(newChildren(before)).toEqual([second]);
      // A LangChain tool built before the restart uses the new connection.
      expect(JSON.stringify(await tool!.invoke({ message: "old tool" }))).toContain("Echo: old tool");
    } finally {
      await runtime.close();
    }
    expect(newChildren(before)).toEqual([]);
  });

  it("retries a restart a bounded number of times with backoff, then succeeds once the server can start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-restart-"));
    const marker = join(dir, "started");
    const log = join(dir, "starts");
    const script = join(dir, "once.mjs");
    // Starts the math server the first time only, while the marker exists; logs every start.
    writeFileSync(
      script,
      [
        `import { appendFileSync, existsSync, writeFileSync } from "node:fs";`,
        `appendFileSync(${JSON.stringify(log)}, "start\\n");`,
        `if (existsSync(${JSON.stringify(marker)})) { console.error("Error: refusing to start again"); process.exit(1); }`,
        `writeFileSync(${JSON.stringify(marker)}, "");`,
        `await import(${JSON.stringify(resolve(repoRoot, "test/servers/dist/math.js"))});`,
      ].join("\n"),
    );
    const runtime = createRuntime({
      servers: { math: { transport: "stdio", command: process.execPath, args: [script], reconnect: { retries: 2, initialDelayMs: 5, maxDelayMs: 10 } } },
    });
    try {
      await runtime.callTool("math", "add", { a: 1, b: 1 });
      const pid = runtimeInternals(runtime)!.connection("math").pid!;
      process.kill(pid, "SIGKILL");
      await gone(pid);
      // Wait until the runtime noticed the loss (its transport closed).
      while (runtimeInternals(runtime)?.connection("math").client !== undefined) await new Promise((r) => setTimeout(r, 10));

      const error = await runtime.callTool("math", "add", { a: 2, b: 2 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).message).toMatch(/^server "math": reconnect failed after 3 attempts: could not start .*refusing to start again/);
      expect(readFileSync(log, "utf8").trim().split("\n")).toHaveLength(4); // 1 good start + 3 attempts

      rmSync(marker);
      const result = await runtime.callTool("math", "add", { a: 2, b: 2 });
      expect(result.structuredContent).toEqual({ result: 4 });
    } finally {
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("no child left behind", () => {
  it("a session has its own child, ended by its close; stateless calls end theirs", async () => {
    const before = new Set(childPids());
    const runtime = createRuntime({ servers: { math: MATH_STDIO, once: { ...MATH_STDIO, stateless: true } } });
    try {
      await runtime.callTool("math", "add", { a: 1, b: 2 });
      const session = runtime.session("math");
      expect((await session.callTool("add", { a: 2, b: 3 })).structuredContent).toEqual({ result: 5 });
      expect(newChildren(before)).toHaveLength(2);
      await session.close();
      expect(newChildren(before)).toHaveLength(1);

      expect((await runtime.callTool("once", "multiply", { a: 2, b: 3 })).structuredContent).toEqual({ result: 6 });
      expect((await runtime.callTool("once", "multiply", { a: 3, b: 3 })).structuredContent).toEqual({ result: 9 });
    } finally {
      await runtime.close();
    }
    expect(newChildren(before)).toEqual([]);
  });

  // "exit": process.exit() without close; "sigkill": killed, no exit hook runs (stdin EOF only);
  // "exit-stubborn": a server that ignores stdin EOF, ended by the runtime's exit hook.
  for (const ending of ["exit", "sigkill", "exit-stubborn"] as const) {
    it(`leaves no orphan server when the process ends without close (${ending})`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "mcp-exit-"));
      const script = join(dir, "child.ts");
      const stubborn = join(dir, "stubborn.mjs");
      writeFileSync(stubborn, `setInterval(() => undefined, 1000);\nawait import(${JSON.stringify(MATH_STDIO.args[0])});\n`);
      const server = ending === "exit-stubborn" ? { ...MATH_STDIO, args: [stubborn] } : MATH_STDIO;
      writeFileSync(
        script,
        [
          `import { createRuntime } from ${JSON.stringify(resolve(repoRoot, "runtime/src/index.js"))};`,
          `import { runtimeInternals } from ${JSON.stringify(resolve(repoRoot, "runtime/src/calls/runtime-api.js"))};`,
          `const runtime = createRuntime({ servers: { math: ${JSON.stringify(server)} } });`,
          `await runtime.callTool("math", "add", { a: 1, b: 2 });`,
          `console.log("PID " + runtimeInternals(runtime)!.connection("math").pid);`,
          // Told by the test (a line on stdin) when to exit; until then it stays alive.
          `process.stdin.once("data", () => process.exit(0));`,
        ].join("\n"),
      );
      const child = spawn(process.execPath, ["--import", "jiti/register", script], { cwd: repoRoot, stdio: ["pipe", "pipe", "inherit"] });
      let serverPid: number | undefined;
      try {
        const line = await new Promise<string>((resolveLine, reject) => {
          createInterface({ input: child.stdout! }).on("line", (text) => text.startsWith("PID ") && resolveLine(text));
          child.once("exit", (code) => reject(new Error(`child exited early with ${code}`)));
        });
        serverPid = Number(line.slice(4));
        expect(processExists(serverPid)).toBe(true);
        expect(childPids(child.pid)).toContain(serverPid);
        const exited = new Promise<void>((done) => child.once("exit", () => done()));
        if (ending === "sigkill") process.kill(child.pid!, "SIGKILL");
        else child.stdin!.write("exit\n");
        await exited;
        // The server saw stdin close (or got SIGTERM from the exit hook) and ended: no orphan.
        await gone(serverPid);
        expect(processExists(serverPid)).toBe(false);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        // Only after a failure: never leave the orphan this test was looking for.
        if (serverPid !== undefined && processExists(serverPid)) process.kill(serverPid, "SIGKILL");
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

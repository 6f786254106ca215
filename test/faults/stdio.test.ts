/**
 * Every call ends, with its cause (stdio): against real child processes that hang at
 * `initialize` (ignoring stdin EOF, or SIGTERM too) or send a message over the size limit.
 * Bounds are acceptance checks with generous margins (a loaded machine must not fail them);
 * without the behaviour under test each would take the SDK's 60 s or 4 s instead.
 */
import { afterAll, describe, expect, it } from "vitest";
import { CancelledError, ConnectionError, createRuntime, RuntimeClosedError, TimeoutError } from "../../runtime/src/index.js";
import { runtimeInternals } from "../../runtime/src/calls/runtime-api.js";
import { EVERYTHING_STDIO } from "../helpers/servers.js";
import { faultyStdio, goneWithin, isRunning, pidFolder, pidIn, settled, sleep } from "./helpers.js";

/** Acceptance is 200 ms; the margin absorbs a loaded 2-core machine. */
const SLACK_MS = 1_000;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
process.on("unhandledRejection", onUnhandled);
const pids = pidFolder();

afterAll(() => {
  process.removeListener("unhandledRejection", onUnhandled);
  pids.dispose();
  expect(unhandled).toEqual([]);
});

describe("a stdio server that never answers initialize", () => {
  it("a call's timeout bounds the connect: TimeoutError after the call's timeout, not connectTimeout's", async () => {
    const runtime = createRuntime({ servers: { hang: faultyStdio("hang") } });
    try {
      // Timed from before the call: its timer starts inside callTool, which returns after
      // synchronous work of its own (~5 ms here; over 14 ms in one loaded suite run, which then
      // measured 386 ms from the return).
      const started = performance.now();
      const result = await settled(runtime.callTool("hang", "work", {}, { timeout: 400 }), started);
      expect(result.error).toBeInstanceOf(TimeoutError);
      expect((result.error as Error).message).toBe('server "hang" tool "work": request timed out after 400 ms (while connecting)');
      expect((result.error as TimeoutError).timeout).toBe(400);
      expect(result.ms).toBeGreaterThanOrEqual(390);
      expect(result.ms).toBeLessThan(400 + SLACK_MS);
    } finally {
      await runtime.close();
    }
  });

  it("a call's signal ends its wait for the connection", async () => {
    const runtime = createRuntime({ servers: { hang: faultyStdio("hang") } });
    try {
      const controller = new AbortController();
      const call = runtime.callTool("hang", "work", {}, { signal: controller.signal });
      call.catch(() => undefined);
      await sleep(150);
      const abortedAt = performance.now();
      controller.abort(new Error("user gave up"));
      const result = await settled(call, abortedAt);
      expect(result.error).toBeInstanceOf(CancelledError);
      expect((result.error as Error).message).toBe('server "hang" tool "work": request cancelled');
      expect((result.error as Error).cause).toEqual(new Error("user gave up"));
      expect(result.ms).toBeLessThan(SLACK_MS);
    } finally {
      await runtime.close();
    }
  });

  it("close() cancels the pending connect, resolves promptly, fails the waiting call as closed, and ends the child even if it ignores EOF and SIGTERM", async () => {
    const pidFile = pids.file("stubborn");
    const runtime = createRuntime({ servers: { stubborn: faultyStdio("stubborn", pidFile) } });
    const call = settled(runtime.callTool("stubborn", "work", {}));
    const pid = await pidIn(pidFile);
    await sleep(100); // the child has installed its SIGTERM handler
    expect(isRunning(pid)).toBe(true);

    const closing = settled(runtime.close());
    const closed = await closing;
    // Ordering facts: the child is gone by the time close() resolves, and the call has settled.
    expect(isRunning(pid)).toBe(false);
    expect(closed.ms).toBeLessThan(SLACK_MS); // the SDK alone: 2 s after EOF + 2 s after SIGTERM
    const result = await call;
    expect(result.error).toBeInstanceOf(RuntimeClosedError);
    expect((result.error as Error).message).toBe('server "stubborn" tool "work": runtime closed while connecting');
  });

  it("a stateless call's own timeout ends its own open, child included", async () => {
    const pidFile = pids.file("stateless");
    const runtime = createRuntime({ servers: { hang: { ...faultyStdio("hang", pidFile), stateless: true } } });
    try {
      const call = settled(runtime.callTool("hang", "work", {}, { timeout: 300 }));
      const pid = await pidIn(pidFile);
      const result = await call;
      expect(result.error).toBeInstanceOf(TimeoutError);
      expect(result.ms).toBeLessThan(300 + SLACK_MS);
      expect(await goneWithin(pid, SLACK_MS)).toBe(true);
    } finally {
      await runtime.close();
    }
  });
});

describe("close() with a call in flight on a stdio server", () => {
  it("rejects the call with the runtime-closed error and ends the child", async () => {
    const runtime = createRuntime({ servers: { everything: EVERYTHING_STDIO } });
    let progressed!: () => void;
    const working = new Promise<void>((resolve) => (progressed = resolve));
    const call = settled(runtime.callTool("everything", "trigger-long-running-operation", { duration: 30, steps: 300 }, { onProgress: () => progressed() }));
    await working;
    const pid = runtimeInternals(runtime)!.connection("everything").pid!;
    const closed = await settled(runtime.close());
    expect(closed.ms).toBeLessThan(SLACK_MS);
    expect(isRunning(pid)).toBe(false);
    const result = await call;
    expect(result.error).toBeInstanceOf(RuntimeClosedError);
    expect((result.error as Error).message).toBe('server "everything" tool "trigger-long-running-operation": runtime closed during the call');
  });
});

describe("a stdio server that sends a message over the size limit", () => {
  it("fails the call with the size limit as its reason (not \"connection closed\") and drops the connection", async () => {
    const runtime = createRuntime({ servers: { big: faultyStdio("oversize") } });
    try {
      const result = await settled(runtime.callTool("big", "work", {}, { timeout: 30_000 }));
      expect(result.error).toBeInstanceOf(ConnectionError);
      expect((result.error as Error).message).toBe(
        'server "big" tool "work": the server sent a message over the size limit (ReadBuffer exceeded maximum size of 10485760 bytes)',
      );
      // The connection is dropped with the fault: the next call opens a new one.
      expect(runtimeInternals(runtime)?.connection("big").client).toBeUndefined();
    } finally {
      await runtime.close();
    }
  });
});

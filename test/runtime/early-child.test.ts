/**
 * A stdio child spawned before the SDK loads (runtime/src/wire/early-child.ts) that no transport
 * adopts is ended: disposed directly, or by `openClient` when the open is given up before its
 * first transport starts. Real processes (the faulty server's `hang`) that ignore stdin EOF, so
 * only the signals end them.
 */
import { describe, expect, it } from "vitest";
import { EarlyChild } from "../../runtime/src/wire/early-child.js";
import { openClient } from "../../runtime/src/wire/transports.js";
import { trackedChildren } from "../../runtime/src/wire/child-registry.js";
import type { ResolvedStdio } from "../../runtime/src/connection/resolve-config.js";
import { faultyStdio, goneWithin, isRunning, sleep } from "../faults/helpers.js";

/** The faulty server's `hang` mode: it never answers and ignores stdin EOF, so only a signal ends it. */
const { command, args, stderr } = faultyStdio("hang");
const HANGING: ResolvedStdio = { kind: "stdio", command, args, stderr, env: undefined, cwd: undefined };

async function spawnedPid(early: EarlyChild): Promise<number> {
  const pid = early.pid;
  expect(pid).toBeDefined();
  for (let waited = 0; !isRunning(pid as number) && waited < 5_000; waited += 10) await sleep(10);
  expect(trackedChildren()).toContain(pid);
  return pid as number;
}

describe("a stdio child spawned before the SDK loads", () => {
  it("is ended when no transport adopts it", async () => {
    const early = new EarlyChild(HANGING);
    const pid = await spawnedPid(early);
    expect(isRunning(pid)).toBe(true);
    await early.dispose();
    expect(await goneWithin(pid, 5_000)).toBe(true);
    expect(trackedChildren()).not.toContain(pid);
  });

  it("is ended by openClient when the open is given up before its transport starts", async () => {
    const early = new EarlyChild(HANGING);
    const pid = await spawnedPid(early);
    const given = new AbortController();
    given.abort(new Error("given up"));
    const opening = openClient({ ...HANGING, secrets: [], credentials: [] }, { name: "test", version: "0" }, { signal: given.signal }, { capabilities: {}, install: () => undefined, early });
    await expect(opening).rejects.toThrow("given up");
    expect(await goneWithin(pid, 5_000)).toBe(true);
    expect(early.available).toBe(false);
  });
});

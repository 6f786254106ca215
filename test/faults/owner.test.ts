/**
 * No child outlives its owner: an app (test/servers/runtime-owner.ts, a real process) whose
 * stdio server is still starting up — it ignores stdin EOF, so only being tracked from spawn
 * ends it — exits, or is ended by SIGINT / SIGTERM / SIGHUP. The signal keeps its effect: with no
 * handler of the app's the app dies by it; with the app's own handler, the app decides.
 */
import { afterAll, describe, expect, it } from "vitest";
import { goneWithin, pidFolder, startOwner } from "./helpers.js";

/** Generous: a child that is not ended at all would run until the test kills it. */
const GONE_MS = 5_000;

const pids = pidFolder();
const stray: number[] = [];

afterAll(() => {
  for (const pid of stray) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone, as it should be.
    }
  }
  pids.dispose();
});

describe("children of an app that ends", () => {
  it("a child still initializing is ended when the app exits", async () => {
    const owner = startOwner("hang", pids.file("exit"), "exit");
    const child = await owner.childPid;
    stray.push(child);
    expect(await owner.exited).toEqual({ code: 0, signal: null });
    expect(await goneWithin(child, GONE_MS)).toBe(true);
  });

  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    it(`${signal} without a handler of the app's: the child is ended and the app dies by ${signal}`, async () => {
      const owner = startOwner("hang", pids.file(`wait-${signal}`), "wait");
      const child = await owner.childPid;
      stray.push(child);
      process.kill(owner.pid, signal);
      expect(await owner.exited).toEqual({ code: null, signal });
      expect(await goneWithin(child, GONE_MS)).toBe(true);
    });
  }

  it("SIGTERM with the app's own handler: the child is ended and the app's handler decides how it ends", async () => {
    const owner = startOwner("hang", pids.file("handler"), "handler");
    const child = await owner.childPid;
    stray.push(child);
    process.kill(owner.pid, "SIGTERM");
    // The handler exits 7 after 100 ms: the runtime neither exited first nor re-raised the signal.
    expect(await goneWithin(child, GONE_MS)).toBe(true);
    expect(await owner.exited).toEqual({ code: 7, signal: null });
    expect(owner.output()).toContain("APP HANDLER SIGTERM");
  });
});

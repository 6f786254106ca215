/** Work kept for the main thread's idle time waits until every source being produced is done. */
import { describe, expect, it } from "vitest";
import { IdleTime } from "../../src/format/idle.js";

describe("IdleTime", () => {
  it("runs kept jobs only after the sources being produced have settled, in order, one at a time", async () => {
    const idle = new IdleTime();
    const events: string[] = [];
    let finishProducing = () => {};
    const producing = new Promise<void>((resolve) => (finishProducing = resolve)).then(() => events.push("produced"));
    void idle.produced(producing);
    const first = idle.later(async () => {
      events.push("first starts");
      await new Promise((resolve) => setImmediate(resolve));
      events.push("first ends");
      return 1;
    });
    const second = idle.later(async () => (events.push("second starts"), 2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
    finishProducing();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(events).toEqual(["produced", "first starts", "first ends", "second starts"]);
  });

  it("a failed source still releases the kept jobs, and a failing job rejects only its own promise", async () => {
    const idle = new IdleTime();
    void idle.produced(Promise.reject(new Error("emitter failed"))).catch(() => undefined);
    const failing = idle.later(async () => {
      throw new Error("job failed");
    });
    const next = idle.later(async () => "ran");
    await expect(failing).rejects.toThrow("job failed");
    expect(await next).toBe("ran");
  });
});

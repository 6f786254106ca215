/**
 * The formatting pool over a real worker thread (the compiled worker in dist/): shared jobs are
 * formatted once each, by the worker or by the main thread, whichever claims them first.
 */
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { WorkerPool } from "../../dist/format/pool.js";
import { PRETTIER_OPTIONS } from "../../src/format/options.js";

const statement = (index: number) => `export const value${index} = { index: ${index}, name: "v${index}", list: [${"1, ".repeat(40)}] };\n`;

describe("the formatting pool", () => {
  it("settles every shared job once, whichever thread formats it", async () => {
    const pool = new WorkerPool(1);
    try {
      // The worker is busy with a large job of its own while the shared jobs arrive.
      const own = pool.format(Array.from({ length: 400 }, (_, index) => statement(1000 + index)).join("\n"));
      const sources = Array.from({ length: 6 }, (_, index) => statement(index));
      const shared = sources.map((source) => pool.share(source));
      expect(pool.unclaimedSharedChars()).toBe(sources.join("").length);
      const taken = [pool.takeShared(), pool.takeShared()].filter((job) => job !== undefined);
      expect(taken.length).toBeGreaterThan(0);
      for (const job of taken) job.resolve(await format(job.source, PRETTIER_OPTIONS));
      const texts = await Promise.all(shared);
      expect(texts).toEqual(await Promise.all(sources.map((source) => format(source, PRETTIER_OPTIONS))));
      expect((await own).split("\n").length).toBeGreaterThan(400);
      expect(pool.unclaimedSharedChars()).toBe(0);
      expect(pool.takeShared()).toBeUndefined();
    } finally {
      await pool.close();
    }
  });
});

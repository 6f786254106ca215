/**
 * The CLI's young generation (src/cli/young-generation.ts), in a fresh Node process set up as
 * bin.ts sets it: kept near its first size, or grown to 4 MB per semi-space and not to V8's
 * maximum for a command that captures live servers, however much the run keeps alive afterwards.
 *
 * The child is plain JavaScript (the module's types stripped here), run without a loader: a
 * loader's hooks run on a worker thread, and starting one resets the growth factor (V8 raises a
 * factor below 2 whenever it sets up a heap), which is what the test must not do.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const MB = 1024 * 1024;
const folder = mkdtempSync(path.join(tmpdir(), "young-generation-"));

beforeAll(() => {
  const source = readFileSync(new URL("../../src/cli/young-generation.ts", import.meta.url), "utf8");
  const compilerOptions = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
  writeFileSync(path.join(folder, "young-generation.mjs"), ts.transpileModule(source, { compilerOptions }).outputText);
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The largest new-space size seen while the child keeps ~40 MB alive, allocated over many event-loop turns. */
function largestNewSpace(grow: boolean): number {
  const script = `
    import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
    setFlagsFromString("--semi-space-growth-factor=1");
    const { growYoungGenerationForLiveListings } = await import("./young-generation.mjs");
    if (${grow}) growYoungGenerationForLiveListings();
    const size = () => getHeapSpaceStatistics().find((space) => space.space_name === "new_space").space_size;
    const kept = [];
    let largest = size();
    for (let batch = 0; batch < 400; batch++) {
      for (let item = 0; item < 1000; item++) kept.push({ batch, item, text: "x".repeat(16) + item });
      largest = Math.max(largest, size());
      await new Promise((resolve) => setTimeout(resolve, batch % 20 === 0 ? 6 : 0));
    }
    process.stdout.write(String(largest));
  `;
  const file = path.join(folder, `run-${grow ? "grown" : "kept"}.mjs`);
  writeFileSync(file, script);
  return Number(execFileSync(process.execPath, [file], { encoding: "utf8" }));
}

describe("the CLI's young generation", () => {
  test("stays near its first size for a run from the snapshot", () => {
    expect(largestNewSpace(false)).toBeLessThanOrEqual(4 * MB);
  });

  test("grows to 4 MB per semi-space for a run that captures live servers, not to V8's maximum", () => {
    const largest = largestNewSpace(true);
    expect(largest).toBeGreaterThanOrEqual(8 * MB);
    expect(largest).toBeLessThan(16 * MB);
  });
});

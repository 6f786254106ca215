/**
 * The import rules of .dependency-cruiser.cjs: no cycles in src/ or runtime/src/, the runtime's
 * layers with arrows only downward, the SDK loaded only by the wire layer, and no generator
 * dependency in the runtime. A planted fixture proves the check can fail.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "..");
const cruiser = path.join(repoRoot, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

async function cruise(...targets: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [cruiser, "--config", ".dependency-cruiser.cjs", "--output-type", "err", ...targets], { cwd: repoRoot });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

describe("import rules", () => {
  it("hold for src/ and runtime/src/", async () => {
    const result = await cruise("src", "runtime/src");
    expect(result.output).toContain("no dependency violations found");
    expect(result.code).toBe(0);
  }, 120_000);

  it("catch a cycle and an upward import", async () => {
    const result = await cruise("test/architecture/fixture");
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("no-circular");
    expect(result.output).toContain("sdk-only-in-wire: test/architecture/fixture/runtime/src/calls/call.ts");
    expect(result.output).toMatch(/layer-shared: test\/architecture\/fixture\/runtime\/src\/shared\/format\.ts → test\/architecture\/fixture\/runtime\/src\/calls\/call\.ts/);
  }, 120_000);
});

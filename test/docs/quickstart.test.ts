/**
 * The README's quick start is what test/pack/quickstart.ts runs (`npm run test:pack`): every block
 * between the markers becomes a step, in the order a user follows them, and the runner reads the
 * steps from the README itself (not a copy).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { fencedBlockCount, quickStartSteps } from "./quickstart.js";

const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");

describe("README quick start", () => {
  it("every block is a step: init → generate → a typed call → an agent → check", () => {
    const steps = quickStartSteps(readme);
    expect(steps).toHaveLength(fencedBlockCount(readme));
    const flat = steps.map((step) => (step.kind === "file" ? `file ${step.path}` : step.commands.join(" && ")));
    const order = [/npm i @mcp-codegen\/runtime/, /file \.mcp\.json/, /mcp-codegen init/, /mcp-codegen generate/, /file src\/call\.ts/, /tsx src\/call\.ts/, /file src\/agent\.ts/, /tsx src\/agent\.ts/, /mcp-codegen check/];
    let from = 0;
    for (const pattern of order) {
      const at = flat.findIndex((step, index) => index >= from && pattern.test(step));
      expect(at, `${pattern} after step ${from} in:\n${flat.join("\n")}`).toBeGreaterThanOrEqual(from);
      from = at;
    }
  });

  it("the pack runner executes the README's steps, read from the README", () => {
    const runner = readFileSync(path.join(repoRoot, "test/pack/quickstart.ts"), "utf8");
    expect(runner).toContain('from "../docs/quickstart.js"');
    expect(runner).toMatch(/quickStartSteps\(readFileSync\(join\(repoRoot, "README\.md"\)/);
    expect(JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).scripts["test:pack"]).toContain("test/pack/quickstart.ts");
  });
});

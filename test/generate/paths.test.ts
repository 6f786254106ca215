/**
 * Writes stay where they belong (issue 17 item 1): a server key cannot name a folder outside
 * outDir, and `generate` checks every file it would write or delete before writing any.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateFromSnapshot, resolveConfig } from "../../src/index.js";
import { readSnapshot } from "../../src/snapshot/file.js";
import { MATH_STDIO, repoRoot } from "../helpers/servers.js";
import { runCli, tempProject, treeHashes } from "../helpers/cli.js";

const HAND_WRITTEN = "// my own entry point\nexport const mine = 1;\n";

/** A project with a hand-written src/index.ts and a config whose one server has key `key`. */
function projectWithKey(key: string): string {
  const project = tempProject("paths");
  mkdirSync(path.join(project, "src"), { recursive: true });
  writeFileSync(path.join(project, "src/index.ts"), HAND_WRITTEN);
  writeFileSync(path.join(project, "src/snapshot.ts"), HAND_WRITTEN);
  const servers = { [key]: { transport: "stdio", command: MATH_STDIO.command, args: MATH_STDIO.args } };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers, outDir: "./src/generated", snapshot: "src/generated/mcp-snapshot.json" }));
  return project;
}

describe("server keys that would leave outDir", () => {
  it('key ".." exits 2 naming the key; the hand-written src/index.ts stays byte-identical', async () => {
    const project = projectWithKey("..");
    const before = treeHashes(project);
    const result = await runCli(["generate"], { cwd: project });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/codegen\.config\.json: servers: "\.\.": a server name cannot be '\.' or '\.\.'/);
    expect(readFileSync(path.join(project, "src/index.ts"), "utf8")).toBe(HAND_WRITTEN);
    expect(treeHashes(project)).toEqual(before);
  });

  for (const [key, pattern] of [
    [".", /cannot be '\.' or '\.\.'/],
    ["a/b", /letters, digits/],
    ["..\\..\\x", /letters, digits/],
    ["C:", /letters, digits/],
    ["x\u0000y", /letters, digits/],
    ["nul", /Windows device name/],
    ["COM1.txt", /Windows device name/],
    ["math.", /cannot end with '\.'/],
  ] as const) {
    it(`key ${JSON.stringify(key)} is refused with a clear line`, () => {
      const servers = { [key]: { transport: "stdio", command: "node" } };
      expect(() => resolveConfig({ servers }, path.join(repoRoot, "codegen.config.json"))).toThrow(pattern);
    });
  }

  it("ordinary keys with dots and dashes still pass", () => {
    const servers = { "my.server-2": { transport: "stdio", command: "node" }, ".hidden": { transport: "stdio", command: "node" } };
    expect(resolveConfig({ servers }, path.join(repoRoot, "codegen.config.json")).servers.map((server) => server.name)).toEqual([".hidden", "my.server-2"]);
  });
});

describe("the last guard before writing", () => {
  /** A project holding a copy of generated-example, and its config resolved (valid keys). */
  async function example() {
    const project = tempProject("paths-guard");
    cpSync(path.join(repoRoot, "generated-example"), path.join(project, "generated-example"), { recursive: true });
    mkdirSync(path.join(project, "src"));
    writeFileSync(path.join(project, "src/index.ts"), HAND_WRITTEN);
    const servers = { math: { transport: "stdio", command: "node" } };
    const config = resolveConfig({ servers, outDir: "generated-example", snapshot: "generated-example/mcp-snapshot.json" }, path.join(project, "codegen.config.json"));
    const snapshot = await readSnapshot(config.snapshotPath);
    return { project, config, snapshot };
  }

  it("a server name that escapes outDir (given programmatically, past validation) writes nothing", async () => {
    const { project, config, snapshot } = await example();
    const before = treeHashes(project);
    const escaping = { ...config, outDir: path.join(project, "src/generated"), servers: [{ name: "..", config: config.servers[0]!.config }] };
    const listed = { ...snapshot, servers: { "..": snapshot.servers["math"]! } };
    await expect(generateFromSnapshot(escaping, listed, { offline: true })).rejects.toMatchObject({ subject: 'server ".."', message: expect.stringMatching(/would write "\.\.\/index\.ts" outside/) });
    expect(treeHashes(project)).toEqual(before);
  });

  it("a folder of outDir that is a link to elsewhere is refused before anything is written", async () => {
    const { project, config, snapshot } = await example();
    const elsewhere = path.join(project, "elsewhere");
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, "index.ts"), HAND_WRITTEN);
    const outDir = path.join(project, "out");
    mkdirSync(outDir);
    symlinkSync(elsewhere, path.join(outDir, "math"), "dir");
    const before = treeHashes(project);
    await expect(generateFromSnapshot({ ...config, outDir }, snapshot, { offline: true })).rejects.toMatchObject({ subject: 'server "math"', message: expect.stringMatching(/would write "math\/index\.ts" outside/) });
    expect(treeHashes(project)).toEqual(before);
  });

  it("a snapshot path outside the config's folder exits 2", async () => {
    const project = projectWithKey("math");
    const config = JSON.parse(readFileSync(path.join(project, "codegen.config.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ ...config, snapshot: "../stolen-snapshot.json" }));
    const before = treeHashes(project);
    const result = await runCli(["generate"], { cwd: project });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/snapshot.*would write "[^"]*stolen-snapshot\.json" outside/);
    expect(treeHashes(project)).toEqual(before);
  });

  it("two server names that differ only in case are refused (one folder on macOS and Windows)", async () => {
    const { project, config, snapshot } = await example();
    const math = config.servers[0]!.config;
    const twins = { ...config, servers: [{ name: "Math", config: math }, { name: "math", config: math }] };
    const listed = { ...snapshot, servers: { Math: snapshot.servers["math"]!, math: snapshot.servers["math"]! } };
    const before = treeHashes(project);
    await expect(generateFromSnapshot(twins, listed, { offline: true })).rejects.toThrow(/names differing only in case/);
    expect(treeHashes(project)).toEqual(before);
  });
});

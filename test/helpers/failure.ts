/**
 * A failing `generate` against a real server: exit 2, one line naming what is at fault, and
 * the snapshot and generated files that were there before exactly as they were.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { runCli, tempProject, treeHashes } from "./cli.js";

/** A project whose config lists `servers`, with an earlier snapshot and generated module in `out/`. */
export function projectWithOutput(name: string, servers: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const project = tempProject(name);
  mkdirSync(path.join(project, "out/earlier"), { recursive: true });
  writeFileSync(path.join(project, "out/mcp-snapshot.json"), '{ "earlier": true }\n');
  writeFileSync(path.join(project, "out/earlier/index.ts"), "// generated earlier\n");
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers, outDir: "out", ...extra }));
  return project;
}

/** Runs `args` (default `generate`, with `env` over this process's) and returns the one line of stderr after checking the rest. */
export async function expectCleanFailure(project: string, pattern: RegExp, args: string[] = ["generate"], env: Record<string, string> = {}): Promise<string> {
  const before = treeHashes(path.join(project, "out"));
  const result = await runCli(args, { cwd: project, env });
  expect(result.status, result.stderr).toBe(2);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(treeHashes(path.join(project, "out"))).toEqual(before);
  return lines[0] ?? "";
}

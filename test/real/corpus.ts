/**
 * Where `npm run test:real` keeps its corpus, for other tools to reuse (audit rules, formatter
 * benchmarks): one project per server under `<scratch>/projects/<key>/`, its committed snapshot
 * at `generated/mcp-snapshot.json`. Run `npm run test:real -- --keep` once, then call
 * `realSnapshotPaths()`.
 */
import { existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The default scratch folder (outside the repository); `--dir` chooses another. */
export function defaultScratchDir(): string {
  return path.join(tmpdir(), "mcp-codegen-real");
}

export function projectsDir(scratch: string): string {
  return path.join(scratch, "projects");
}

/** The snapshot file of each server that listed, by server key order. */
export function realSnapshotPaths(scratch: string = defaultScratchDir()): string[] {
  const projects = projectsDir(scratch);
  if (!existsSync(projects)) return [];
  return readdirSync(projects)
    .sort()
    .map((key) => path.join(projects, key, "generated", "mcp-snapshot.json"))
    .filter((file) => existsSync(file));
}

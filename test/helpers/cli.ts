/** Run the built CLI (`dist/cli/bin.js`) as a user would, in its own process. */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./servers.js";

export const CLI = path.join(repoRoot, "dist/cli/bin.js");

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The built command in a child process; `node`: the Node binary that runs it (default this process's). */
export function runCli(args: string[], options: { cwd: string; env?: Record<string, string | undefined>; node?: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.node ?? process.execPath, [CLI, ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const tempProjects: string[] = [];

/**
 * A fresh folder under the repo's `.tmp/` (so `@mcp-codegen/runtime`, zod etc. resolve from it),
 * removed after the test file (test/helpers/cleanup.ts).
 */
export function tempProject(name: string): string {
  const base = path.join(repoRoot, ".tmp");
  mkdirSync(base, { recursive: true });
  const project = mkdtempSync(path.join(base, `${name}-`));
  tempProjects.push(project);
  return project;
}

export function removeTempProjects(): void {
  for (const project of tempProjects.splice(0)) rmSync(project, { recursive: true, force: true });
}

/** Relative path → sha256 of every file below `folder`. */
export function treeHashes(folder: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) visit(file);
      else out[path.relative(folder, file)] = createHash("sha256").update(readFileSync(file)).digest("hex");
    }
  };
  visit(folder);
  return out;
}

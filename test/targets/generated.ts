/**
 * Generates the notes server's bindings (test/servers/notes.ts) into a temp project with the
 * given targets and options, and imports its index module (vitest resolves
 * `@mcp-codegen/runtime/*` to the runtime's sources).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";
import { NOTES_STDIO } from "../helpers/servers.js";

export async function generateNotes(name: string, options: Record<string, unknown>): Promise<string> {
  const project = tempProject(name);
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { notes: NOTES_STDIO }, outDir: "generated", ...options }));
  const result = await runCli(["generate"], { cwd: project });
  expect(result.status, result.stderr).toBe(0);
  return path.join(project, "generated");
}

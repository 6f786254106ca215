/**
 * Part of `npm run bench:codegen`: how long each command takes to start and what it loads. Each
 * command runs on an up-to-date project (nothing to emit): its wall time (median of `runs`
 * processes) is what loading costs it, and one more run with probe-imports.mjs lists the heavy
 * packages it loaded. Only `generate` with files to emit needs the emitters (json-schema-to-typescript)
 * and the formatter (no command loads TypeScript); only commands that reach servers need the SDK.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { median } from "./stats.js";

/** Packages whose loading is worth seeing (the rest are small). */
const HEAVY = ["typescript", "ts-morph", "json-schema-to-typescript", "prettier", "oxfmt", "@modelcontextprotocol/client", "@modelcontextprotocol/core", "@modelcontextprotocol/sdk", "jiti", "@clack/prompts"];

export interface ImportRow {
  command: string;
  ms: number;
  heavy: string[];
}

export function importRows(cli: string, project: string, runs: number): ImportRow[] {
  const scratch = mkdtempSync(path.join(tmpdir(), "mcp-codegen-imports-"));
  const editorConfig = path.join(scratch, "claude_desktop_config.json");
  writeFileSync(editorConfig, JSON.stringify({ mcpServers: { math: { command: "node", args: ["server.js"] } } }));
  const snapshot = path.join(project, "out/mcp-snapshot.json");
  const commands: { label: string; args: string[]; cwd: string; before?: () => void }[] = [
    { label: "--help", args: ["--help"], cwd: project },
    { label: "generate --offline --check", args: ["generate", "--offline", "--check", "--quiet"], cwd: project },
    { label: "generate --offline (current)", args: ["generate", "--offline", "--quiet"], cwd: project },
    { label: "diff <snapshot> <snapshot>", args: ["diff", snapshot, snapshot], cwd: project },
    { label: "check", args: ["check"], cwd: project },
    { label: "init --from <file> --yes", args: ["init", "--from", editorConfig, "--yes", "--force"], cwd: scratch },
  ];
  try {
    return commands.map(({ label, args, cwd }) => {
      const run = (env: NodeJS.ProcessEnv = process.env, preload: string[] = []) => {
        const start = process.hrtime.bigint();
        const result = spawnSync(process.execPath, [...preload, cli, ...args], { cwd, env, encoding: "utf8" });
        if (result.status !== 0) throw new Error(`${label} exited ${result.status}: ${result.error?.message ?? result.stderr}`);
        return Number(process.hrtime.bigint() - start) / 1e6;
      };
      const ms = median(Array.from({ length: runs }, () => run()));
      const probeOut = path.join(scratch, "probe.json");
      run({ ...process.env, PROBE_OUT: probeOut }, ["--import", new URL("./probe-imports.mjs", import.meta.url).href]);
      const loaded = JSON.parse(readFileSync(probeOut, "utf8")) as string[];
      return { command: label, ms, heavy: HEAVY.filter((name) => loaded.includes(name)) };
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

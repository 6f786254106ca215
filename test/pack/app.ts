/**
 * A temporary app outside the repo that installs the packed packages the way a user does
 * (`npm i <runtime tarball> zod @langchain/core`, `npm i -D <generator tarball> typescript`):
 * used by `npm run test:pack` and `npm run bench:install`. npm runs with `--prefer-offline`, so
 * the packages come from the machine's npm cache after the first run.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { repoRoot } from "../helpers/servers.js";

export interface Tarballs {
  runtime: string;
  generator: string;
}

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command; throws with its output when it fails, unless `allowFailure`. */
export function run(command: string, args: string[], cwd: string, allowFailure = false): CommandResult {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  const outcome = { status: result.status, stdout: result.stdout, stderr: result.stderr };
  if (!allowFailure && result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} (in ${cwd}) exited with ${result.status}\n${result.stdout}\n${result.stderr}`);
  }
  return outcome;
}

export function npm(args: string[], cwd: string, allowFailure = false): CommandResult {
  return run("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"], cwd, allowFailure);
}

/** A fresh folder under the OS temp dir, removed by `cleanup()` (kept when MCP_CODEGEN_KEEP_APP is set). */
export function tempDir(label: string): { path: string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), `mcp-codegen-${label}-`));
  return {
    path,
    cleanup: () => {
      if (process.env["MCP_CODEGEN_KEEP_APP"]) console.log(`kept ${path}`);
      else rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Packs both built packages (the caller has run `npm run build`) into `dest`. */
export function packBoth(dest: string): Tarballs {
  const pack = (cwd: string): string => {
    const out = run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dest], cwd).stdout;
    const [entry] = JSON.parse(out) as Array<{ filename: string }>;
    if (!entry) throw new Error(`npm pack in ${cwd} printed no package`);
    return resolve(dest, entry.filename);
  };
  return { runtime: pack(resolve(repoRoot, "runtime")), generator: pack(repoRoot) };
}

/** The version the repo has installed, so the app gets a version the npm cache already holds. */
export function repoVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(resolve(repoRoot, "node_modules", name, "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

/** The range of TypeScript 7 (what `npm i -D typescript` gives users): the repo's `typescript7` when present, else `latest`. */
export function userTypeScriptSpec(): string {
  return existsSync(resolve(repoRoot, "node_modules/typescript7/package.json")) ? `^${repoVersion("typescript7")}` : "latest";
}

export interface AppManifest {
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export function writeManifest(dir: string, manifest: AppManifest): void {
  const pkg = { name: "mcp-codegen-user-app", version: "1.0.0", private: true, type: "module", ...manifest };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
}

/** Copies the app template files (consumer, tsconfigs) from test/pack/app into `dir`. */
export function copyAppFiles(dir: string): void {
  cpSync(resolve(repoRoot, "test/pack/app"), dir, { recursive: true });
}

export interface InstalledPackage {
  name: string;
  version: string;
  /** Relative to the app folder, e.g. node_modules/a/node_modules/b. */
  path: string;
}

/** Every package folder under `<dir>/node_modules`, nested copies included. */
export function installedPackages(dir: string): InstalledPackage[] {
  const found: InstalledPackage[] = [];
  const visit = (modules: string, relative: string): void => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith(".")) continue;
      const names = entry.startsWith("@") ? readdirSync(join(modules, entry)).map((inner) => `${entry}/${inner}`) : [entry];
      for (const name of names) {
        const folder = join(modules, name);
        const manifest = join(folder, "package.json");
        if (!existsSync(manifest)) continue;
        const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
        found.push({ name, version, path: `${relative}/${name}` });
        visit(join(folder, "node_modules"), `${relative}/${name}/node_modules`);
      }
    }
  };
  visit(join(dir, "node_modules"), "node_modules");
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Disk usage in KiB, as `du -sk` counts it (what `du -sh` shows). */
export function diskKiB(path: string): number {
  const [kib] = run("du", ["-sk", path], tmpdir()).stdout.split("\t");
  return Number(kib);
}

export function humanSize(path: string): string {
  return run("du", ["-sh", path], tmpdir()).stdout.split("\t")[0] ?? "?";
}

export function ensureDir(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}

/** Progress lines stamped with the seconds since the script started, and checks that stop it with one line. */
export function scriptProgress(label: string): { step(text: string): void; check(condition: boolean, failure: string): void } {
  const started = performance.now();
  return {
    step: (text) => console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${text}`),
    check: (condition, failure) => {
      if (!condition) throw new Error(`${label}: ${failure}`);
    },
  };
}

/** The example math server and server-everything over stdio: the servers the packed apps generate from. */
const EXAMPLE_SERVERS = {
  math: resolve(repoRoot, "test/servers/dist/math.js"),
  everything: resolve(repoRoot, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"),
};

/** Writes the app's codegen.config.ts for the example servers; `extra` lines go after `outDir`. */
export function writeExampleConfig(app: string, extra: readonly string[] = []): void {
  const config = `import { defineConfig } from "mcp-codegen";

export default defineConfig({
  servers: {
    math: { transport: "stdio", command: "node", args: [${JSON.stringify(EXAMPLE_SERVERS.math)}] },
    everything: { transport: "stdio", command: "node", args: [${JSON.stringify(EXAMPLE_SERVERS.everything)}, "stdio"] },
  },
  outDir: "generated",
${extra.map((line) => `  ${line}\n`).join("")}});
`;
  writeFileSync(join(app, "codegen.config.ts"), config);
}

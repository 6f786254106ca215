/**
 * Vitest global setup: compiles the example servers (test/servers → test/servers/dist) when
 * a compiled file is missing or older than its source, so `npx vitest run` works on a fresh
 * clone and after editing a server.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const serversDir = resolve(repoRoot, "test/servers");
const distDir = resolve(serversDir, "dist");

function isSource(name: string): boolean {
  return name.endsWith(".ts") && !name.endsWith(".d.ts");
}

function isStale(source: string): boolean {
  const compiled = resolve(distDir, source.replace(/\.ts$/, ".js"));
  if (!existsSync(compiled)) return true;
  return statSync(compiled).mtimeMs < statSync(resolve(serversDir, source)).mtimeMs;
}

export function serversNeedBuild(): boolean {
  return readdirSync(serversDir).filter(isSource).some(isStale);
}

export default function setup(): void {
  if (!serversNeedBuild()) return;
  const tsc = resolve(repoRoot, "node_modules/typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", resolve(serversDir, "tsconfig.json")], { cwd: repoRoot, stdio: "inherit" });
}

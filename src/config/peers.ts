/**
 * The packages generated code imports besides the runtime: `zod` and `@langchain/core`, peers the
 * app installs itself. `generate` names a missing one in one line, rather than leaving the user
 * to meet `ERR_MODULE_NOT_FOUND` when the app first starts. Looked up the way Node.js resolves a
 * bare import: a `node_modules/<name>` folder in the output folder or above it.
 */
import { existsSync } from "node:fs";
import path from "node:path";

import type { TargetName } from "./targets.js";

export const GENERATED_CODE_PEERS = ["zod", "@langchain/core"] as const;

/** The framework package each target's generated code needs (`@langchain/core` for LangChain). */
const TARGET_PEERS: Record<TargetName, string> = { langchain: "@langchain/core", "ai-sdk": "ai", "openai-agents": "@openai/agents" };

/** The peers no `node_modules` above `outDir` holds: zod, and the configured targets' frameworks. */
export function missingPeers(outDir: string, targets: readonly TargetName[] = ["langchain"]): string[] {
  const needed = ["zod", ...targets.map((target) => TARGET_PEERS[target])];
  return needed.filter((name) => !installedAbove(outDir, name));
}

function installedAbove(folder: string, name: string): boolean {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules", name, "package.json"))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/**
 * Which `exclude` would cut a server's tool context the most for the fewest tools: its heaviest
 * tools, taken in order until they make up half of the server's tokens (at most a handful, and
 * only when the server has more tools than that: excluding everything is not advice).
 */
import type { TargetName } from "../config/targets.js";
import type { TargetCost, ToolCost } from "./types.js";

/** How many tools the report names as the heaviest, and at most how many one suggestion excludes. */
export const HEAVIEST_SHOWN = 5;
/** The share of a server's tokens a suggestion aims to cut. */
const TARGET_SHARE = 0.5;

export interface ExcludeSuggestion {
  /** Tool names for the server's `exclude` (raw MCP names). */
  exclude: string[];
  /** The target the figures are for: the one whose tools cost this server the most. */
  target: TargetName;
  /** Tokens it would cut for that target. */
  saves: number;
  /** `saves` as a share of the server's tokens, 0..1. */
  share: number;
}

export function excludeSuggestion(tools: readonly ToolCost[], totals: readonly TargetCost[]): ExcludeSuggestion | undefined {
  const index = heaviestIndex(totals);
  const total = totals[index];
  if (tools.length < 2 || total === undefined || total.tokens === 0) return undefined;
  const serverTokens = total.tokens;
  const heaviest = [...tools].sort((a, b) => b.tokens - a.tokens);
  const limit = Math.min(HEAVIEST_SHOWN, tools.length - 1);
  const exclude: string[] = [];
  let saves = 0;
  for (const tool of heaviest.slice(0, limit)) {
    exclude.push(tool.tool);
    saves += tool.targets[index]?.tokens ?? 0;
    if (saves >= serverTokens * TARGET_SHARE) break;
  }
  return { exclude, target: total.target, saves, share: saves / serverTokens };
}

function heaviestIndex(totals: readonly TargetCost[]): number {
  let best = 0;
  for (const [index, total] of totals.entries()) if (total.tokens > (totals[best]?.tokens ?? 0)) best = index;
  return best;
}

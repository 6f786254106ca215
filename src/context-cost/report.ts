/**
 * The context-cost report of `generate`: per server and per tool, the tokens of the tool
 * definitions each configured target sends the model on every turn, counted with o200k_base
 * (exact for current OpenAI models' tokenizer; an estimate for other model families, whose
 * tokenizers differ), plus the heaviest tools and, per server, the `exclude` that would cut the
 * most. Computed from the tools `generate` emits (after `include` / `exclude`).
 */
import type { Snapshot, ToolEntry } from "@mcp-codegen/runtime/internal";
import type { TargetSettings } from "../config/targets.js";
import { ENCODING, type CountTokens } from "./tokenizer.js";
import { countingFor } from "./count-cache.js";
import { modelToolJson, modeOf } from "./model-tools.js";
import { excludeSuggestion, HEAVIEST_SHOWN, type ExcludeSuggestion } from "./suggest.js";
import type { TargetCost, ToolCost } from "./types.js";
import { compareCodeUnits, maxOf, pushAll } from "@mcp-codegen/runtime/internal";

export type { TargetCost, ToolCost } from "./types.js";

export interface ServerCost {
  server: string;
  tools: number;
  targets: TargetCost[];
  tokens: number;
  /** The smallest set of this server's heaviest tools whose exclusion cuts the most, if worth saying. */
  suggestion: ExcludeSuggestion | undefined;
}

export interface ContextCostReport {
  /** The tokenizer counted with. */
  encoding: typeof ENCODING;
  /** Models the count is exact for; for any other model it is an estimate. */
  exactFor: string;
  servers: ServerCost[];
  /** Every tool, heaviest first. */
  tools: ToolCost[];
  /** The heaviest tools across servers (at most HEAVIEST_SHOWN). */
  heaviest: ToolCost[];
  /** All servers together, per target. */
  total: TargetCost[];
}

export const EXACT_FOR = "OpenAI models with the o200k_base tokenizer (GPT-4o, GPT-4.1, o1/o3/o4, GPT-5); other models: an estimate";

/**
 * The report with counts from the cache where the tool definitions did not change (the tokenizer
 * loads only for the others): the definitions are built once, then counted.
 */
export async function measureContextCost(snapshot: Snapshot, settings: TargetSettings, cacheFile: string | undefined): Promise<ContextCostReport> {
  const definitions = toolDefinitions(snapshot, settings);
  const texts = definitions.servers.flatMap((server) => server.tools.flatMap((tool) => tool.texts));
  return costReport(definitions, await countingFor(texts, cacheFile));
}

/** `snapshot`: what is emitted (already filtered by each server's include / exclude). */
export function contextCost(snapshot: Snapshot, settings: TargetSettings, count: CountTokens): ContextCostReport {
  return costReport(toolDefinitions(snapshot, settings), count);
}

type Mode = Omit<TargetCost, "tokens">;

/** What each target sends the model for each tool (`texts[i]` for `modes[i]`), servers in name order. */
interface ToolDefinitions {
  modes: Mode[];
  servers: { server: string; tools: { tool: string; texts: string[] }[] }[];
}

function toolDefinitions(snapshot: Snapshot, settings: TargetSettings): ToolDefinitions {
  const modes = settings.targets.map((target) => ({ target, modelSchema: modeOf(target, settings) }));
  // Targets that send the same schema mode send the same text: each tool's text built once per mode.
  const distinct = [...new Set(modes.map((mode) => mode.modelSchema))];
  const slots = modes.map((mode) => distinct.indexOf(mode.modelSchema));
  const texts = (tool: ToolEntry) => {
    const byMode = distinct.map((modelSchema) => modelToolJson(tool, modelSchema));
    return slots.map((slot) => byMode[slot] ?? "");
  };
  const servers = Object.entries(snapshot.servers)
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([server, entry]) => ({ server, tools: entry.tools.map((tool) => ({ tool: tool.name, texts: texts(tool) })) }));
  return { modes, servers };
}

function costReport({ modes, servers: definitions }: ToolDefinitions, count: CountTokens): ContextCostReport {
  const tools: ToolCost[] = [];
  const servers: ServerCost[] = [];
  for (const { server, tools: defined } of definitions) {
    const own = defined.map(({ tool, texts }) => {
      const targets = modes.map((mode, index) => ({ ...mode, tokens: count(texts[index] ?? "") }));
      return { server, tool, targets, tokens: maxOf(targets.map((target) => target.tokens), 0) };
    });
    pushAll(tools, own);
    const targets = sumTargets(modes, own);
    const tokens = maxOf(targets.map((target) => target.tokens), 0);
    servers.push({ server, tools: own.length, targets, tokens, suggestion: excludeSuggestion(own, targets) });
  }
  tools.sort((a, b) => b.tokens - a.tokens || compareCodeUnits(a.server, b.server) || compareCodeUnits(a.tool, b.tool));
  return { encoding: ENCODING, exactFor: EXACT_FOR, servers, tools, heaviest: tools.slice(0, HEAVIEST_SHOWN), total: sumTargets(modes, tools) };
}

function sumTargets(modes: readonly Mode[], tools: readonly ToolCost[]): TargetCost[] {
  return modes.map((mode, index) => ({ ...mode, tokens: tools.reduce((sum, tool) => sum + (tool.targets[index]?.tokens ?? 0), 0) }));
}

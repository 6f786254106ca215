/**
 * The approval policy of codegen.config (`approval`) for LangChain agents: generated tools
 * remember whether they need approval, and `interruptOn(tools)` gives
 * `humanInTheLoopMiddleware({ interruptOn })` its entries under the tools' final names (after
 * any prefix or cross-server rename).
 */
import type { StructuredToolInterface } from "@langchain/core/tools";

const APPROVALS = new WeakMap<object, boolean>();

export function rememberApproval(tool: object, needsApproval: boolean): void {
  APPROVALS.set(tool, needsApproval);
}

/** `{ [tool name]: true | false }` for the generated tools among `tools` (others are left out). */
export function interruptOn(tools: readonly Pick<StructuredToolInterface, "name">[]): Record<string, boolean> {
  const entries: Record<string, boolean> = {};
  for (const tool of tools) {
    const needs = APPROVALS.get(tool);
    if (needs !== undefined) entries[tool.name] = needs;
  }
  return entries;
}

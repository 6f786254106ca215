/**
 * The approval policy of codegen.config (`approval`) for LangChain agents: generated tools
 * remember whether they need approval, and `interruptOn(tools)` gives
 * `humanInTheLoopMiddleware({ interruptOn })` its entries under the tools' final names (after
 * any prefix or cross-server rename).
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import { setOwn } from "../../shared/own-property.js";

const APPROVALS = new WeakMap<object, boolean>();

export function rememberApproval(tool: object, needsApproval: boolean): void {
  APPROVALS.set(tool, needsApproval);
}

/**
 * `{ [tool name]: true | false }` for the generated tools among `tools` (others are left out):
 * a null-prototype object with own keys, so a tool named `__proto__` or `constructor` has its
 * entry like any other and a name no tool has finds nothing.
 */
export function interruptOn(tools: readonly Pick<StructuredToolInterface, "name">[]): Record<string, boolean> {
  const entries = Object.create(null) as Record<string, boolean>;
  for (const tool of tools) {
    const needs = APPROVALS.get(tool);
    if (needs !== undefined) setOwn(entries, tool.name, needs);
  }
  return entries;
}

/**
 * The approval policy of codegen.config applied to one tool: `tools` globs first (matched against
 * `server.tool` and the bare tool name; the longest matching pattern wins, a tie goes to `true`),
 * then the annotations read as the MCP spec defines them: a missing `readOnlyHint` is false, a
 * missing `destructiveHint` true (meaningful only when not read-only), a missing `openWorldHint` true.
 */
import { globMatcher, type JsonObject } from "@mcp-codegen/runtime/internal";
import type { ApprovalPolicy } from "../config/targets.js";

export interface ToolTraits {
  readOnly: boolean;
  destructive: boolean;
  openWorld: boolean;
}

export interface ApprovalDecision {
  needsApproval: boolean;
  /** Why, for the generated JSDoc. */
  reason: string;
}

export function toolTraits(annotations: JsonObject | undefined): ToolTraits {
  const readOnly = annotations?.["readOnlyHint"] === true;
  return {
    readOnly,
    destructive: !readOnly && annotations?.["destructiveHint"] !== false,
    openWorld: annotations?.["openWorldHint"] !== false,
  };
}

export function decideApproval(policy: ApprovalPolicy, server: string, tool: string, annotations: JsonObject | undefined): ApprovalDecision {
  const matching = Object.entries(policy.tools).filter(([pattern]) => globMatcher([pattern])(`${server}.${tool}`) || globMatcher([pattern])(tool));
  if (matching.length > 0) {
    const [pattern, value] = matching.sort(([a, x], [b, y]) => b.length - a.length || Number(y) - Number(x))[0]!;
    return { needsApproval: value, reason: `approval.tools["${pattern}"]` };
  }
  const traits = toolTraits(annotations);
  const because = (["readOnly", "destructive", "openWorld"] as const).filter((trait) => traits[trait] && policy[trait]);
  const words = { readOnly: "read-only", destructive: "destructive", openWorld: "open-world" };
  const hints = annotations === undefined ? " (no annotations: destructive and open-world, per the MCP spec)" : "";
  if (because.length > 0) return { needsApproval: true, reason: `${because.map((trait) => words[trait]).join(" and ")}${hints}` };
  const described = (["readOnly", "destructive", "openWorld"] as const).filter((trait) => traits[trait]).map((trait) => words[trait]);
  return { needsApproval: false, reason: `${described.length > 0 ? described.join(", ") : "not read-only, not destructive, closed-world"}${hints}` };
}

/** The JSDoc sentence for a tool's method. */
export function approvalDocLine(decision: ApprovalDecision): string {
  return decision.needsApproval ? `Needs approval before it runs (${decision.reason}).` : `Runs without approval (${decision.reason}).`;
}

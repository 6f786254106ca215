/** The target plugins by name, and the ones a config selects (in TARGET_NAMES order). */
import type { TargetName, TargetSettings } from "../../config/targets.js";
import type { NormalizedServer } from "../../normalize/normalize.js";
import { decideApproval, type ApprovalDecision } from "../approval.js";
import { aiSdkTarget } from "./ai-sdk.js";
import { langChainTarget } from "./langchain.js";
import { openAiAgentsTarget } from "./openai-agents.js";
import type { TargetContext, TargetEmitter } from "./target.js";

export type { TargetContext, TargetEmitter } from "./target.js";

const TARGETS: Record<TargetName, TargetEmitter> = {
  langchain: langChainTarget,
  "ai-sdk": aiSdkTarget,
  "openai-agents": openAiAgentsTarget,
};

export function selectedTargets(settings: TargetSettings): TargetEmitter[] {
  return settings.targets.map((name) => TARGETS[name]);
}

export function targetContext(server: NormalizedServer, settings: TargetSettings): TargetContext {
  const approvals = settings.approval
    ? new Map<string, ApprovalDecision>(server.tools.map((tool) => [tool.entry.name, decideApproval(settings.approval!, server.key, tool.entry.name, tool.entry.annotations)]))
    : undefined;
  return { server, settings, approvals };
}

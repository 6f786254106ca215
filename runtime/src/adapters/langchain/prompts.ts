/** Prompts for generated modules, as LangChain messages. */
import type { BaseMessage } from "@langchain/core/messages";
import { toLangChainMessages } from "./messages.js";
import { loadLangChain } from "./load.js";
import type { Runtime } from "../../calls/runtime-api.js";
import { runtimeOf, type Session } from "../../calls/session.js";
import type { CallOptions } from "../../shared/types.js";

export async function getPromptMessages(
  target: Runtime | Session,
  server: string,
  name: string,
  args: Record<string, string | undefined>,
  options?: CallOptions,
): Promise<BaseMessage[]> {
  const runtime = runtimeOf(target);
  const on = target === runtime ? server : (target as Session).server;
  const [core, result] = await Promise.all([loadLangChain(), runtime.getPrompt(on, name, definedOnly(args), options)]);
  return toLangChainMessages(core, result.messages);
}

/** Optional prompt arguments left `undefined` are not sent at all. */
function definedOnly(args: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) if (value !== undefined) out[key] = value;
  return out;
}

/** Prompts for generated modules, as LangChain messages. */
import type { BaseMessage } from "@langchain/core/messages";
import { toLangChainMessages } from "./messages.js";
import { loadLangChain } from "./load.js";
import type { Runtime } from "../../calls/runtime-api.js";
import { getMcpPromptMessages } from "../../calls/prompt-messages.js";
import type { Session } from "../../calls/session.js";
import type { CallOptions } from "../../shared/types.js";

/** The server's messages (optional arguments left `undefined` are not sent), converted once LangChain has loaded. */
export async function getPromptMessages(
  target: Runtime | Session,
  server: string,
  name: string,
  args: Record<string, string | undefined>,
  options?: CallOptions,
): Promise<BaseMessage[]> {
  const [core, messages] = await Promise.all([loadLangChain(), getMcpPromptMessages(target, server, name, args, options)]);
  return toLangChainMessages(core, messages);
}

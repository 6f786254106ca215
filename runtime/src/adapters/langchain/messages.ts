/** MCP prompt messages → LangChain messages: user → HumanMessage, assistant → AIMessage. */
import type { BaseMessage } from "@langchain/core/messages";
import type { GetPromptResult } from "@modelcontextprotocol/client";
import { toStandardBlock } from "./content.js";
import type { LangChainCore } from "./load.js";

type PromptMessage = GetPromptResult["messages"][number];

export function toLangChainMessages(core: LangChainCore, messages: readonly PromptMessage[]): BaseMessage[] {
  return messages.map((message) => toLangChainMessage(core, message));
}

function toLangChainMessage(core: LangChainCore, message: PromptMessage): BaseMessage {
  // A lone text block stays a plain string: the form every chat model accepts.
  const content = message.content.type === "text" ? message.content.text : [toStandardBlock(message.content)];
  return message.role === "assistant" ? new core.messages.AIMessage({ content }) : new core.messages.HumanMessage({ content });
}

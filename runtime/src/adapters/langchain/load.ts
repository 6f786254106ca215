/**
 * `@langchain/core` is loaded on first use only, so importing `@mcp-codegen/runtime` stays fast
 * for code that never builds LangChain tools or messages. One import per process.
 */
import { isMissingPackage, MissingPeerError } from "../peer.js";

export { MissingPeerError };

type ToolsModule = typeof import("@langchain/core/tools");
type MessagesModule = typeof import("@langchain/core/messages");

export interface LangChainCore {
  tools: ToolsModule;
  messages: MessagesModule;
}

let loading: Promise<LangChainCore> | undefined;

export function loadLangChain(): Promise<LangChainCore> {
  loading ??= Promise.all([import("@langchain/core/tools"), import("@langchain/core/messages")]).then(
    ([tools, messages]) => ({ tools, messages }),
    (error: unknown) => {
      loading = undefined;
      throw isMissingPackage(error, "@langchain/core") ? new MissingPeerError("@langchain/core", "^1") : error;
    },
  );
  return loading;
}

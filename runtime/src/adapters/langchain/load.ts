/**
 * `@langchain/core` is loaded on first use only, so importing `@mcp-codegen/runtime` stays fast
 * for code that never builds LangChain tools or messages. One import per process.
 */
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
      throw isMissing(error, "@langchain/core") ? new MissingPeerError("@langchain/core", "^1") : error;
    },
  );
  return loading;
}

/** A peer dependency the app did not install: one line naming it and the command that fixes it. */
export class MissingPeerError extends Error {
  override name = "MissingPeerError";
  constructor(
    readonly packageName: string,
    range: string,
  ) {
    super(`@mcp-codegen/runtime needs the peer dependency ${packageName} (${range}), which is not installed: npm i ${packageName}`);
  }
}

function isMissing(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && String((error as Error).message).includes(`'${packageName}'`);
}

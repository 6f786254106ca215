/**
 * `createRuntime` as the package exports it: the calls layer's runtime with LangChain tools for
 * `getTools()`. The LangChain adapter loads on the first `getTools()`, not here.
 */
import { createCallsRuntime } from "../calls/runtime.js";
import type { Runtime, ToolsFromListings } from "../calls/runtime-api.js";
import type { RuntimeOptions } from "../shared/types.js";

const langChainTools: ToolsFromListings = async (runtime, listings) => {
  const { toolsFromListing, uniqueToolNames } = await import("./langchain/tools.js");
  const perServer = await Promise.all(listings.map(({ server, tools }) => toolsFromListing(runtime, server, tools)));
  return uniqueToolNames(perServer.flat());
};

export function createRuntime(options: RuntimeOptions): Runtime {
  return createCallsRuntime(options, langChainTools);
}

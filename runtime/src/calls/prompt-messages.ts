/**
 * Prompts for generated modules without the LangChain target: the MCP messages as the server sent
 * them (`role` and one content block each), so such a module imports no LangChain package.
 */
import { setOwn } from "../shared/own-property.js";
import type { PromptMessage } from "@modelcontextprotocol/client";
import type { Runtime } from "./runtime-api.js";
import { runtimeOf, type Session } from "./session.js";
import type { CallOptions } from "../shared/types.js";

export type { PromptMessage };

/** The prompt's messages; optional arguments left `undefined` are not sent at all. */
export async function getMcpPromptMessages(
  target: Runtime | Session,
  server: string,
  name: string,
  args: Record<string, string | undefined>,
  options?: CallOptions,
): Promise<PromptMessage[]> {
  const runtime = runtimeOf(target);
  const on = target === runtime ? server : (target as Session).server;
  // Argument names are server text (`__proto__` too): own keys.
  const defined: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) if (value !== undefined) setOwn(defined, key, value);
  return (await runtime.getPrompt(on, name, defined, options)).messages;
}

/**
 * What to set when a server asks the client for something it was given no callback for: the
 * option as users write it (docs/runtime.md, `callbacks`). Used where such a request surfaces: a
 * 2026-07-28 server's `-32021` missing-capability error, and a 2025 server's tool error saying
 * the client does not support it (the SDK 1.x server checks the capability before asking, and
 * answers the call with `Client does not support form elicitation.`).
 */
import type { CallToolResult } from "@modelcontextprotocol/client";

/** By the client capability the server needed. */
export const MISSING_CALLBACK_HINTS: ReadonlyMap<string, string> = new Map([
  [
    "elicitation",
    'the server asked the user for input (elicitation) and this client has no onElicitation: set it in the options of createRuntime / createClient, `callbacks: { onElicitation }`, or in this server\'s entry; for LangChain tools in LangGraph, `elicitation: "interrupt"` instead',
  ],
  ["sampling", "the server asked for a model completion (sampling) and this client has no onSampling: set it in the options of createRuntime / createClient, `callbacks: { onSampling }`, or in this server's entry"],
  ["roots", "the server asked for the client's roots and none are set: set `roots` in the options of createRuntime / createClient, or in this server's entry"],
]);

/** Which capability a server's words are about, in the order they are tested. */
const CAPABILITY_WORDS: readonly (readonly [string, RegExp])[] = [
  ["elicitation", /\belicit/i],
  ["sampling", /\bsampling\b|sampling\/createMessage/i],
  ["roots", /\broots\/list\b/i],
];

/** The capabilities a text names (a server's error message). */
export function capabilitiesNamedIn(text: string): string[] {
  return CAPABILITY_WORDS.filter(([, words]) => words.test(text)).map(([capability]) => capability);
}

/** A tool error that says the client cannot do something, not merely one that mentions a capability's name. */
const REFUSAL_WORDS = /not support|capabilit|not declare|method not found/i;

/** The text of a tool error's content. */
function errorText(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

/**
 * A tool error that names a capability this client did not declare gets one more text block: the
 * option to set, for whoever reads the error (the app, a `ToolCallError`, the model's ToolMessage).
 */
export function withMissingCallbackHint(result: CallToolResult, declared: (capability: string) => boolean): CallToolResult {
  if (result.isError !== true || !Array.isArray(result.content)) return result;
  const text = errorText(result);
  if (!REFUSAL_WORDS.test(text)) return result;
  const capability = capabilitiesNamedIn(text).find((name) => !declared(name));
  const hint = capability === undefined ? undefined : MISSING_CALLBACK_HINTS.get(capability);
  if (hint === undefined) return result;
  return { ...result, content: [...result.content, { type: "text", text: `mcp-codegen: ${hint}` }] };
}

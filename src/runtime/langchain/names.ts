/**
 * Tool names for model providers: `^[a-zA-Z0-9_-]{1,64}$` (OpenAI, Anthropic, Gemini agree on
 * this subset). The raw MCP name still goes on the wire; only the LangChain name changes.
 */
const INVALID_CHARS = /[^a-zA-Z0-9_-]/g;
const MAX_LENGTH = 64;
export const PREFIX_SEPARATOR = "__";

export function providerToolName(server: string, tool: string, prefix: boolean): string {
  const raw = prefix ? `${server}${PREFIX_SEPARATOR}${tool}` : tool;
  const safe = raw.replace(INVALID_CHARS, "_").slice(0, MAX_LENGTH);
  return safe === "" ? "_" : safe;
}

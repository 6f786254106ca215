/**
 * Keys users bring from `MultiServerMCPClient` (`@langchain/mcp-adapters`) and from editor MCP
 * configs that have no meaning in codegen.config, each with what to use instead. Keys that do
 * have a meaning here are mapped in compat.ts.
 */

/** In a server entry. */
export const REJECTED_SERVER_KEYS: Readonly<Record<string, string>> = {
  encoding: "remove it: MCP messages over stdio are UTF-8",
  authProvider:
    "an OAuth provider is code, not config: pass it at run time, createClient({ servers: { <name>: { authProvider } } })",
  serverUrl: "use url (serverUrl is Windsurf's name for it)",
  httpUrl: "use url",
  envFile: 'list the variables under env as "${NAME}" placeholders',
  disabled: "remove the entry, or regenerate a subset with `mcp-codegen generate --server <name...>`",
  disabledTools: 'use exclude: ["tool_name", …]',
  alwaysAllow: "remove it: approvals belong to the host; include / exclude choose the tools",
  autoApprove: "remove it: approvals belong to the host; include / exclude choose the tools",
};

const AT_RUN_TIME = "it is a run-time option: pass it to createClient({ … }) (or the compat MultiServerMCPClient)";

/** At the top level: `MultiServerMCPClient` options that are code or run-time behaviour. */
export const REJECTED_TOP_LEVEL_KEYS: Readonly<Record<string, string>> = {
  beforeToolCall: `a hook is code: ${AT_RUN_TIME}`,
  afterToolCall: `a hook is code: ${AT_RUN_TIME}`,
  prefixToolNameWithServerName: "pass prefixToolNames: true to createClient({ … }) at run time",
  additionalToolNamePrefix: AT_RUN_TIME,
  throwOnLoadError: AT_RUN_TIME,
  onConnectionError: AT_RUN_TIME,
  useStandardContentBlocks: "remove it: generated LangChain tools always return standard content blocks",
  inputs: "VS Code inputs become ${NAME} placeholders: run `mcp-codegen init --from .vscode/mcp.json`",
};

/** Top-level `MultiServerMCPClient` options that are per-server defaults here. */
export const TOP_LEVEL_SERVER_DEFAULTS = ["defaultToolTimeout"] as const;

/** `type` / `transport` spellings of other tools (Cline writes `streamableHttp`) → ours. */
export const TRANSPORT_ALIASES: Readonly<Record<string, string>> = {
  streamableHttp: "http",
};

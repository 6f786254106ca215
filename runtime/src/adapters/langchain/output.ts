/**
 * A successful tool result as LangChain's `content_and_artifact` pair. The content is what the
 * model sees: the result's blocks as standard blocks. The artifact is what it does not see:
 * `structuredContent` (parsed, typed for generated tools), `_meta`, and the blocks
 * `outputHandling` routes away from the model as `content`. Without `outputHandling` (server
 * or runtime level) every block goes to the model.
 */
import type { ContentBlock as LangChainBlock } from "@langchain/core/messages";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { ConfigError } from "../../shared/errors.js";
import type { RuntimeInternals } from "../../calls/runtime-api.js";
import { outputHandlingProblem, outputRoutes, partitionBlocks, type OutputRoutes } from "../../shared/output-handling.js";
import type { OutputOf } from "../../calls/tasks/types.js";
import type { ToolArtifact, ToolDescriptor } from "../../shared/types.js";
import { toStandardBlocks } from "./content.js";

/** The server's routes (its `outputHandling` over the runtime's), or undefined when neither sets one. */
export function outputRoutesOf(internals: RuntimeInternals | undefined, server: string): OutputRoutes | undefined {
  if (!internals) return undefined;
  // From the options, not the connection: tools for a server the runtime lacks fail when called.
  const own = internals.options.servers[server]?.outputHandling;
  const shared = internals.options.outputHandling;
  if (own === undefined && shared === undefined) return undefined;
  check(server, `servers.${server}.outputHandling`, own);
  check(server, "outputHandling", shared);
  return outputRoutes(shared, own);
}

function check(server: string, at: string, value: unknown): void {
  const problem = value === undefined ? undefined : outputHandlingProblem(value);
  if (problem) throw new ConfigError(server, `${at}${problem.path}: ${problem.message}`);
}

export function toToolOutput(result: CallToolResult, structured: unknown, routes: OutputRoutes | undefined): [LangChainBlock[], ToolArtifact | undefined] {
  const routed = routes ? partitionBlocks(result.content, routes) : { content: result.content, artifact: [] };
  // An empty result with structured data still tells the model something (not when blocks were routed away).
  const content = result.content.length === 0 && structured !== undefined ? [{ type: "text" as const, text: JSON.stringify(structured) }] : toStandardBlocks(routed.content);
  const artifact = {
    ...(routed.artifact.length > 0 ? { content: toStandardBlocks(routed.artifact) } : {}),
    ...(structured !== undefined ? { structuredContent: structured } : {}),
    ...(result._meta !== undefined ? { _meta: result._meta } : {}),
  };
  return [content, Object.keys(artifact).length > 0 ? artifact : undefined];
}

/**
 * The artifact of a ToolMessage made by a generated LangChain tool, typed by the tool's
 * descriptor from the generated module: `toolArtifact(tools.add, message)?.structuredContent`
 * is `AddOutput`.
 */
export function toolArtifact<D extends ToolDescriptor>(tool: D, message: { readonly artifact?: unknown }): ToolArtifact<OutputOf<D>> | undefined {
  const artifact = message.artifact;
  if (artifact === undefined) return undefined;
  if (artifact === null || typeof artifact !== "object" || Array.isArray(artifact)) {
    throw new TypeError(`the artifact of this ToolMessage is not a tool artifact of "${tool.name}" (made by another tool or the compat client?)`);
  }
  return artifact as ToolArtifact<OutputOf<D>>;
}

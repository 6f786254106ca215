/**
 * LangChain `DynamicStructuredTool`s over runtime calls. Generated factories pass their Zod
 * descriptors (typed input, parsed output); `runtime.getTools()` passes the live listing
 * (JSON Schema input). Both use responseFormat "content_and_artifact": content is standard
 * content blocks, the artifact is `{ structuredContent, _meta }`.
 */
import type { ToolMessage } from "@langchain/core/messages";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ContentBlock as LangChainBlock } from "@langchain/core/messages";
import type { ZodType } from "zod";
import { ToolCallError } from "../errors.js";
import { runtimeInternals, type Runtime } from "../runtime.js";
import { parseStructured } from "../typed-calls.js";
import type { ToolArtifact, ToolDescriptor } from "../types.js";
import { toStandardBlocks } from "./content.js";
import { loadLangChain, type LangChainCore } from "./load.js";
import { providerToolName } from "./names.js";

export interface LangChainToolOptions {
  /** Name tools `server__tool` (default false). */
  prefix?: boolean;
  /** Overrides the runtime's `handleToolErrors` for these tools. */
  handleToolErrors?: boolean;
}

interface ToolSpec {
  server: string;
  /** The raw MCP name, sent on the wire. */
  wireName: string;
  description: string;
  schema: ZodType | Record<string, unknown>;
  /** The descriptor when the tool comes from generated code (typed output parsing). */
  descriptor: ToolDescriptor | undefined;
}

type ToolOutput = [LangChainBlock[] | ToolMessage, ToolArtifact | undefined];

interface ToolCallConfig {
  signal?: AbortSignal;
  toolCall?: { id?: string };
}

export async function createLangChainTools(
  runtime: Runtime,
  server: string,
  tools: readonly ToolDescriptor[],
  options: LangChainToolOptions = {},
): Promise<DynamicStructuredTool[]> {
  const core = await loadLangChain();
  return tools.map((tool) =>
    buildTool(core, runtime, { server, wireName: tool.name, description: tool.description, schema: tool.input, descriptor: tool }, options),
  );
}

/** Tools from a live listing: JSON Schema input, structured output passed through unparsed. */
export async function toolsFromListing(
  runtime: Runtime,
  server: string,
  tools: readonly Tool[],
  options: LangChainToolOptions = {},
): Promise<DynamicStructuredTool[]> {
  const core = await loadLangChain();
  return tools.map((tool) =>
    buildTool(
      core,
      runtime,
      { server, wireName: tool.name, description: tool.description ?? tool.title ?? tool.name, schema: tool.inputSchema, descriptor: undefined },
      options,
    ),
  );
}

function buildTool(core: LangChainCore, runtime: Runtime, spec: ToolSpec, options: LangChainToolOptions): DynamicStructuredTool {
  const handleToolErrors = options.handleToolErrors ?? runtimeInternals(runtime)?.handleToolErrors ?? true;
  const { server, wireName, descriptor } = spec;
  const name = providerToolName(server, wireName, options.prefix ?? false);
  return new core.tools.DynamicStructuredTool({
    name,
    description: spec.description,
    schema: spec.schema as ZodType<Record<string, unknown>>,
    responseFormat: "content_and_artifact",
    // LangChain has already validated the input against `schema`: no second parse here.
    func: async (input: Record<string, unknown>, _runManager: unknown, config?: ToolCallConfig): Promise<ToolOutput> => {
      const signal = config?.signal;
      const result = await runtime.callTool(server, wireName, input ?? {}, signal ? { signal } : undefined);
      if (result.isError) {
        if (!handleToolErrors) throw new ToolCallError(server, wireName, result.content);
        return [errorMessage(core, result, config?.toolCall?.id, name), undefined];
      }
      const structured = descriptor ? parseStructured(server, descriptor, result) : result.structuredContent;
      return [contentOf(result, structured), artifactOf(structured, result._meta)];
    },
  }) as DynamicStructuredTool;
}

/** An empty content list with structured data still tells the model something. */
function contentOf(result: CallToolResult, structured: unknown): LangChainBlock[] {
  if (result.content.length === 0 && structured !== undefined) return [{ type: "text", text: JSON.stringify(structured) }];
  return toStandardBlocks(result.content);
}

function artifactOf(structuredContent: unknown, meta: Record<string, unknown> | undefined): ToolArtifact | undefined {
  if (structuredContent === undefined && meta === undefined) return undefined;
  return {
    ...(structuredContent !== undefined ? { structuredContent } : {}),
    ...(meta !== undefined ? { _meta: meta } : {}),
  };
}

/**
 * A tool error for the model: a ToolMessage with status "error". LangChain returns a
 * ToolMessage produced by the tool as is, so the status survives (ToolNode and createAgent
 * pass it to the model and the run goes on).
 */
function errorMessage(core: LangChainCore, result: CallToolResult, toolCallId: string | undefined, name: string): ToolMessage {
  const content = result.content.length > 0 ? toStandardBlocks(result.content) : [{ type: "text", text: "tool returned an error" }];
  return new core.messages.ToolMessage({
    status: "error",
    content,
    tool_call_id: toolCallId ?? "",
    name,
    ...(result._meta !== undefined ? { artifact: { _meta: result._meta } } : {}),
  });
}

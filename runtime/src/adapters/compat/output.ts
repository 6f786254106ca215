/**
 * Tool results in the shapes `@langchain/mcp-adapters` 1.x documents, so code written for it
 * reads the same ToolMessages: `outputHandling` routes each MCP block type to the message's
 * content or artifact; `useStandardContentBlocks` picks LangChain's standard (v0 data) blocks
 * over the legacy ones. A lone text block in the content becomes a string (or, with structured
 * content or `_meta`, that one block carrying them); structured content and `_meta` are also
 * appended to the artifact as `mcp_structured_content` / `mcp_meta` entries.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { ContentBlock } from "../../shared/types.js";
import { MCP_BLOCK_TYPES, partitionBlocks, type McpBlockType, type OutputRoutes } from "../../shared/output-handling.js";

export type { McpBlockType, OutputHandling, OutputRoutes, OutputTarget } from "../../shared/output-handling.js";

export type CompatBlock = Record<string, unknown> & { type: string };
/** What the tool function returns: LangChain's `content_and_artifact` pair. */
export type CompatOutput = [string | CompatBlock | CompatBlock[], CompatBlock[]];

type Convert = (block: ContentBlock, standard: boolean) => CompatBlock;

/** One converter per MCP block type, for blocks routed to the content (and, standard, to the artifact). */
const TO_BLOCK: Record<McpBlockType, Convert> = {
  text: (block, standard) => ({ type: "text", ...(standard ? { source_type: "text" } : {}), text: (block as { text: string }).text }),
  image: (block, standard) => {
    const { data, mimeType } = block as { data: string; mimeType: string };
    return standard
      ? { type: "image", source_type: "base64", data, mime_type: mimeType }
      : { type: "image_url", image_url: { url: `data:${mimeType};base64,${data}` } };
  },
  audio: (block) => {
    const { data, mimeType } = block as { data: string; mimeType: string };
    return { type: "audio", source_type: "base64", data, mime_type: mimeType };
  },
  resource: (block) => fileBlock((block as { resource: EmbeddedContents }).resource),
  resource_link: (block) => {
    const { uri, mimeType } = block as { uri: string; mimeType?: string };
    return { type: "file", source_type: "url", url: uri, ...(mimeType !== undefined ? { mime_type: mimeType } : {}) };
  },
};

interface EmbeddedContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

function fileBlock(resource: EmbeddedContents): CompatBlock {
  const mime = resource.mimeType !== undefined ? { mime_type: resource.mimeType } : {};
  const metadata = { metadata: { uri: resource.uri } };
  if (typeof resource.blob === "string") return { type: "file", source_type: "base64", data: resource.blob, ...mime, ...metadata };
  return { type: "file", source_type: "text", ...mime, text: resource.text ?? "", ...metadata };
}

function isKnownType(type: string): type is McpBlockType {
  return (MCP_BLOCK_TYPES as readonly string[]).includes(type);
}

/** A block type this converter does not know: the error names the server and tool. */
export class UnknownBlockTypeError extends Error {
  override name = "UnknownBlockTypeError";
}

export function toCompatOutput(result: CallToolResult, routes: OutputRoutes, standard: boolean, where: string): CompatOutput {
  const unknown = result.content.find((block) => !isKnownType(block.type));
  if (unknown) throw new UnknownBlockTypeError(`${where} returned a content block of unknown type ${JSON.stringify(unknown.type)}`);
  const routed = partitionBlocks(result.content, routes);
  const content = routed.content.map((block) => TO_BLOCK[block.type as McpBlockType](block, standard));
  // Legacy artifacts keep their MCP shape; standard ones are converted like content.
  const artifact = routed.artifact.map((block) => (standard ? TO_BLOCK[block.type as McpBlockType](block, true) : ({ ...block } as CompatBlock)));
  const structured = result.structuredContent;
  const meta = result._meta;
  if (structured) artifact.push({ type: "mcp_structured_content", data: structured });
  if (meta) artifact.push({ type: "mcp_meta", data: meta });
  const only = content.length === 1 ? content[0] : undefined;
  if (only?.type !== "text") return [content, artifact];
  if (!structured && !meta) return [only["text"] as string, artifact];
  return [{ ...only, ...(structured ? { structuredContent: structured } : {}), ...(meta ? { meta } : {}) }, artifact];
}

const MCP_EXTRAS = new Set(["mcp_structured_content", "mcp_meta"]);

/**
 * The result as `afterToolCall` sees it: content always an array (or the string), and of the
 * artifact only embedded resources and standard blocks (the peer leaves the rest out).
 */
export function hookView(output: CompatOutput): CompatOutput {
  const [content, artifact] = output;
  const visible = artifact.filter((block) => block.type === "resource" || (!MCP_EXTRAS.has(block.type) && "source_type" in block));
  return [typeof content === "string" || Array.isArray(content) ? content : [content], visible];
}

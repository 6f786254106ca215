/**
 * MCP content blocks → LangChain standard content blocks (v1 shapes: `text`, `image`, `audio`,
 * `text-plain`, `file`). One converter per MCP block type, in a table.
 */
import type { ContentBlock as LangChainBlock } from "@langchain/core/messages";
import type { EmbeddedResource, ResourceLink } from "@modelcontextprotocol/client";
import type { ContentBlock } from "../../shared/types.js";

type Converter<T extends ContentBlock["type"]> = (block: Extract<ContentBlock, { type: T }>) => LangChainBlock;

const CONVERTERS: { [T in ContentBlock["type"]]: Converter<T> } = {
  text: (block) => ({ type: "text", text: block.text }),
  image: (block) => ({ type: "image", mimeType: block.mimeType, data: block.data }),
  audio: (block) => ({ type: "audio", mimeType: block.mimeType, data: block.data }),
  resource: (block) => embeddedResource(block.resource),
  resource_link: (block) => resourceLink(block),
};

export function toStandardBlock(block: ContentBlock): LangChainBlock {
  const convert = CONVERTERS[block.type] as Converter<ContentBlock["type"]> | undefined;
  // A block type newer than this runtime: keep it visible to the model as JSON text.
  if (!convert) return { type: "text", text: JSON.stringify(block) };
  const converted = convert(block);
  // MCP annotations (audience, priority, lastModified) travel in the block's metadata.
  const annotations = (block as { annotations?: Record<string, unknown> }).annotations;
  if (annotations === undefined) return converted;
  const metadata = (converted as { metadata?: Record<string, unknown> }).metadata;
  return { ...converted, metadata: { ...metadata, annotations } } as LangChainBlock;
}

export function toStandardBlocks(blocks: readonly ContentBlock[]): LangChainBlock[] {
  return blocks.map(toStandardBlock);
}

function embeddedResource(resource: EmbeddedResource["resource"]): LangChainBlock {
  const metadata = { uri: resource.uri };
  if ("text" in resource && typeof resource.text === "string") {
    return { type: "text-plain", mimeType: resource.mimeType ?? "text/plain", text: resource.text, metadata };
  }
  const data = "blob" in resource && typeof resource.blob === "string" ? resource.blob : "";
  return { type: "file", mimeType: resource.mimeType ?? "application/octet-stream", data, metadata };
}

function resourceLink(link: ResourceLink): LangChainBlock {
  const metadata: Record<string, unknown> = { name: link.name };
  if (link.title !== undefined) metadata["title"] = link.title;
  if (link.description !== undefined) metadata["description"] = link.description;
  return link.mimeType === undefined
    ? { type: "file", url: link.uri, metadata }
    : { type: "file", url: link.uri, mimeType: link.mimeType, metadata };
}

/**
 * MCP content blocks → the AI SDK's tool result content (`toModelOutput`): text as text, images
 * and audio as files with their media type, embedded resources as text or files, resource links
 * as text naming the link. One converter per MCP block type, in a table.
 */
import type { Tool } from "ai";
import type { ContentBlock, ToolResult } from "../../shared/call-types.js";

/** What `toModelOutput` returns (the AI SDK exports the type only from its provider utilities). */
type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool["toModelOutput"]>>>;
type ContentPart = Extract<ToolResultOutput, { type: "content" }>["value"][number];
type Converter<T extends ContentBlock["type"]> = (block: Extract<ContentBlock, { type: T }>) => ContentPart;

const CONVERTERS: { [T in ContentBlock["type"]]: Converter<T> } = {
  text: (block) => ({ type: "text", text: block.text }),
  image: (block) => ({ type: "file", mediaType: block.mimeType, data: { type: "data", data: block.data } }),
  audio: (block) => ({ type: "file", mediaType: block.mimeType, data: { type: "data", data: block.data } }),
  resource: (block) => {
    const resource = block.resource;
    if ("text" in resource && typeof resource.text === "string") return { type: "text", text: resource.text };
    const data = "blob" in resource && typeof resource.blob === "string" ? resource.blob : "";
    return { type: "file", mediaType: resource.mimeType ?? "application/octet-stream", data: { type: "data", data } };
  },
  resource_link: (block) => ({ type: "text", text: `Resource link: ${block.uri}${block.name ? ` (${block.name})` : ""}` }),
};

function toPart(block: ContentBlock): ContentPart {
  const convert = CONVERTERS[block.type] as Converter<ContentBlock["type"]> | undefined;
  // A block type newer than this runtime: still visible to the model, as JSON text.
  return convert ? convert(block) : { type: "text", text: JSON.stringify(block) };
}

/** What the model sees of a typed result: its blocks, or its structured content when it sent none. */
export function toModelOutput(result: ToolResult<unknown>): ToolResultOutput {
  if (result.content.length === 0) {
    return result.structuredContent === undefined ? { type: "text", value: "" } : { type: "json", value: result.structuredContent as never };
  }
  if (result.content.every((block) => block.type === "text")) return { type: "text", value: result.text };
  return { type: "content", value: result.content.map(toPart) };
}

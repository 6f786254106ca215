/**
 * A typed result → what an OpenAI Agents function tool returns to the model: its text when the
 * server sent only text (or its structured content as JSON when it sent no block), otherwise one
 * output item per block (text, image as a data URL, embedded files). One converter per MCP block
 * type, in a table.
 */
import type { ToolOutputFileContent, ToolOutputImage, ToolOutputText } from "@openai/agents";
import type { ContentBlock, ToolResult } from "../../shared/call-types.js";

type OutputItem = ToolOutputText | ToolOutputImage | ToolOutputFileContent;
type Converter<T extends ContentBlock["type"]> = (block: Extract<ContentBlock, { type: T }>) => OutputItem;

const CONVERTERS: { [T in ContentBlock["type"]]: Converter<T> } = {
  text: (block) => ({ type: "text", text: block.text }),
  image: (block) => ({ type: "image", image: { data: block.data, mediaType: block.mimeType } }),
  audio: (block) => ({ type: "file", file: { data: block.data, mediaType: block.mimeType, filename: "audio" } }),
  resource: (block) => {
    const resource = block.resource;
    if ("text" in resource && typeof resource.text === "string") return { type: "text", text: resource.text };
    const data = "blob" in resource && typeof resource.blob === "string" ? resource.blob : "";
    return { type: "file", file: { data, mediaType: resource.mimeType ?? "application/octet-stream", filename: resource.uri.split("/").pop() || "resource" } };
  },
  resource_link: (block) => ({ type: "text", text: `Resource link: ${block.uri}${block.name ? ` (${block.name})` : ""}` }),
};

export function toAgentsOutput(result: ToolResult<unknown>): string | OutputItem[] {
  if (result.content.length === 0) return result.structuredContent === undefined ? "" : JSON.stringify(result.structuredContent);
  if (result.content.every((block) => block.type === "text")) return result.text;
  return result.content.map((block) => {
    const convert = CONVERTERS[block.type] as Converter<ContentBlock["type"]> | undefined;
    return convert ? convert(block) : { type: "text", text: JSON.stringify(block) };
  });
}

/** A failure as the model reads it (the errorFunction's answer). */
export function failureText(message: string): string {
  return `Error: ${message}`;
}

/** Resource reads as text or bytes, and RFC 6570 URI template expansion. */
import { setOwn } from "../shared/own-property.js";
import type { ReadResourceResult } from "@modelcontextprotocol/client";
import { isTextualMime } from "../shared/mime.js";
import { expandTemplate } from "../shared/uri-expand.js";
import type { CallOptions, ResourceContent } from "../shared/types.js";
import type { Runtime } from "./runtime-api.js";
import { runtimeOf, type Session } from "./session.js";

/** Text contents keep `text`; blobs become `bytes`, plus `text` when their MIME type is textual. */
export function toResourceContents(contents: ReadResourceResult["contents"]): ResourceContent[] {
  return contents.map((item) => {
    const base = {
      uri: item.uri,
      ...(item.mimeType !== undefined ? { mimeType: item.mimeType } : {}),
      ...(item._meta !== undefined ? { _meta: item._meta } : {}),
    };
    if ("text" in item && typeof item.text === "string") return { ...base, text: item.text };
    const blob = "blob" in item && typeof item.blob === "string" ? item.blob : "";
    const bytes = decodeBase64(blob);
    return isTextualMime(item.mimeType) ? { ...base, bytes, text: new TextDecoder().decode(bytes) } : { ...base, bytes };
  });
}

function decodeBase64(data: string): Uint8Array {
  const buffer = Buffer.from(data, "base64");
  // A plain Uint8Array view: callers compare and serialise it like any other byte array.
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** What generated resource accessors call. */
export function readTypedResource(target: Runtime | Session, server: string, uri: string, options?: CallOptions): Promise<ResourceContent[]> {
  const runtime = runtimeOf(target);
  return runtime.readResource(target === runtime ? server : (target as Session).server, uri, options);
}

export type UriVariables = Record<string, string | number | boolean | readonly string[]>;

/** Expands an RFC 6570 template: numbers and booleans as their text, lists as lists. */
export function expandUriTemplate(template: string, variables: UriVariables): string {
  // Variable names are server text (`__proto__`, `constructor`): a null-prototype map of own keys.
  const values = Object.create(null) as Record<string, string | readonly string[]>;
  for (const [name, value] of Object.entries(variables)) setOwn(values, name, Array.isArray(value) ? value : String(value));
  return expandTemplate(template, values);
}

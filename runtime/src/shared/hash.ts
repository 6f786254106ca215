import { createHash } from "node:crypto";
import { canonicalStringify } from "./canonical-json.js";

/** A short, stable content hash of a JSON value (sha256 of its canonical form, 16 hex digits). */
export function hashJson(value: unknown): string {
  return hashText(canonicalStringify(value));
}

export function hashText(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** `hashText` of the text whose UTF-8 these bytes are, without decoding them. */
export function hashUtf8(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 16);
}

/** `sha256:` and the lowercase hex SHA-256 of `bytes`: the digest form of skill files (SEP-2640). */
export function sha256Digest(bytes: Uint8Array): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

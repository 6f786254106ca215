/**
 * The constant banner on every generated file. Besides the regeneration command it records
 * the hash of the emitter's inputs and of the file body, so `generate` and `--check` can tell
 * an up-to-date file without emitting and formatting it again (and notice hand edits).
 */
import { readFileSync } from "node:fs";
import { hashText, hashUtf8 } from "@mcp-codegen/runtime/internal";

const BANNER_TEMPLATE = readFileSync(new URL("../../templates/banner.txt", import.meta.url), "utf8");
const STAMP = /^\/\/ snapshot (\S+) · inputs ([0-9a-f]+) · body ([0-9a-f]+)$/m;

export interface BannerFields {
  source: string;
  snapshotHash: string;
  inputsHash: string;
}

export function withBanner(fields: BannerFields, body: string): string {
  const banner = BANNER_TEMPLATE.replace("{{source}}", fields.source)
    .replace("{{snapshotHash}}", fields.snapshotHash)
    .replace("{{inputsHash}}", fields.inputsHash)
    .replace("{{bodyHash}}", hashText(body));
  return `${banner}\n${body}`;
}

/**
 * True when the file (its bytes) was generated from these inputs and its body is untouched
 * since. The body is hashed as bytes (its UTF-8 is what `hashText` hashes): decoding megabytes of
 * generated code only to hash them cost more than the hashing.
 */
export function isCurrent(existing: Uint8Array | undefined, inputsHash: string): boolean {
  if (existing === undefined) return false;
  const bytes = Buffer.from(existing.buffer, existing.byteOffset, existing.byteLength);
  const bannerEnd = bytes.indexOf("*/\n");
  if (bannerEnd < 0) return false;
  const stamp = STAMP.exec(bytes.toString("utf8", 0, bannerEnd));
  if (!stamp || stamp[2] !== inputsHash) return false;
  const bodyStart = bannerEnd + 3 + (bytes[bannerEnd + 3] === 0x0a ? 1 : 0);
  return hashUtf8(bytes.subarray(bodyStart)) === stamp[3];
}

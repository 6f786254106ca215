/**
 * The constant banner on every generated file. Besides the regeneration command it records
 * the hash of the emitter's inputs and of the file body, so `generate` and `--check` can tell
 * an up-to-date file without emitting and formatting it again (and notice hand edits).
 */
import { readFileSync } from "node:fs";
import { hashText } from "@mcp-codegen/runtime/internal";

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

/** True when `existing` was generated from these inputs and its body is untouched since. */
export function isCurrent(existing: string, inputsHash: string): boolean {
  const stamp = STAMP.exec(existing);
  if (!stamp || stamp[2] !== inputsHash) return false;
  const bannerEnd = existing.indexOf("*/\n", stamp.index);
  if (bannerEnd < 0) return false;
  const body = existing.slice(bannerEnd + 3).replace(/^\n/, "");
  return hashText(body) === stamp[3];
}

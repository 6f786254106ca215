/**
 * Token counts remembered by content (a hash of the tool definition's text → its count) in
 * `node_modules/.cache/mcp-codegen/context-cost-<project>.json`, so a `generate` whose tools did not change
 * neither loads the tokenizer nor counts (~40 ms to load, ~60 ms to count 1,000 tools). Only
 * hashes and numbers are stored; the file keeps the current tools' entries only.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { compareCodeUnits } from "@mcp-codegen/runtime/internal";
import { writeAtomic } from "../write/write.js";
import { loadTokenizer, type CountTokens } from "./tokenizer.js";

const CACHE_VERSION = 1;

interface CacheFile {
  version: number;
  counts: Record<string, number>;
}

/** A counter for `texts` (and only them): cached counts where known, the tokenizer for the rest. */
export async function countingFor(texts: readonly string[], cacheFile: string | undefined): Promise<CountTokens> {
  if (cacheFile === undefined) return countingAll(texts);
  const known = await readCounts(cacheFile);
  const counts = new Map<string, number>();
  // Each text's key, hashed once: looked up now, written below.
  const keys = new Map<string, string>();
  const missing: string[] = [];
  for (const text of new Set(texts)) {
    const key = keyOf(text);
    keys.set(text, key);
    const cached = known.get(key);
    if (cached === undefined) missing.push(text);
    else counts.set(text, cached);
  }
  if (missing.length > 0) {
    const count = await loadTokenizer();
    for (const text of missing) counts.set(text, count(text));
  }
  if (missing.length > 0 || known.size !== counts.size) await writeCounts(cacheFile, counts, keys);
  return (text) => counts.get(text) ?? 0;
}

/** Without a cache (`--no-cache`): every text counted, none hashed. */
async function countingAll(texts: readonly string[]): Promise<CountTokens> {
  const count = await loadTokenizer();
  const counts = new Map<string, number>();
  for (const text of texts) if (!counts.has(text)) counts.set(text, count(text));
  return (text) => counts.get(text) ?? 0;
}

function keyOf(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 32);
}

async function readCounts(file: string): Promise<Map<string, number>> {
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as Partial<CacheFile>;
    if (parsed.version !== CACHE_VERSION || typeof parsed.counts !== "object" || parsed.counts === null) return new Map();
    return new Map(Object.entries(parsed.counts).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
  } catch {
    return new Map(); // absent or unreadable: counted again
  }
}

async function writeCounts(file: string, counts: ReadonlyMap<string, number>, keys: ReadonlyMap<string, string>): Promise<void> {
  // Keys are our own hashes, never server text, so a plain object is safe here.
  const entries = [...counts].map(([text, count]) => [keys.get(text)!, count] as const).sort(([a], [b]) => compareCodeUnits(a, b));
  const file_: CacheFile = { version: CACHE_VERSION, counts: Object.fromEntries(entries) };
  await writeAtomic(file, `${JSON.stringify(file_)}\n`).catch(() => undefined); // a cache that cannot be written only costs time
}

/**
 * Token counting with OpenAI's o200k_base encoding (GPT-4o, GPT-4.1, the o-series, GPT-5), from a
 * rank table built with the package (rank-table.ts; no download). It is loaded only when a
 * context-cost report has tools to count that the count cache (count-cache.ts) does not know.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { O200kCounter } from "./o200k.js";
import { encodeRankTable, RankTable } from "./rank-table.js";

export const ENCODING = "o200k_base";

export type CountTokens = (text: string) => number;

/**
 * `npm run build` writes the table here (dist/context-cost/o200k.bin). Relative to the folder
 * above so the bundled command's chunks (dist/cli) find it too.
 */
const TABLE_FILE = new URL("../context-cost/o200k.bin", import.meta.url);

let loading: Promise<CountTokens> | undefined;

export function loadTokenizer(): Promise<CountTokens> {
  loading ??= readTable().then((table) => {
    const counter = new O200kCounter(new RankTable(table));
    // One word counted now builds and compiles the split pattern, as part of loading: a preload
    // (while a capture waits for its servers) then leaves nothing of it to the first real count.
    counter.count("tokenizer");
    return (text: string) => counter.count(text);
  });
  return loading;
}

/** Loads the tokenizer; settles when it has loaded or failed. A failure surfaces at the first `loadTokenizer()`. */
export async function preloadTokenizer(): Promise<void> {
  await loadTokenizer().catch(() => undefined);
}

async function readTable(): Promise<Uint8Array> {
  try {
    return await readFile(TABLE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    // Run from the sources (tests): built in memory from the data the build reads (~0.5 s).
    try {
      const data = createRequire(import.meta.url).resolve("gpt-tokenizer/data/o200k_base.tiktoken");
      return encodeRankTable(await readFile(data, "utf8"));
    } catch (cause) {
      throw new Error(`the o200k_base rank table ${fileURLToPath(TABLE_FILE)} is missing (reinstall mcp-codegen)`, { cause });
    }
  }
}

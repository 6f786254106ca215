/**
 * Part of `npm run build`: writes the o200k_base rank table the token counter reads
 * (dist/context-cost/o200k.bin, src/context-cost/rank-table.ts) from OpenAI's `.tiktoken` data,
 * shipped by gpt-tokenizer (a build-time dependency only).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { encodeRankTable } from "../dist/context-cost/rank-table.js";

const source = createRequire(import.meta.url).resolve("gpt-tokenizer/data/o200k_base.tiktoken");
const table = encodeRankTable(readFileSync(source, "utf8"));
writeFileSync("dist/context-cost/o200k.bin", table);
console.log(`build-rank-table: dist/context-cost/o200k.bin, ${(table.byteLength / 1e6).toFixed(1)} MB`);

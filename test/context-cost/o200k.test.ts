/**
 * The o200k_base counter (src/context-cost/o200k.ts over the rank table of rank-table.ts) against
 * an independent implementation, js-tiktoken, on random text drawn from the pieces the split
 * pattern tells apart (letter classes, contractions in any case, digits of other scripts, every
 * kind of line break and space), plus what servers may put in a description: special-token
 * spellings, byte-order marks, lone surrogates, hostile names, long runs. And the table the build
 * ships is the table of OpenAI's data, byte for byte.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fc from "fast-check";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { beforeAll, describe, expect, it } from "vitest";
import { o200kSplit } from "../../src/context-cost/o200k.js";
import { encodeRankTable, RankTable } from "../../src/context-cost/rank-table.js";
import { loadTokenizer, type CountTokens } from "../../src/context-cost/tokenizer.js";
import { HOSTILE_NAMES } from "../servers/hostile-vocabulary.js";
import { repoRoot } from "../helpers/servers.js";

const tiktoken = new Tiktoken(o200k);
/** Ordinary text: no special tokens allowed, none refused (a description is data). */
const independent = (text: string): number => tiktoken.encode(text, [], []).length;
const tiktokenData = () => readFileSync(createRequire(import.meta.url).resolve("gpt-tokenizer/data/o200k_base.tiktoken"), "utf8");

const FRAGMENTS = [
  ...["a", "Z", "hello", "World", "HTTPServer", "getUserById", "snake_case", "kebab-case"],
  ...["ǅ", "ʰ", "中文", "日本語", "\u0301", "é", "ß", "İ", "аб", "Ωμέγα", "ـ", "עברית", "ไทย"],
  ...["'s", "'S", "'t", "'T", "'re", "'rE", "'RE", "'ve", "'vE", "'m", "'M", "'ll", "'Ll", "'lL", "'d", "'D", "'x", "’s"],
  ...["0", "7", "42", "1234567", "٣", "Ⅻ", "½", "𝟙"],
  ...[" ", "  ", "\t", "\n", "\r\n", "\r", "\n\n", " \n ", "\u00a0", "\u2028", "\u3000", "\v", "\f"],
  ...["/", "//", ".", "...", "{", '{"type":"object"}', '":', "\\", "`", "$ref", "#/$defs/x", "<", "|", ">"],
  ...["<|endoftext|>", "<|fim_prefix|>", "<|im_start|>", "<|endofprompt|>", "\ufeff", "\ufeffimport", "\ud800", "\udc00", "😀", "👩‍👩‍👧"],
  ...HOSTILE_NAMES,
  ...["a".repeat(300), " ".repeat(120), "QUJD".repeat(80), "🙂".repeat(40)],
];

let count: CountTokens;

beforeAll(async () => {
  count = await loadTokenizer();
});

const text = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(""));

describe("o200k_base token counts", () => {
  it("split text into the pieces js-tiktoken's pattern does", () => {
    const theirs = new RegExp(o200k.pat_str, "gu");
    const pieces = (pattern: RegExp, sample: string) => [...sample.matchAll(pattern)].map(([piece]) => piece);
    fc.assert(
      fc.property(text, (sample) => {
        expect(pieces(o200kSplit(), sample)).toEqual(pieces(theirs, sample));
      }),
      { numRuns: 3000 },
    );
  });

  it("equal js-tiktoken's on text drawn from the pieces the split pattern tells apart", () => {
    fc.assert(fc.property(text, (sample) => count(sample) === independent(sample)), { numRuns: 3000 });
  });

  it("equal js-tiktoken's on arbitrary strings, lone surrogates included", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), (sample) => count(sample) === independent(sample)), { numRuns: 3000 });
  });

  it("count special-token spellings and byte-order marks as the ordinary text they are", () => {
    for (const sample of ["say <|endoftext|> twice: <|endoftext|>", "<|im_start|>system", "\ufeffimport x", "a\ufeff\ufeffb"]) {
      expect(count(sample), JSON.stringify(sample)).toBe(independent(sample));
    }
    // "<|endoftext|>" as text is several tokens, never the one special token.
    expect(count("<|endoftext|>")).toBeGreaterThan(1);
    expect(count("")).toBe(0);
  });

  it("equal js-tiktoken's on long pieces (merged with a heap past 128 bytes)", () => {
    // Letters only, so each sample is one piece of the split: words, base64-like runs, other scripts.
    const word = fc.array(fc.constantFrom("a", "b", "x", "xx", "QU", "Jd", "Zm9v", "é", "ß", "中", "аб"), { minLength: 20, maxLength: 700 }).map((parts) => parts.join(""));
    fc.assert(fc.property(word, (sample) => count(sample) === independent(sample)), { numRuns: 300, seed: 31 });
  });

  it("count a 1 MiB run of one letter (the scan merge took minutes on it) as its 2 KiB part, scaled", () => {
    const part = "x".repeat(2 ** 11);
    expect(count(part)).toBe(independent(part));
    expect(count("x".repeat(2 ** 20))).toBe(512 * count(part));
  });

  it("count alike once the counter has forgotten the pieces it remembered (more distinct short pieces than it keeps)", () => {
    // 60,000 distinct words, each one piece of the split: the counter's memo of short pieces is
    // emptied when full, so the second count runs over a memo emptied part-way through the first.
    const letters = (index: number) => index.toString(26).replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)));
    const words = Array.from({ length: 60_000 }, (_, index) => ` q${letters(index)}`).join("");
    const expected = independent(words);
    expect(count(words)).toBe(expected);
    expect(count(words)).toBe(expected);
  });

  it("on the tool definitions of the realistic benchmark listing", async () => {
    const { realisticTools } = await import("../bench/realistic.js");
    for (const tool of await realisticTools()) {
      const sent = JSON.stringify({ type: "function", function: { name: tool.name, description: tool.description ?? "", parameters: tool.inputSchema } });
      expect(count(sent), tool.name).toBe(independent(sent));
    }
  });
});

describe("the rank table", () => {
  it("the build ships OpenAI's o200k_base data, byte for byte", () => {
    const shipped = readFileSync(path.join(repoRoot, "dist/context-cost/o200k.bin"));
    expect(Buffer.compare(shipped, Buffer.from(encodeRankTable(tiktokenData())))).toBe(0);
    const table = new RankTable(shipped);
    const rank = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      return table.rank(bytes, 0, bytes.length);
    };
    expect(rank("!")).toBe(0);
    expect(rank(" the")).toBeGreaterThan(0);
    expect(rank("\u0000no such token\u0000")).toBe(-1);
  });

  it("refuses a file that is not a table of this version, and a truncated one", () => {
    const shipped = readFileSync(path.join(repoRoot, "dist/context-cost/o200k.bin"));
    expect(() => new RankTable(new Uint8Array(64))).toThrow("rank table: not an o200k rank table of this version");
    expect(() => new RankTable(new Uint8Array(5))).toThrow("rank table: not an o200k rank table of this version");
    expect(() => new RankTable(shipped.subarray(0, shipped.length - 1))).toThrow("rank table: not an o200k rank table of this version");
  });

  it("refuses .tiktoken text that is not lines of base64 and a rank, naming the line", () => {
    expect(() => encodeRankTable("IQ== 0\nIg== one\n")).toThrow('rank table: line 2 is not "<base64> <rank>"');
  });
});

/**
 * Counting o200k_base tokens of ordinary text, as tiktoken does: split the text with the
 * encoding's pattern, then merge each piece's UTF-8 bytes pair by pair, lowest rank first.
 * Special-token spellings (`<|endoftext|>`) are counted as the ordinary text they are: a tool
 * description is data, and a model's API encodes it that way.
 */
import type { RankTable } from "./rank-table.js";

/**
 * o200k_base's split pattern (tiktoken's `pat_str`), with its case-insensitive contraction
 * group `(?i:'s|'t|'re|'ve|'m|'ll|'d)` spelled out: Node 20's RegExp has no inline modifiers.
 */
const CONTRACTION = String.raw`(?:'(?:[sS]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD]))?`;
const SPLIT_ALTERNATIVES = [
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}`,
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}`,
  String.raw`\p{N}{1,3}`,
  String.raw` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
  String.raw`\s*[\r\n]+`,
  String.raw`\s+(?!\S)`,
  String.raw`\s+`,
];
export const O200K_SPLIT = new RegExp(SPLIT_ALTERNATIVES.join("|"), "gu");

export class O200kCounter {
  private bytes = new Uint8Array(1024);
  private starts = new Int32Array(1025);
  private ranks = new Float64Array(1025);

  constructor(private readonly table: RankTable) {}

  count(text: string): number {
    let tokens = 0;
    for (const [piece] of text.matchAll(O200K_SPLIT)) {
      const length = this.encode(piece);
      tokens += this.table.rank(this.bytes, 0, length) >= 0 ? 1 : this.mergedLength(length);
    }
    return tokens;
  }

  /** How many tokens the merge leaves of `bytes[0..length)` (tiktoken's byte-pair merge). */
  private mergedLength(length: number): number {
    if (this.starts.length < length + 1) {
      this.starts = new Int32Array(length + 1);
      this.ranks = new Float64Array(length + 1);
    }
    const { starts, ranks } = this;
    // Part i spans starts[i]..starts[i + 1]; ranks[i] is the rank of parts i and i + 1 joined.
    let parts = length;
    for (let index = 0; index <= length; index++) starts[index] = index;
    for (let index = 0; index < parts; index++) ranks[index] = this.pairRank(index, parts);
    for (;;) {
      let lowest = Infinity;
      let at = -1;
      for (let index = 0; index < parts - 1; index++) {
        if (ranks[index]! < lowest) {
          lowest = ranks[index]!;
          at = index;
        }
      }
      if (at < 0) return parts;
      // Join parts `at` and `at + 1`: drop the boundary between them.
      starts.copyWithin(at + 1, at + 2, parts + 1);
      ranks.copyWithin(at + 1, at + 2, parts);
      parts--;
      ranks[at] = this.pairRank(at, parts);
      if (at > 0) ranks[at - 1] = this.pairRank(at - 1, parts);
    }
  }

  private pairRank(index: number, parts: number): number {
    if (index + 1 >= parts) return Infinity;
    const rank = this.table.rank(this.bytes, this.starts[index]!, this.starts[index + 2]!);
    return rank < 0 ? Infinity : rank;
  }

  /** UTF-8 of `piece` into `this.bytes` (lone surrogates as U+FFFD, as TextEncoder does); its length. */
  private encode(piece: string): number {
    if (this.bytes.length < piece.length * 3) this.bytes = new Uint8Array(piece.length * 3);
    const bytes = this.bytes;
    let length = 0;
    for (let index = 0; index < piece.length; index++) {
      let code = piece.charCodeAt(index);
      if (code < 0x80) {
        bytes[length++] = code;
        continue;
      }
      if (code < 0x800) {
        bytes[length++] = 0xc0 | (code >> 6);
        bytes[length++] = 0x80 | (code & 0x3f);
        continue;
      }
      if (code >= 0xd800 && code <= 0xdfff) {
        const next = piece.charCodeAt(index + 1);
        if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          index++;
          bytes[length++] = 0xf0 | (code >> 18);
          bytes[length++] = 0x80 | ((code >> 12) & 0x3f);
          bytes[length++] = 0x80 | ((code >> 6) & 0x3f);
          bytes[length++] = 0x80 | (code & 0x3f);
          continue;
        }
        code = 0xfffd;
      }
      bytes[length++] = 0xe0 | (code >> 12);
      bytes[length++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[length++] = 0x80 | (code & 0x3f);
    }
    return length;
  }
}

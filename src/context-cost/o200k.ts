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
const SPLIT_SOURCE = SPLIT_ALTERNATIVES.join("|");

/*
 * Both patterns are built on first use: constructing a RegExp of these Unicode property classes
 * takes ~4 ms, and most runs that load this module (`--check`, or every tool's count cached) never
 * count a token.
 */
let split: RegExp | undefined;
let pieceAt: RegExp | undefined;

/** The split pattern, global: every piece of a text. */
export function o200kSplit(): RegExp {
  split ??= new RegExp(SPLIT_SOURCE, "gu");
  return split;
}

/** The same pattern, sticky: matched where the previous piece ended. */
function pieceAtPattern(): RegExp {
  pieceAt ??= new RegExp(SPLIT_SOURCE, "uy");
  return pieceAt;
}

/**
 * Pieces up to this many bytes are merged by scanning (fastest for words); longer ones, which
 * only odd text has (a base64 blob or a run of one letter in a description), with a heap: the
 * scan is quadratic, and a 1 MB piece took minutes.
 */
const SCAN_MERGE_MAX_BYTES = 128;

/**
 * Pieces up to this many characters have their counts remembered: tool definitions repeat the same
 * pieces (JSON keys, `"type"`, common words) thousands of times, and nearly all are this short. A
 * slice this short is a copy in V8 (a longer one may point into the text it came from), so the memo
 * never keeps a counted text alive. It is emptied at PIECE_MEMO_MAX_ENTRIES, so a long-lived
 * counter (watch mode) stays bounded.
 */
const PIECE_MEMO_MAX_CHARS = 12;
const PIECE_MEMO_MAX_ENTRIES = 50_000;

export class O200kCounter {
  private bytes = new Uint8Array(1024);
  private starts = new Int32Array(1025);
  private ranks = new Float64Array(1025);
  private readonly pieceCounts = new Map<string, number>();

  constructor(private readonly table: RankTable) {}

  count(text: string): number {
    // The pattern matches every character, so the pieces are contiguous: each is found where the
    // last one ended, by `test`, which builds no match object (`matchAll` built one per piece,
    // most of what counting allocated).
    const pattern = pieceAtPattern();
    let tokens = 0;
    let start = 0;
    while (start < text.length) {
      pattern.lastIndex = start;
      const end = pattern.test(text) ? pattern.lastIndex : start;
      // Never for text the pattern covers; kept exact for any it might not.
      if (end === start) return tokens + this.countMatches(text.slice(start));
      tokens += end - start <= PIECE_MEMO_MAX_CHARS ? this.shortPieceTokens(text, start, end) : this.pieceTokens(this.encode(text, start, end));
      start = end;
    }
    return tokens;
  }

  private countMatches(text: string): number {
    let tokens = 0;
    for (const [piece] of text.matchAll(o200kSplit())) tokens += this.pieceTokens(this.encode(piece, 0, piece.length));
    return tokens;
  }

  /** The tokens of the short piece `text[start..end)`, remembered by its text. */
  private shortPieceTokens(text: string, start: number, end: number): number {
    const piece = text.slice(start, end);
    const known = this.pieceCounts.get(piece);
    if (known !== undefined) return known;
    const tokens = this.pieceTokens(this.encode(text, start, end));
    if (this.pieceCounts.size >= PIECE_MEMO_MAX_ENTRIES) this.pieceCounts.clear();
    this.pieceCounts.set(piece, tokens);
    return tokens;
  }

  /** The tokens of the piece whose `length` bytes are in `this.bytes`. */
  private pieceTokens(length: number): number {
    return this.table.rank(this.bytes, 0, length) >= 0 ? 1 : this.mergedLength(length);
  }

  /** How many tokens the merge leaves of `bytes[0..length)` (tiktoken's byte-pair merge). */
  private mergedLength(length: number): number {
    return length <= SCAN_MERGE_MAX_BYTES ? this.scanMerge(length) : heapMerge(this.table, this.bytes, length);
  }

  /** The merge as tiktoken writes it: a scan for the lowest rank before each merge. */
  private scanMerge(length: number): number {
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

  /** UTF-8 of `text[start..end)` into `this.bytes` (lone surrogates as U+FFFD, as TextEncoder does); its length. */
  private encode(text: string, start: number, end: number): number {
    if (this.bytes.length < (end - start) * 3) this.bytes = new Uint8Array((end - start) * 3);
    const bytes = this.bytes;
    let length = 0;
    for (let index = start; index < end; index++) {
      let code = text.charCodeAt(index);
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
        const next = index + 1 < end ? text.charCodeAt(index + 1) : NaN;
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

/**
 * The same merge in n log n: the parts as a linked list (by start offset), and a heap of their
 * pairs keyed by rank, then by start, so the pair merged first is still the leftmost of the lowest
 * rank. An entry whose pair has changed since it was pushed is skipped when it comes up.
 */
function heapMerge(table: RankTable, bytes: Uint8Array, length: number): number {
  // next[s]: where the part starting at s ends (the next part's start); -1 once merged away.
  const next = new Int32Array(length);
  const previous = new Int32Array(length);
  // The rank of the part starting at s joined with the next one (Infinity when not a token).
  const pairRanks = new Float64Array(length);
  const heap = new MinHeap();
  const keyOf = (rank: number, start: number) => rank * length + start;
  const pairRank = (start: number): number => {
    const end = next[start]!;
    if (end >= length) return Infinity;
    const rank = table.rank(bytes, start, next[end]!);
    return rank < 0 ? Infinity : rank;
  };
  const update = (start: number): void => {
    const rank = pairRank(start);
    pairRanks[start] = rank;
    if (rank !== Infinity) heap.push(keyOf(rank, start));
  };
  for (let start = 0; start < length; start++) {
    next[start] = start + 1;
    previous[start] = start - 1;
  }
  for (let start = 0; start < length; start++) update(start);
  let parts = length;
  for (let key = heap.pop(); key !== undefined; key = heap.pop()) {
    const start = key % length;
    const rank = (key - start) / length;
    if (next[start] === -1 || pairRanks[start] !== rank) continue;
    // Join the part at `start` with the one after it.
    const removed = next[start]!;
    const after = next[removed]!;
    next[start] = after;
    next[removed] = -1;
    if (after < length) previous[after] = start;
    parts--;
    update(start);
    if (previous[start]! >= 0) update(previous[start]!);
  }
  return parts;
}

/** A binary min-heap of numbers. */
class MinHeap {
  private items: number[] = [];

  push(value: number): void {
    const items = this.items;
    let at = items.push(value) - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (items[parent]! <= value) break;
      items[at] = items[parent]!;
      at = parent;
    }
    items[at] = value;
  }

  pop(): number | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && items[right]! < items[left]! ? right : left;
      if (items[child]! >= last) break;
      items[at] = items[child]!;
      at = child;
    }
    items[at] = last;
    return top;
  }
}

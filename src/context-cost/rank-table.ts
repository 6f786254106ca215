/**
 * The o200k_base merge ranks as one binary file the counter reads in a few milliseconds, instead
 * of a JavaScript module of 200,000 strings that V8 must compile and a Map that must be filled
 * (~350 ms and ~100 ms of GC per run, most of a small `generate`). `npm run build` writes it to
 * `dist/context-cost/o200k.bin` from OpenAI's `.tiktoken` data (scripts/build-rank-table.mjs).
 *
 * File layout (little-endian uint32 words, then bytes):
 *   [MAGIC, count, blobLength] · offsets[count + 1] · blob
 * The token of rank r is blob[offsets[r] .. offsets[r + 1]) (empty where a rank is unused).
 * Ranks are looked up by their bytes (tiktoken's own key), so tokens that are not valid UTF-8, or
 * begin with a byte-order mark, are found like any other.
 */
const MAGIC = 0x6b303032; // "200k", format 1
const HEADER_WORDS = 3;

/** The binary table from a `.tiktoken` file's text (lines of `base64-token rank`). */
export function encodeRankTable(tiktoken: string): Uint8Array {
  const tokens: Buffer[] = [];
  for (const [index, line] of tiktoken.split("\n").entries()) {
    if (line === "") continue;
    const [token, rank] = line.split(" ");
    const value = Number(rank);
    if (token === undefined || !Number.isInteger(value) || value < 0) throw new Error(`rank table: line ${index + 1} is not "<base64> <rank>"`);
    tokens[value] = Buffer.from(token, "base64");
  }
  const blobLength = tokens.reduce((sum, token) => sum + token.length, 0);
  const words = new Uint32Array(HEADER_WORDS + tokens.length + 1);
  words.set([MAGIC, tokens.length, blobLength]);
  const blob = new Uint8Array(blobLength);
  let offset = 0;
  for (let rank = 0; rank < tokens.length; rank++) {
    words[HEADER_WORDS + rank] = offset;
    const token = tokens[rank];
    if (token !== undefined) blob.set(token, offset);
    offset += token?.length ?? 0;
  }
  words[HEADER_WORDS + tokens.length] = offset;
  const file = new Uint8Array(words.byteLength + blobLength);
  file.set(new Uint8Array(words.buffer), 0);
  file.set(blob, words.byteLength);
  return file;
}

/** Rank lookup by bytes: an open-addressing hash table over the file's tokens, built on load (~20 ms). */
export class RankTable {
  private readonly offsets: Uint32Array;
  private readonly blob: Uint8Array;
  private readonly slots: Int32Array; // rank + 1; 0 is empty
  private readonly mask: number;
  /** The longest token's length: a longer span is no token, without hashing it (long pieces are merged from their bytes up). */
  private readonly longest: number;

  constructor(file: Uint8Array) {
    const aligned = file.byteOffset % 4 === 0 ? file : file.slice();
    const header = aligned.byteLength < HEADER_WORDS * 4 ? [] : new Uint32Array(aligned.buffer, aligned.byteOffset, HEADER_WORDS);
    const [magic, count, blobLength] = header;
    if (magic !== MAGIC || count === undefined || blobLength === undefined || aligned.byteLength !== (HEADER_WORDS + count + 1) * 4 + blobLength) {
      throw new Error("rank table: not an o200k rank table of this version");
    }
    this.offsets = new Uint32Array(aligned.buffer, aligned.byteOffset + HEADER_WORDS * 4, count + 1);
    this.blob = new Uint8Array(aligned.buffer, aligned.byteOffset + (HEADER_WORDS + count + 1) * 4, blobLength);
    let size = 1;
    while (size < count * 2) size *= 2; // load factor ≤ 0.5: short probes
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    let longest = 0;
    for (let rank = 0; rank < count; rank++) {
      const start = this.offsets[rank]!;
      const end = this.offsets[rank + 1]!;
      if (end === start) continue;
      if (end - start > longest) longest = end - start;
      let slot = hashBytes(this.blob, start, end) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = rank + 1;
    }
    this.longest = longest;
  }

  /** The rank of `bytes[start..end)`, or -1 when it is not a token. */
  rank(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start;
    if (length > this.longest) return -1;
    for (let slot = hashBytes(bytes, start, end) & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) return -1;
      const rank = entry - 1;
      const from = this.offsets[rank]!;
      if (this.offsets[rank + 1]! - from === length && this.sameBytes(from, bytes, start, length)) return rank;
    }
  }

  private sameBytes(from: number, bytes: Uint8Array, start: number, length: number): boolean {
    for (let index = 0; index < length; index++) if (this.blob[from + index] !== bytes[start + index]) return false;
    return true;
  }
}

/** FNV-1a, 32 bits. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
  return hash >>> 0;
}

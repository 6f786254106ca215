/**
 * The stdio read buffer (runtime/src/wire/line-buffer.ts) held to the SDK's own `ReadBuffer`:
 * the same byte streams, cut into chunks anywhere (inside a line, inside a UTF-8 character,
 * between `\r` and `\n`), read the way the SDK's transport reads them, give the same messages,
 * the same errors and the same size-limit failures. The whole path over real pipes is every
 * stdio test; `test/faults/stdio.test.ts` and `test/capture/hostile.test.ts` hold the size limit as users see it.
 */
import { deserializeMessage, ReadBuffer } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineBuffer, useLineBuffer } from "../../runtime/src/wire/line-buffer.js";

interface Reader {
  append(chunk: Buffer): void;
  readMessage(): unknown;
}

/** What the SDK's stdio transport does with each chunk, as a list of what came out. */
function drive(reader: Reader, chunks: readonly Buffer[]): unknown[] {
  const out: unknown[] = [];
  for (const chunk of chunks) {
    try {
      reader.append(chunk);
    } catch (error) {
      out.push({ appendError: (error as Error).message });
      continue;
    }
    for (;;) {
      try {
        const message = reader.readMessage();
        if (message === null) break;
        out.push({ message });
      } catch (error) {
        out.push({ readError: (error as Error).constructor.name });
      }
    }
  }
  return out;
}

const LINES = [
  JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools: [] } }),
  JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "ünïcödé 😀 中文" } }),
  JSON.stringify({ jsonrpc: "2.0", id: 2, result: { text: "x".repeat(3000) } }),
  JSON.stringify({ jsonrpc: "2.0", id: "__proto__", result: {} }),
  "Server started on stdio",
  '{"level":30,"msg":"a JSON log line"}',
  "{not json",
  "",
  "   ",
];

const stream = fc.record({
  lines: fc.array(fc.record({ text: fc.constantFrom(...LINES), crlf: fc.boolean() }), { maxLength: 12 }),
  partial: fc.constantFrom("", '{"jsonrpc":"2.0","id":9', "😀"),
  cuts: fc.array(fc.nat(), { maxLength: 12 }),
});

function chunksOf(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const at = [...new Set(cuts.map((cut) => (bytes.length === 0 ? 0 : cut % bytes.length)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const cut of [...at, bytes.length]) {
    if (cut > from) chunks.push(bytes.subarray(from, cut));
    from = cut;
  }
  return chunks;
}

describe("LineBuffer", () => {
  it("reads what the SDK's ReadBuffer reads, however the bytes are cut", () => {
    fc.assert(
      fc.property(stream, ({ lines, partial, cuts }) => {
        const bytes = Buffer.from(lines.map(({ text, crlf }) => `${text}${crlf ? "\r\n" : "\n"}`).join("") + partial);
        const chunks = chunksOf(bytes, cuts);
        expect(drive(new LineBuffer(10 * 1024 * 1024, deserializeMessage), chunks)).toEqual(drive(new ReadBuffer(), chunks));
      }),
      { numRuns: 500, seed: 31 },
    );
  });

  it("fails past its size limit as the SDK does, and reads on after", () => {
    fc.assert(
      fc.property(stream, fc.integer({ min: 16, max: 5000 }), ({ lines, partial, cuts }, limit) => {
        const bytes = Buffer.from(lines.map(({ text, crlf }) => `${text}${crlf ? "\r\n" : "\n"}`).join("") + partial);
        const chunks = chunksOf(bytes, cuts);
        expect(drive(new LineBuffer(limit, deserializeMessage), chunks)).toEqual(drive(new ReadBuffer({ maxBufferSize: limit }), chunks));
      }),
      { numRuns: 500, seed: 32 },
    );
  });

  it("joins a long line's chunks once, not once per chunk", () => {
    const message = { jsonrpc: "2.0", id: 1, result: { text: "y".repeat(4 * 1024 * 1024) } };
    const bytes = Buffer.from(`${JSON.stringify(message)}\n`);
    const reader = new LineBuffer(10 * 1024 * 1024, deserializeMessage);
    const concat = Buffer.concat;
    let joined = 0;
    Buffer.concat = ((list: readonly Uint8Array[], total?: number) => {
      joined += list.reduce((sum, part) => sum + part.length, 0);
      return concat(list, total);
    }) as typeof Buffer.concat;
    try {
      expect(drive(reader, chunksOf(bytes, Array.from({ length: 64 }, (_, index) => index * 65_536)))).toEqual([{ message }]);
    } finally {
      Buffer.concat = concat;
    }
    // The SDK's buffer copies ~32 times the message here (64 chunks).
    expect(joined).toBe(bytes.length - 1);
  });

  it("replaces only a read buffer it recognises", () => {
    const transport = { _readBuffer: new ReadBuffer() };
    useLineBuffer(transport, 100, deserializeMessage);
    expect(transport._readBuffer).toBeInstanceOf(LineBuffer);
    const other = { _readBuffer: { append: () => undefined } };
    useLineBuffer(other, 100, deserializeMessage);
    expect(other._readBuffer).not.toBeInstanceOf(LineBuffer);
    const none = {};
    useLineBuffer(none, 100, deserializeMessage);
    expect(none).toEqual({});
  });
});

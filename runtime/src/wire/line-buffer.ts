/**
 * A stdio transport's read buffer that costs time in proportion to what it reads.
 *
 * The SDK's `ReadBuffer` joins everything buffered with each chunk as it arrives (`Buffer.concat`
 * per pipe read of 64 KB) and searches the whole of it for a newline every time. A message of n
 * bytes is copied about n / 64 KB times: a 2.4 MB listing copies ~45 MB into fresh memory (130 ms
 * on a 2-core VM where the copy faults every page, against 17 ms read once; docs/performance.md),
 * and a tool result of 8 MB ~500 MB.
 *
 * This one keeps the chunks of the line being read, looks for the newline in each new chunk only,
 * and joins a line's chunks once. Its contract is the SDK's (the transport calls `append` for
 * each chunk, then `readMessage` until it returns null): the same size limit and error text, the
 * same parsing (the SDK's own `deserializeMessage`), lines that are not JSON skipped as the SDK
 * skips them.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/client";

const NEWLINE = 0x0a;

/** The SDK's `deserializeMessage`: JSON, then its JSON-RPC schema. */
export type DeserializeMessage = (line: string) => JSONRPCMessage;

export class LineBuffer {
  /** The unread bytes, in arrival order. */
  #chunks: Buffer[] = [];
  #bytes = 0;
  /** How many of `#chunks` are known to hold no newline. */
  #scanned = 0;

  constructor(
    private readonly maxBufferSize: number,
    private readonly deserialize: DeserializeMessage,
  ) {}

  append(chunk: Buffer): void {
    if (this.#bytes + chunk.length > this.maxBufferSize) {
      this.clear();
      // The SDK's words: callers (the capture, transport-watch) recognise the limit by them.
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBufferSize} bytes`);
    }
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
  }

  readMessage(): JSONRPCMessage | null {
    for (let line = this.#takeLine(); line !== null; line = this.#takeLine()) {
      try {
        return this.deserialize(line);
      } catch (error) {
        // Not JSON (a log line): skipped, as the SDK skips it. Not JSON-RPC: the caller's to report.
        if (!(error instanceof SyntaxError)) throw error;
      }
    }
    return null;
  }

  clear(): void {
    this.#chunks = [];
    this.#bytes = 0;
    this.#scanned = 0;
  }

  /** The next complete line as text (without its `\n` and a `\r` before it), or null. */
  #takeLine(): string | null {
    for (let index = this.#scanned; index < this.#chunks.length; index++) {
      const chunk = this.#chunks[index]!;
      const newline = chunk.indexOf(NEWLINE);
      if (newline === -1) continue;
      const parts = this.#chunks.slice(0, index);
      parts.push(chunk.subarray(0, newline));
      const rest = chunk.subarray(newline + 1);
      this.#chunks = rest.length > 0 ? [rest, ...this.#chunks.slice(index + 1)] : this.#chunks.slice(index + 1);
      const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
      this.#bytes -= bytes.length + 1;
      this.#scanned = 0;
      return bytes.toString("utf8").replace(/\r$/, "");
    }
    this.#scanned = this.#chunks.length;
    return null;
  }
}

/**
 * Puts a LineBuffer in place of the SDK transport's own read buffer (private state, read
 * defensively: a transport without one it recognises keeps its own). Before `start()`, which
 * hands the buffer each chunk; the era probe's sibling processes keep the SDK's (a few small messages).
 */
export function useLineBuffer(transport: object, maxBufferSize: number, deserialize: DeserializeMessage): void {
  const internals = transport as { _readBuffer?: Partial<Record<"append" | "readMessage" | "clear", unknown>> };
  const current = internals._readBuffer;
  if (typeof current?.append !== "function" || typeof current.readMessage !== "function" || typeof current.clear !== "function") return;
  (internals as { _readBuffer: LineBuffer })._readBuffer = new LineBuffer(maxBufferSize, deserialize);
}

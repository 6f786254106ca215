import type { Stream } from "node:stream";

const TAIL_CHARS = 2_000;
const ERROR_WORDS = /error|exception|cannot|failed|not found|denied/i;

/** Where an open keeps the tail of its current child's stderr (each era attempt starts a new one). */
export interface StderrTailSlot {
  current: StderrTail | undefined;
}

/**
 * Drains a stdio server's stderr (so the child never blocks on a full pipe) and keeps only
 * its last characters, to explain why a server failed to start or died.
 */
export class StderrTail {
  #text = "";

  constructor(stream: Stream) {
    stream.on("data", (chunk: Buffer | string) => {
      const next = this.#text + String(chunk);
      this.#text = next.length > TAIL_CHARS ? next.slice(-TAIL_CHARS) : next;
    });
    // A broken pipe on stderr is not the caller's problem: the stdout side reports failures.
    stream.on("error", () => undefined);
  }

  /** The last `count` non-empty lines, joined with " | " (a crash's context, not only its last words). */
  lastLines(count = 3): string {
    return this.#text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("Node.js v"))
      .slice(-count)
      .join(" | ");
  }

  /**
   * The line that best explains a failure: the last one that reads like an error, else the
   * last non-empty one; "" when the server wrote nothing.
   */
  summary(): string {
    const lines = this.#text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("Node.js v"));
    const errorLine = lines.findLast((line) => ERROR_WORDS.test(line));
    return errorLine ?? lines[lines.length - 1] ?? "";
  }
}

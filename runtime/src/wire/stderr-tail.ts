import type { Stream } from "node:stream";
import { CrashReport, isStackFrame } from "./crash-report.js";

const TAIL_CHARS = 2_000;
const ERROR_WORDS = /error|exception|fatal|cannot|failed|not found|denied/i;
/** Terminal colour codes (SGR), which loggers add even on a pipe: decoration, left out of messages. */
// eslint-disable-next-line no-control-regex
const COLOUR = /\u001b\[[0-9;]*m/g;

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
  readonly #crash = new CrashReport();

  constructor(stream: Stream) {
    stream.on("data", (chunk: Buffer | string) => {
      const text = String(chunk).replace(COLOUR, "");
      const next = this.#text + text;
      this.#text = next.length > TAIL_CHARS ? next.slice(-TAIL_CHARS) : next;
      this.#crash.write(text);
    });
    // A broken pipe on stderr is not the caller's problem: the stdout side reports failures.
    stream.on("error", () => undefined);
  }

  /**
   * The last `count` non-empty lines, joined with " | " (a crash's context, not only its last
   * words); for a Node child that died of an uncaught exception, its message and first frame.
   */
  lastLines(count = 3): string {
    const crash = this.#crash.last;
    if (crash !== undefined) return crash;
    return this.#lines().slice(-count).join(" | ");
  }

  /**
   * The line that best explains a failure: an uncaught exception's message and first frame, else
   * the last line that reads like an error, else the last non-empty one; "" when the server wrote
   * nothing.
   */
  summary(): string {
    const crash = this.#crash.last;
    if (crash !== undefined) return crash;
    const lines = this.#lines();
    const errorLine = lines.findLast((line) => ERROR_WORDS.test(line));
    return errorLine ?? lines[lines.length - 1] ?? "";
  }

  /** The kept tail's lines that say something: not empty, not a stack frame, not Node's version. */
  #lines(): string[] {
    return this.#text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("Node.js v") && !isStackFrame(line));
  }
}

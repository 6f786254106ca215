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
  #written = 0;
  readonly #crash = new CrashReport();

  constructor(stream: Stream) {
    stream.on("data", (chunk: Buffer | string) => {
      const text = String(chunk).replace(COLOUR, "");
      this.#written += text.length;
      const next = this.#text + text;
      this.#text = next.length > TAIL_CHARS ? withoutPartialWord(next.slice(-TAIL_CHARS)) : next;
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

  /** How many characters the child has written so far (colour codes left out): a mark for `errorLineSince`. */
  get written(): number {
    return this.#written;
  }

  /**
   * The last line that reads like an error among what the child wrote after `mark` (a `written`
   * value), as far as the kept tail reaches; undefined when there is none. What a server logs
   * while a request waits is the likeliest reason it never answered; a line from before is not.
   */
  errorLineSince(mark: number): string | undefined {
    const fresh = this.#written - mark;
    if (fresh <= 0) return undefined;
    // From the start of the line the fresh text begins in: a part of a line could be a part of a secret, which no mask matches.
    const start = this.#text.lastIndexOf("\n", this.#text.length - Math.min(fresh, this.#text.length) - 1) + 1;
    return this.#lines(this.#text.slice(start)).findLast((line) => ERROR_WORDS.test(line));
  }

  /** The kept tail's lines that say something: not empty, not a stack frame, not Node's version. */
  #lines(text = this.#text): string[] {
    return text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("Node.js v") && !isStackFrame(line));
  }
}

/**
 * A tail cut at a character count without the partial word it begins with: the cut may fall
 * inside a secret, and the secret's end alone is matched by no mask. (Not the partial line: a
 * long last line is the one that says why.)
 */
function withoutPartialWord(cut: string): string {
  const boundary = cut.search(/\s/);
  return boundary === -1 ? "" : cut.slice(boundary + 1);
}

interface StdioTransportLike {
  start(): Promise<void>;
  readonly stderr: Stream | null;
}

/**
 * Reads the stderr of a stdio transport's child (`stderr: "pipe"`) from the first byte, and of the
 * probe siblings the SDK builds from it: `server/discover` runs on a sibling before the transport
 * itself starts, so a server that hangs at start says why only there. The SDK discards a
 * sibling's stderr; it is piped here instead, and drained. The slot holds the tail of the child
 * started last. Must run after `trackOnSpawn`.
 */
export function tailStderr(transport: StdioTransportLike, slot: StderrTailSlot): void {
  const tail = transport.stderr ? new StderrTail(transport.stderr) : undefined;
  slot.current = tail;
  const start = transport.start.bind(transport);
  transport.start = () => {
    slot.current = tail;
    return start();
  };
  const Sibling = transport.constructor as new (params: unknown) => StdioTransportLike;
  function TailedSibling(params: unknown): StdioTransportLike {
    const sibling = new Sibling(params !== null && typeof params === "object" ? { ...params, stderr: "pipe" } : params);
    tailStderr(sibling, slot);
    return sibling;
  }
  Object.defineProperty(transport, "constructor", { value: TailedSibling, configurable: true, writable: true });
}

/**
 * A connection's view of its stdio child's stderr across opens (wire/stderr-tail.ts), for
 * requests that time out: a server that cannot reach its backend often logs why on stderr and
 * never answers. Only what the child wrote while the request waited is quoted (all of it, when
 * the request waited for an open): a line from before does not explain this request. Failed
 * opens quote the tail themselves (`OpenFailure.stderr`).
 */
import { redact } from "../shared/placeholders.js";
import type { StderrTail, StderrTailSlot } from "../wire/stderr-tail.js";

/** A quoted line is server text: kept to this many characters. */
const LINE_CHARS = 200;

export interface StderrMark {
  tail: StderrTail | undefined;
  written: number;
}

export class StderrAccount {
  /** Handed to every open, which keeps its child's tail here (none for HTTP, or `stderr` other than "pipe"). */
  readonly slot: StderrTailSlot = { current: undefined };
  #secrets: readonly string[] = [];

  /** An open is about to start: its child's stderr is the one to read from now on. */
  opening(secrets: readonly string[]): void {
    this.slot.current = undefined;
    this.#secrets = secrets;
  }

  /** Where a request starts reading: the current child's stderr so far, or nothing when it waits for an open. */
  mark(connecting: boolean): StderrMark {
    const tail = connecting ? undefined : this.slot.current;
    return { tail, written: tail?.written ?? 0 };
  }

  /** The error-like line written since `mark` (by a new child: since it started), secrets masked; undefined when none. */
  lineSince(mark: StderrMark): string | undefined {
    const tail = this.slot.current;
    const line = tail?.errorLineSince(tail === mark.tail ? mark.written : 0);
    if (line === undefined) return undefined;
    const masked = redact(line, this.#secrets);
    return masked.length > LINE_CHARS ? `${masked.slice(0, LINE_CHARS - 1)}…` : masked;
  }
}

/**
 * The uncaught-exception report a Node child prints as it dies, read from its stderr line by
 * line: the error's message, its `[cause]` when it has one, and the first frame of its stack
 * outside Node's own modules. Such a report ends with stack frames, then the error's own
 * properties (`{ code: …, [cause]: Error: getaddrinfo ENOTFOUND …, … }`) and `Node.js vX`, so
 * the last lines of stderr are frames and brackets while the message sits higher up, sometimes
 * beyond any tail worth keeping (a module loader lists every path it tried).
 */

/** A stack frame line, trimmed: `at f (file.js:1:2)`, `at async Promise.all (index 0)`, `at node:internal/x:3:4 {`; not `at 10:00 the job ran`. */
const FRAME = /^at (?:async )?\S.*(?::\d+:\d+\)?|\((?:native|<anonymous>|index \d+)\))(?: \{)?$/;

/** Whether a trimmed line is a stack frame (`at f (file.js:1:2)`). */
export function isStackFrame(line: string): boolean {
  return FRAME.test(line);
}

/** A line that opens an error's message: `TypeError: …`, `Error [ERR_X]: …`, `Fatal error in main(): Error: …`. */
const ERROR_HEAD = /(?:^|[\s:])\w*(?:Error|Exception)(?: \[\w+\])?: /;
/** `[cause]: Error: …`, the first line of the cause among an error's properties. */
const CAUSE = /^\[cause\]: (.+)$/;
/** A frame in Node's own modules (`at node:internal/deps/undici/undici:14976:13`): it names no file of the server. */
const INTERNAL_FRAME = /\(?node:internal\//;
/** A line longer than this is kept cut: a line that never ends must not grow without bound. */
const MAX_LINE_CHARS = 4_096;
/** An error-opening line further up than this from the frames is not their message (a message may span lines: a module loader lists the paths it tried). */
const MAX_MESSAGE_LINES = 32;

export class CrashReport {
  #partial = "";
  /** The last line that is not part of a frames block or an error's properties. */
  #previous = "";
  /** The last error-opening line since the last frames block, and how many lines came after it. */
  #head: string | undefined;
  #sinceHead = 0;
  #inFrames = false;
  #inProperties = false;
  /** The last report: its message, cause (from the properties) and the frame shown. */
  #report: { message: string; cause?: string; frame: string } | undefined;
  /** Nothing but the report's own tail has come since it. */
  #last = false;

  /** Feeds a chunk of the stream as it arrives (lines may be split across chunks). */
  write(chunk: string): void {
    const lines = (this.#partial + chunk).split(/\r?\n/);
    this.#partial = (lines.pop() ?? "").slice(0, MAX_LINE_CHARS);
    for (const line of lines) this.#line(line.slice(0, MAX_LINE_CHARS));
  }

  /** `TypeError: fetch failed | [cause]: Error: getaddrinfo ENOTFOUND x | at f (file.js:1:2)` when the stream ends with such a report. */
  get last(): string | undefined {
    const report = this.#report;
    if (!this.#last || this.#partial.trim() !== "" || report === undefined) return undefined;
    return [report.message, ...(report.cause === undefined ? [] : [`[cause]: ${report.cause}`]), report.frame].join(" | ");
  }

  #line(raw: string): void {
    const line = raw.trim();
    if (line === "" || line.startsWith("Node.js v")) return;
    if (this.#inProperties) {
      // The block's own closing brace is the one at the start of its line; nested ones are indented.
      if (raw.trimEnd() === "}") this.#inProperties = false;
      const cause = CAUSE.exec(line)?.[1];
      if (cause !== undefined && this.#report !== undefined && /\w/.test(cause)) this.#report.cause ??= cause.replace(/ \{$/, "");
      return;
    }
    if (isStackFrame(line)) {
      const frame = line.replace(/ \{$/, "");
      if (!this.#inFrames && this.#previous !== "") {
        const message = this.#head !== undefined && this.#sinceHead <= MAX_MESSAGE_LINES ? this.#head : this.#previous;
        this.#report = { message, frame };
        this.#last = true;
        this.#head = undefined;
      } else if (this.#inFrames && this.#report !== undefined && INTERNAL_FRAME.test(this.#report.frame) && !INTERNAL_FRAME.test(frame)) {
        this.#report.frame = frame;
      }
      this.#inFrames = true;
      // Node prints the error's own properties after its last frame: `    at f (…) {` … `}`.
      if (line.endsWith(" {")) this.#inProperties = true;
      return;
    }
    this.#inFrames = false;
    this.#previous = line;
    this.#sinceHead++;
    if (ERROR_HEAD.test(line)) {
      this.#head = line;
      this.#sinceHead = 0;
    }
    this.#last = false;
  }
}

/**
 * Text on a stdio server's stdout that is not JSON-RPC: a banner (`Server started on stdio`), a
 * coloured log line. The SDK skips such lines without a word (only JSON that fails the
 * JSON-RPC schema reaches `onerror`), so a server that logs to stdout looks either fine or, when
 * its answers are lost among the noise, merely silent until a timeout. This reads the child's
 * stdout beside the SDK (a second `data` listener takes nothing from it) and keeps the first
 * offending line, so messages can name the noise instead of a bare timeout.
 *
 * A line that does not start with `{` is noise (every JSON-RPC message a server writes starts
 * with it); a short line that does is parsed, and is noise unless it is a JSON-RPC 2.0 object (a
 * JSON logger's line). Long lines are never parsed twice: a listing of megabytes costs one
 * `indexOf` per line.
 */
import type { Stream } from "node:stream";
import { redact } from "../shared/placeholders.js";
import { printableLine } from "./printable-line.js";

/** Characters of the offending line kept (before redaction: a secret is never cut in two by the quote's shortening). */
const KEPT_CHARS = 2_000;
/** Characters of it quoted in a message. */
const QUOTED_CHARS = 80;

/** JSON lines up to this size are parsed to tell log lines from messages (log lines are short; listings are not, and are left to the SDK). */
const SHORT_JSON_BYTES = 4_096;

const OPEN_BRACE = 0x7b;
const NEWLINE = 0x0a;
/** Blank characters a line may start with (the `\r` of CRLF line ends included). */
const BLANKS = new Set([0x20, 0x09, 0x0d]);

/** What to do about it, for a server of one's own and for one that is not. */
export const STDOUT_NOISE_HINT =
  "a stdio server must write only JSON-RPC messages on stdout and log to stderr (for a server you do not control: its quiet or log-to-stderr option, or a wrapper script that redirects its logging)";

type LineState = "start" | "json" | "noise";

export class StdoutNoise {
  /** Lines seen that are not JSON-RPC. */
  lines = 0;
  /** Called once, when the first offending line is seen (with as much of it as has arrived). */
  onFirst: (() => void) | undefined;
  /** Called at the start of every offending line. */
  onLine: (() => void) | undefined;
  #state: LineState = "start";
  #first: string | undefined;
  #firstOpen = false;
  /** The JSON line being read, while it is short enough to check. */
  #json: { parts: Buffer[]; bytes: number } | undefined;

  /** Reads `stream` (a child's stdout) beside its other readers. */
  watch(stream: Stream): void {
    stream.on("data", (chunk: Buffer | string) => this.scan(typeof chunk === "string" ? Buffer.from(chunk) : chunk));
    // Its errors are the transport's to report.
    stream.on("error", () => undefined);
  }

  /** Whether anything that is not JSON-RPC was written. */
  get seen(): boolean {
    return this.#first !== undefined;
  }

  /**
   * `text that is not JSON-RPC on stdout ("…")`: the first offending line, with the given secrets
   * masked, control characters escaped and the quote shortened; "" when the stdout was clean.
   */
  quote(secrets: readonly string[]): string {
    if (this.#first === undefined) return "";
    const quoted = printableLine(redact(this.#first, secrets), QUOTED_CHARS);
    return `text that is not JSON-RPC on stdout ("${quoted}")`;
  }

  scan(chunk: Buffer): void {
    const wasSeen = this.seen;
    let at = 0;
    while (at < chunk.length) {
      if (this.#state === "start") {
        const byte = chunk[at]!;
        if (byte === NEWLINE || BLANKS.has(byte)) {
          at++;
          continue;
        }
        this.#state = byte === OPEN_BRACE ? "json" : "noise";
        if (this.#state === "noise") this.#beginNoise();
        else this.#json = { parts: [], bytes: 0 };
        continue;
      }
      const newline = chunk.indexOf(NEWLINE, at);
      const end = newline === -1 ? chunk.length : newline;
      if (this.#state === "noise" && this.#firstOpen) this.#keep(chunk, at, end);
      if (this.#state === "json") this.#collect(chunk, at, end);
      if (newline === -1) break;
      if (this.#state === "noise") this.#firstOpen = false;
      if (this.#state === "json") this.#endJson();
      this.#state = "start";
      at = newline + 1;
    }
    if (!wasSeen && this.seen) this.onFirst?.();
  }

  #beginNoise(): void {
    this.lines++;
    this.onLine?.();
    if (this.#first !== undefined) return;
    this.#first = "";
    this.#firstOpen = true;
  }

  /** A short JSON line is kept until its end, to be checked; a long one (a listing) is the SDK's alone. */
  #collect(chunk: Buffer, from: number, to: number): void {
    const json = this.#json;
    if (json === undefined) return;
    json.bytes += to - from;
    if (json.bytes > SHORT_JSON_BYTES) this.#json = undefined;
    else json.parts.push(chunk.subarray(from, to));
  }

  /** A JSON log line (`{"level":30,"msg":"started"}`) is noise too: the SDK reports it only as a schema error. */
  #endJson(): void {
    const json = this.#json;
    this.#json = undefined;
    if (json === undefined) return;
    const line = Buffer.concat(json.parts).toString("utf8");
    if (isJsonRpcLine(line)) return;
    this.#beginNoise();
    if (this.#firstOpen) this.#first = line.slice(0, KEPT_CHARS);
    this.#firstOpen = false;
  }

  #keep(chunk: Buffer, from: number, to: number): void {
    const room = KEPT_CHARS - (this.#first ?? "").length;
    if (room <= 0) return;
    this.#first = (this.#first ?? "") + chunk.toString("utf8", from, Math.min(to, from + room));
  }
}

/**
 * Watches the stdout of a stdio transport's child, and of the probe siblings the SDK builds
 * from it (`server/discover` runs on one of those before the transport itself starts: a server
 * that never answers is seen only there). Both must run after `trackOnSpawn`.
 */
export function watchStdout(transport: { start(): Promise<void> }, noise: StdoutNoise): void {
  const start = transport.start.bind(transport);
  transport.start = () => {
    const started = start();
    // The SDK keeps its ChildProcess private (`_process`, set synchronously by start()): read defensively.
    const child = (transport as unknown as { _process?: { stdout?: Stream | null } })._process;
    if (child?.stdout) noise.watch(child.stdout);
    return started;
  };
  const Sibling = transport.constructor as new (params: unknown) => { start(): Promise<void> };
  function NoisySibling(params: unknown): { start(): Promise<void> } {
    const sibling = new Sibling(params);
    watchStdout(sibling, noise);
    return sibling;
  }
  Object.defineProperty(transport, "constructor", { value: NoisySibling, configurable: true, writable: true });
}

function isJsonRpcLine(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null && (value as { jsonrpc?: unknown }).jsonrpc === "2.0";
  } catch {
    return false;
  }
}

/**
 * Bounds on what a server may send in one piece: an HTTP response body (a JSON answer, or one
 * event of an SSE stream: a stream that lives long, such as a long tool's progress, may carry
 * any number of events), and the `requestState` a 2026-07-28 server asks the client to echo
 * back on every round. Without them a hostile server could stream gigabytes into one JSON parse,
 * or make the client hold and resend an ever larger state.
 */
import type { FetchLike } from "@modelcontextprotocol/client";

/** Default of `maxResponseBytes`: the generator's `maxListingBytes`, a listing being the largest answer expected. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Default of `maxRequestStateBytes`: an opaque token the server mints, not a payload. */
export const DEFAULT_MAX_REQUEST_STATE_BYTES = 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/** A response over the limit: what the call reports (the server is named by the runtime's error). */
export class ResponseTooLarge extends Error {
  override name = "ResponseTooLarge";
  constructor(limit: number, what: string) {
    super(`the server sent ${what} larger than maxResponseBytes (${limit} bytes)`);
  }
}

/** The fetch of one HTTP transport, bounding every successful response; remembers the last overflow. */
export class ResponseLimit {
  readonly max: number;
  /** The last overflow, until the request whose stream it ended reports it. */
  #exceeded: ResponseTooLarge | undefined;

  constructor(max: number) {
    this.max = max;
  }

  take(): ResponseTooLarge | undefined {
    const exceeded = this.#exceeded;
    this.#exceeded = undefined;
    return exceeded;
  }

  wrap(fetch: FetchLike): FetchLike {
    return async (url, init) => {
      const response = await fetch(url, init);
      if (!response.ok || response.body === null) return response;
      const type = response.headers.get("content-type") ?? "";
      const stream = type.startsWith("text/event-stream");
      const length = Number(response.headers.get("content-length") ?? Number.NaN);
      // A declared length within the limit is all the body can be (HTTP framing).
      if (!stream && length <= this.max) return response;
      if (!stream && length > this.max) {
        void response.body.cancel().catch(() => undefined);
        throw new ResponseTooLarge(this.max, "a response");
      }
      const body = response.body.pipeThrough(stream ? this.#eventCounter() : this.#bodyCounter());
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  }

  /**
   * Ends the body with the overflow. An SSE stream's reader only reports it as a broken stream
   * (by text): it is remembered for the request whose stream it was. A JSON body's reader throws
   * the error itself.
   */
  #overflow(controller: TransformStreamDefaultController<Uint8Array>, what: "a response" | "an event"): void {
    const error = new ResponseTooLarge(this.max, what);
    if (what === "an event") this.#exceeded = error;
    controller.error(error);
  }

  /** A JSON body: every byte counts. */
  #bodyCounter(): TransformStream<Uint8Array, Uint8Array> {
    let total = 0;
    return new TransformStream({
      transform: (chunk, controller) => {
        total += chunk.byteLength;
        if (total > this.max) return this.#overflow(controller, "a response");
        controller.enqueue(chunk);
      },
    });
  }

  /** An SSE stream: the bytes of the event being read count (an empty line ends an event). */
  #eventCounter(): TransformStream<Uint8Array, Uint8Array> {
    let pending = 0;
    /** The line being read has a character other than CR. */
    let lineHasContent = false;
    return new TransformStream({
      transform: (chunk, controller) => {
        let boundaryEnd = -1;
        let from = 0;
        for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, from)) {
          if (hasContent(chunk, from, at)) lineHasContent = true;
          if (!lineHasContent) boundaryEnd = at + 1;
          lineHasContent = false;
          from = at + 1;
        }
        if (hasContent(chunk, from, chunk.byteLength)) lineHasContent = true;
        pending = boundaryEnd === -1 ? pending + chunk.byteLength : chunk.byteLength - boundaryEnd;
        if (pending > this.max) return this.#overflow(controller, "an event");
        controller.enqueue(chunk);
      },
    });
  }
}

function hasContent(chunk: Uint8Array, from: number, to: number): boolean {
  for (let index = from; index < to; index++) if (chunk[index] !== CR) return true;
  return false;
}

/** The size in bytes of a `requestState` over `max`, else undefined (cheap for the usual short state). */
export function oversizedState(state: unknown, max: number): number | undefined {
  if (typeof state !== "string") return undefined;
  if (state.length * 3 <= max) return undefined;
  const bytes = Buffer.byteLength(state, "utf8");
  return bytes > max ? bytes : undefined;
}

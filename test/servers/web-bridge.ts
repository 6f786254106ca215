/**
 * node:http ↔ web-standard `fetch` for the SDK 2.x HTTP handler (`createMcpHandler`): a request
 * in (its body streamed, or left out when a framework already parsed it), a response out
 * (streams included). Shared by the era servers and the OAuth test server's 2026-07-28 mode.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/** The web `Request` for `req`; `streamBody` false when the body was read already (express.json). */
export function webRequestOf(req: IncomingMessage, res: ServerResponse, url: URL, streamBody = true): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const abort = new AbortController();
  res.once("close", () => abort.abort());
  const hasBody = streamBody && req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method ?? "GET",
    headers,
    signal: abort.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as RequestInit);
}

/** Writes a web `Response` to `res`, streaming its body until it ends or the client goes away. */
export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The client went away mid-stream.
  }
  res.end();
}

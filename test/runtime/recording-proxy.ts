/**
 * A pass-through HTTP proxy on 127.0.0.1 that records the headers of every request before
 * forwarding it to a real server: lets tests see what the runtime put on the wire.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordingProxy {
  /** `target` with the proxy's host and port. */
  url(target: string): string;
  readonly requests: { method: string; path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const requests: RecordingProxy["requests"] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => {
      const url = new URL(path);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

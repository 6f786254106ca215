/**
 * The redirect target of `mcp-codegen login`: an HTTP server on the loopback interface (RFC
 * 8252 §7.3) that takes the one redirect the authorization server sends the browser to, shows
 * a short page, and hands the URL to the login flow.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CodegenError } from "@mcp-codegen/runtime/internal";

const DEFAULT_PATH = "/callback";
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

const PAGE = `<!doctype html><meta charset="utf-8"><title>mcp-codegen</title><p>Authorization received. You can close this window and return to the terminal.</p>`;

export interface Loopback {
  readonly redirectUrl: string;
  /** The URL the browser was redirected to; rejects after `timeoutMs`. */
  waitForRedirect(timeoutMs: number): Promise<URL>;
  close(): Promise<void>;
}

/** Listens on `fixed` (a loopback `redirectUrl` from the config) or on 127.0.0.1 at a random port. */
export async function startLoopback(server: string, fixed: string | undefined): Promise<Loopback> {
  const target = fixed === undefined ? undefined : loopbackTarget(server, fixed);
  const host = target?.hostname.replace(/^\[|\]$/g, "") ?? "127.0.0.1";
  const path = target?.pathname ?? DEFAULT_PATH;
  let deliver: (url: URL) => void = () => undefined;
  const redirected = new Promise<URL>((resolve) => (deliver = resolve));
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? host}`);
    if (req.method !== "GET" || url.pathname !== path) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(PAGE);
    deliver(url);
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", (error) => reject(new CodegenError("config", `cannot listen for the login redirect on ${host}:${target?.port || "random port"}: ${error.message}`, { subject: `server "${server}"` })));
    http.listen(Number(target?.port || 0), host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const redirectUrl = target === undefined ? `http://127.0.0.1:${port}${DEFAULT_PATH}` : fixed!;
  return {
    redirectUrl,
    waitForRedirect: (timeoutMs) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CodegenError("server", `no authorization within ${Math.round(timeoutMs / 1000)} s (login timed out)`, { subject: `server "${server}"` })), timeoutMs);
      });
      return Promise.race([redirected, timeout]).finally(() => clearTimeout(timer));
    },
    close: () => {
      http.closeAllConnections();
      return new Promise((resolve) => http.close(() => resolve()));
    },
  };
}

function loopbackTarget(server: string, redirectUrl: string): URL {
  const url = new URL(redirectUrl);
  if (url.protocol !== "http:" || !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new CodegenError("config", "auth.redirectUrl must be a loopback http URL (http://127.0.0.1:PORT/…) for `mcp-codegen login`", { subject: `servers.${server}.auth.redirectUrl` });
  }
  return url;
}

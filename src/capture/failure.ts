/**
 * One line saying why a server could not be captured: the network, TLS, HTTP or process cause
 * found along the error's `cause` chain, instead of `fetch failed`.
 */
import { describeHttpRpcError, httpBodyTextOf, httpRpcErrorOf, httpStatusOf, type ResolvedServer } from "@mcp-codegen/runtime/internal/connect";
import { HTTP_STATUS_HINTS, NETWORK_CAUSES, SPAWN_CAUSES, TLS_CAUSES, type Where } from "./failure-causes.js";

/** The cause in a user's words, or undefined when the error says nothing about the network or process. */
export function describeFailure(error: unknown, server: ResolvedServer): string | undefined {
  const where = whereOf(server);
  for (const link of causeChain(error)) {
    const status = httpStatusOf(link);
    if (status !== undefined && status >= 400) {
      // A JSON-RPC error in the body is what the server said: that, not a guess from the status.
      const rpc = httpRpcErrorOf(link);
      if (rpc) return describeHttpRpcError(rpc, where.url);
      // Else the server's own words (a plain-text body), then what the status usually means.
      const body = httpBodyTextOf(link);
      const hint = HTTP_STATUS_HINTS[status];
      return `HTTP ${status} from ${where.url}${body ? `: ${body}` : ""}${hint ? ` (${hint})` : ""}`;
    }
    const code = codeOf(link);
    if (code === undefined) continue;
    if (server.kind === "stdio") {
      const spawn = SPAWN_CAUSES[code];
      if (spawn && /spawn/.test(String((link as { syscall?: unknown }).syscall ?? link.message))) return spawn(where);
      continue;
    }
    const network = NETWORK_CAUSES[code];
    if (network) return network(where);
    const tls = TLS_CAUSES[code] ?? (/^ERR_(SSL|TLS)_/.test(code) ? link.message : undefined);
    if (tls !== undefined) return `TLS error from ${where.host}:${where.port}: ${tls}`;
  }
  return undefined;
}

/**
 * The error's code, or one named in its message: the SDK's SSE transport keeps only the text of
 * the network error (`SSE error: TypeError: fetch failed: connect ECONNREFUSED 127.0.0.1:3917`).
 */
function codeOf(link: Error): string | undefined {
  const code = (link as { code?: unknown }).code;
  if (typeof code === "string") return code;
  if (/\bbad port\b/.test(link.message)) return "BAD_PORT";
  return /\b(E[A-Z]{3,}|UND_ERR_[A-Z_]+|CERT_[A-Z_]+|ERR_(?:SSL|TLS)_[A-Z_]+)\b/.exec(link.message)?.[1];
}

function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let link = error; link instanceof Error && chain.length < 10; link = link.cause) chain.push(link);
  return chain;
}

/** Host, port and a printable URL (origin and path: a query or user info may hold a secret). */
function whereOf(server: ResolvedServer): Where & { url: string } {
  if (server.kind === "stdio") return { host: "", port: "", command: server.command, url: "" };
  const { url } = server;
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return { host: url.hostname, port, command: "", url: `${url.origin}${url.pathname}` };
}

/**
 * What a low-level network or process error code means, in the words a user can act on.
 * `host` and `port` come from the configured URL (never from a resolved secret).
 */
export interface Where {
  host: string;
  port: string;
  command: string;
}

export const NETWORK_CAUSES: Readonly<Record<string, (where: Where) => string>> = {
  ECONNREFUSED: (w) => `connection refused ${w.host}:${w.port}`,
  ENOTFOUND: (w) => `DNS lookup failed for ${w.host}`,
  EAI_AGAIN: (w) => `DNS lookup failed for ${w.host} (temporary failure)`,
  ECONNRESET: (w) => `connection reset by ${w.host}:${w.port}`,
  ETIMEDOUT: (w) => `connection to ${w.host}:${w.port} timed out`,
  UND_ERR_CONNECT_TIMEOUT: (w) => `connection to ${w.host}:${w.port} timed out`,
  UND_ERR_SOCKET: (w) => `connection to ${w.host}:${w.port} closed unexpectedly`,
  EHOSTUNREACH: (w) => `host unreachable: ${w.host}`,
  ENETUNREACH: (w) => `network unreachable for ${w.host}`,
  EPIPE: (w) => `connection to ${w.host}:${w.port} closed while sending`,
  // fetch refuses some ports outright (the Fetch standard's "bad ports", such as 1, 25, 6000).
  BAD_PORT: (w) => `port ${w.port} is blocked by fetch (a "bad port" in the Fetch standard): use another port`,
};

/** Certificate problems (Node/OpenSSL codes); any other `ERR_SSL_*` / `ERR_TLS_*` is TLS too. */
export const TLS_CAUSES: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: "certificate has expired",
  CERT_NOT_YET_VALID: "certificate is not yet valid",
  DEPTH_ZERO_SELF_SIGNED_CERT: "self-signed certificate",
  SELF_SIGNED_CERT_IN_CHAIN: "self-signed certificate in the chain",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "unable to verify the certificate (missing intermediate or unknown CA)",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "unknown certificate authority (set NODE_EXTRA_CA_CERTS?)",
  ERR_TLS_CERT_ALTNAME_INVALID: "certificate does not match the host name",
  ERR_SSL_WRONG_VERSION_NUMBER: "the server did not answer with TLS (http:// instead of https://?)",
};

export const SPAWN_CAUSES: Readonly<Record<string, (where: Where) => string>> = {
  ENOENT: (w) => `command not found: ${w.command}`,
  EACCES: (w) => `command not executable: ${w.command}`,
  ENOTDIR: (w) => `command or working folder not found: ${w.command}`,
};

/** Hints for HTTP statuses a user can do something about. */
export const HTTP_STATUS_HINTS: Readonly<Record<number, string>> = {
  401: "unauthorized: check the Authorization header or the server's auth",
  403: "forbidden: the server refused this client (its credentials, or the hosts and origins the server allows)",
  404: "not found: check the URL path (often /mcp or /sse)",
  405: "method not allowed: not an MCP endpoint?",
  429: "rate limited",
  502: "bad gateway",
  503: "service unavailable",
};

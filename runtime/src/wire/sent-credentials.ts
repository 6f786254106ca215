/**
 * The credential an HTTP request carried in `Authorization` that the config did not hold: an
 * OAuth access token (the runtime's session, or a user's own SDK `authProvider`). A server may
 * repeat it in what it lists, so it joins the server's `credentials` (resolve-config.ts), which
 * its listings are masked with, as soon as it is sent.
 */
import type { FetchLike } from "@modelcontextprotocol/client";
import { looksLikeSecret } from "../shared/secret-names.js";
import { rememberSecrets } from "../shared/secret-registry.js";

/** `next`, noting each new `Authorization` credential it sends in `credentials` (which grows). */
export function notingSentCredentials(next: FetchLike, credentials: string[]): FetchLike {
  return (url, init) => {
    const credential = authorizationCredential(init?.headers);
    if (credential !== undefined && looksLikeSecret(credential) && !credentials.includes(credential)) {
      credentials.push(credential);
      rememberSecrets([credential]);
    }
    return next(url, init);
  };
}

/** What follows the scheme of an `Authorization` header (`Bearer <token>`), if any. */
function authorizationCredential(headers: RequestInit["headers"]): string | undefined {
  if (headers === undefined) return undefined;
  const value = new Headers(headers).get("authorization");
  const space = value?.indexOf(" ") ?? -1;
  return value === null || value === undefined || space < 0 ? undefined : value.slice(space + 1).trim();
}

/**
 * Puts an OAuth session into a resolved server's transport fetch, when its `auth` asks for a
 * flow the runtime drives and no `authProvider` of the user's takes precedence.
 */
import { fetchWithCallHeaders } from "../../wire/call-headers.js";
import { notingSentCredentials } from "../../wire/sent-credentials.js";
import type { ResolvedServer } from "../resolve-config.js";
import { OAuthSession } from "./authorization.js";
import type { OAuthOptions, OAuthStore } from "./types.js";

export type SessionOptions = Omit<OAuthOptions, "store"> & { store: OAuthStore };

/** The session for `resolved`, or undefined when the server needs none. */
export function oauthSessionFor(server: string, resolved: ResolvedServer, options: SessionOptions): OAuthSession | undefined {
  if (resolved.kind === "stdio" || resolved.auth === undefined || resolved.authProvider !== undefined) return undefined;
  return new OAuthSession({
    server,
    url: resolved.url,
    auth: resolved.auth,
    store: options.store,
    authorize: options.authorize,
    redirectUrl: options.redirectUrl,
    clientName: options.clientName,
    secrets: resolved.secrets,
  });
}

export function withOAuthSession(resolved: ResolvedServer, session: OAuthSession | undefined): ResolvedServer {
  if (session === undefined || resolved.kind === "stdio") return resolved;
  // The token the session sends is a credential of this server's too (masked in its listings).
  return { ...resolved, fetch: session.wrap(notingSentCredentials(fetchWithCallHeaders, resolved.credentials)) };
}

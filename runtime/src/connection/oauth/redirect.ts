/**
 * The URL an authorization server redirected back to: its `state` must be the one this attempt
 * sent (compared in constant time; each state serves one attempt), its `iss` (RFC 9207) the
 * issuer this attempt recorded, then it carries a `code` or an `error`.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { rememberSecrets } from "../../shared/secret-registry.js";
import { AuthorizationError } from "../../shared/errors.js";

/** 256 random bits, URL-safe. */
export function newState(): string {
  return randomBytes(32).toString("base64url");
}

/** The issuer an attempt recorded before sending the user agent away (from validated metadata). */
export interface RecordedIssuer {
  issuer: string | undefined;
  /** The metadata's `authorization_response_iss_parameter_supported`. */
  issSupported: boolean;
}

export interface AuthorizationResponse {
  code: string;
  /** The response's `iss`, passed on to the SDK (which checks it again before redeeming the code). */
  iss: string | undefined;
}

export function readRedirect(server: string, redirect: URL | string, expectedState: string | undefined, recorded: RecordedIssuer): AuthorizationResponse {
  const url = parseRedirect(server, redirect);
  const state = url.searchParams.get("state");
  if (expectedState === undefined || state === null || !sameText(state, expectedState)) {
    throw new AuthorizationError(server, "the authorization redirect does not carry this attempt's state; the authorization was abandoned");
  }
  // Before anything else of the response is read: in a mix-up its `error` text is the attacker's.
  const iss = url.searchParams.get("iss") ?? undefined;
  checkIssuer(server, iss, recorded);
  const error = url.searchParams.get("error");
  if (error !== null) throw new AuthorizationError(server, `the authorization server answered ${safeCode(error)}`);
  const code = url.searchParams.get("code");
  if (code === null || code === "") throw new AuthorizationError(server, "the authorization redirect carries no code");
  rememberSecrets([code]);
  return { code, iss };
}

/**
 * RFC 9207 §2.4 as MCP 2026-07-28 applies it: a present `iss` must equal the recorded issuer,
 * compared as plain strings (no URL normalisation); an absent one is refused only when the
 * issuer advertises that it sends it.
 */
function checkIssuer(server: string, iss: string | undefined, recorded: RecordedIssuer): void {
  const expected = recorded.issuer;
  if (iss === undefined) {
    if (!recorded.issSupported) return;
    throw new AuthorizationError(server, `the authorization response carries no iss, but issuer ${quoted(expected)} advertises authorization_response_iss_parameter_supported; no code was redeemed`);
  }
  if (expected !== undefined && iss === expected) return;
  throw new AuthorizationError(server, `the authorization response names issuer ${quoted(iss)}, but this authorization was started with issuer ${quoted(expected)} (RFC 9207 mix-up defence); no code was redeemed`);
}

/** Issuers are shown JSON-quoted and cut short: the received one is the other side's text. */
export function quoted(issuer: string | undefined): string {
  if (issuer === undefined) return "(none recorded)";
  return JSON.stringify(issuer.length > 200 ? `${issuer.slice(0, 200)}…` : issuer);
}

function parseRedirect(server: string, redirect: URL | string): URL {
  if (redirect instanceof URL) return redirect;
  try {
    return new URL(redirect);
  } catch {
    throw new AuthorizationError(server, "oauth.authorize returned something that is not a URL");
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** An OAuth error code is an ASCII token; anything else is shown as "an error". */
function safeCode(error: string): string {
  return /^[\w.-]{1,64}$/.test(error) ? `"${error}"` : "an error";
}

/**
 * The URL an authorization server redirected back to: its `state` must be the one this attempt
 * sent (compared in constant time; each state serves one attempt), then it carries a `code` or
 * an `error`.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { AuthorizationError } from "./errors.js";

/** 256 random bits, URL-safe. */
export function newState(): string {
  return randomBytes(32).toString("base64url");
}

export function codeFromRedirect(server: string, redirect: URL | string, expectedState: string | undefined): string {
  const url = parseRedirect(server, redirect);
  const state = url.searchParams.get("state");
  if (expectedState === undefined || state === null || !sameText(state, expectedState)) {
    throw new AuthorizationError(server, "the authorization redirect does not carry this attempt's state; the authorization was abandoned");
  }
  const error = url.searchParams.get("error");
  if (error !== null) throw new AuthorizationError(server, `the authorization server answered ${safeCode(error)}`);
  const code = url.searchParams.get("code");
  if (code === null || code === "") throw new AuthorizationError(server, "the authorization redirect carries no code");
  return code;
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

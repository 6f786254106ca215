/**
 * A URL of any scheme without its secrets: user info (`https://ghp_…@host`,
 * `postgresql://admin:pass@db`), token-like path segments, and credential-like parameters of
 * the query or the fragment (`#access_token=…`, where OAuth's implicit flow puts tokens) become
 * placeholders; the rest (placeholders included) is kept.
 */
import { envName, isSecretName, looksLikeToken } from "./secrets.js";
import { USER_INFO_AFTER_SCHEME } from "./secret-rules.js";
import { leaf, SCHEME, SECRET, type Scrub } from "./scrub.js";

/** Everything before the query, the query, the fragment. */
const URL_PARTS = /^([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

/** `url`: a marked value (marks.ts). */
export function urlWithoutSecrets(url: string, scrub: Scrub): string {
  const found = userInfoOf(url);
  if (found === undefined) return pathAndParamsWithoutSecrets(url, scrub);
  // The rest is judged as a URL of its own: its host, path, query and fragment.
  const rest = pathAndParamsWithoutSecrets(`${found.scheme}${found.rest}`, scrub).slice(found.scheme.length);
  return `${found.scheme}${userInfoPlaceholders(found.info, scrub)}@${rest}`;
}

/** A URL without user info: its token-like path segments and secret parameters become placeholders. */
function pathAndParamsWithoutSecrets(url: string, scrub: Scrub): string {
  const [, base = "", query, fragment] = URL_PARTS.exec(url) ?? [];
  return `${pathWithoutTokens(base, scrub)}${query === undefined ? "" : `?${paramsWithoutSecrets(query, scrub)}`}${fragment === undefined ? "" : `#${paramsWithoutSecrets(fragment, scrub)}`}`;
}

/** `user` or `user:password` become placeholders. */
function userInfoPlaceholders(info: string, scrub: Scrub): string {
  const colon = info.indexOf(":");
  const keep = (part: string, name: string) => leaf(part, envName(`${scrub.server}_${name}`), SECRET, scrub);
  return colon < 0 ? keep(info, "USER") : `${keep(info.slice(0, colon), "USER")}:${keep(info.slice(colon + 1), "PASSWORD")}`;
}

interface UserInfo {
  /** `scheme://` */
  scheme: string;
  /** Without the `@` that ends it. */
  info: string;
  /** The host and what follows it. */
  rest: string;
}

/** A host (and port) ending the text or followed by a path, query or fragment. */
const HOST_THEN_END = /^[^@/?#\s]+(?:[/?#]|$)/;

/**
 * The user info of `scheme://user:password@host…`, if any. Usually it is everything before the
 * last `@` that comes before the first `/`, `?` or `#` (USER_INFO_AFTER_SCHEME). A password
 * written with a raw `/`, `?` or `#` (as database URLs in the wild are: `postgres://app:p#ss@db/app`)
 * has no `@` before that delimiter: then the user info ends at the first `@` after the user's
 * colon after which a host stands. `host:8080/…?e=a@b.com` is a port, not a password, and an `@` past
 * an empty host (`postgres://app:pw@/db?host=/run&name=a@b`) is not looked at.
 */
function userInfoOf(url: string): UserInfo | undefined {
  const scheme = SCHEME.exec(url)?.[0];
  if (scheme === undefined) return undefined;
  const afterScheme = url.slice(scheme.length);
  const plain = USER_INFO_AFTER_SCHEME.exec(afterScheme);
  if (plain?.[1] !== undefined) return plain[1] === "" ? undefined : { scheme, info: plain[1], rest: afterScheme.slice(plain[0].length) };
  const colon = afterScheme.indexOf(":");
  if (colon < 0) return undefined;
  const user = afterScheme.slice(0, colon);
  if (/[/?#@\s]/.test(user)) return undefined;
  for (let at = afterScheme.indexOf("@", colon); at >= 0; at = afterScheme.indexOf("@", at + 1)) {
    const password = afterScheme.slice(colon + 1, at);
    if (/\s/.test(password) || /^\d+[/?]/.test(password)) return undefined;
    if (HOST_THEN_END.test(afterScheme.slice(at + 1))) return { scheme, info: `${user}:${password}`, rest: afterScheme.slice(at + 1) };
  }
  return undefined;
}

/** Token-like segments of the path become placeholders. */
function pathWithoutTokens(base: string, scrub: Scrub): string {
  const authorityEnd = base.indexOf("/", SCHEME.exec(base)?.[0].length ?? 0);
  if (authorityEnd < 0) return base;
  const segments = base.slice(authorityEnd).split("/");
  return `${base.slice(0, authorityEnd)}${segments.map((segment) => leaf(segment, envName(`${scrub.server}_URL_TOKEN`), looksLikeToken, scrub)).join("/")}`;
}

/**
 * `name=value&…` of a query or a fragment: a value whose name says secret, or that looks like a
 * token, becomes a placeholder named after its parameter; a part without `=` is judged as a token.
 */
function paramsWithoutSecrets(params: string, scrub: Scrub): string {
  return params
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      if (at < 0) return leaf(pair, envName(`${scrub.server}_URL_TOKEN`), looksLikeToken, scrub);
      // A fragment may hold a route before its parameters (`#/callback?access_token=…`).
      const key = pair.slice(0, at).replace(/^.*[/?]/s, "");
      return `${pair.slice(0, at + 1)}${leaf(pair.slice(at + 1), envName(`${scrub.server}_${key}`), isSecretName(key) ? SECRET : looksLikeToken, scrub)}`;
    })
    .join("&");
}

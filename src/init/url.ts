/**
 * A URL of any scheme without its secrets: user info (`https://ghp_…@host`,
 * `postgresql://admin:pass@db`), token-like path segments, and credential-like parameters of
 * the query or the fragment (`#access_token=…`, where OAuth's implicit flow puts tokens) become
 * placeholders; the rest (placeholders included) is kept.
 */
import { envName, isSecretName, looksLikeToken } from "./secrets.js";
import { URL_WITH_SCHEME } from "./secret-rules.js";
import { leaf, SCHEME, SECRET, type Scrub } from "./scrub.js";

/** Everything before the query, the query, the fragment. */
const URL_PARTS = /^([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

/** `url`: a marked value (marks.ts). */
export function urlWithoutSecrets(url: string, scrub: Scrub): string {
  const raw = rawUserInfo(url);
  if (raw) {
    // The rest is judged as a URL of its own: its host, path, query and fragment.
    const rest = urlWithoutSecrets(`${raw.scheme}${raw.rest}`, scrub).slice(raw.scheme.length);
    return `${raw.scheme}${userInfoPlaceholders(`${raw.user}:${raw.password}`, scrub)}@${rest}`;
  }
  const [, base = "", query, fragment] = URL_PARTS.exec(url) ?? [];
  const head = pathWithoutTokens(withoutUserInfo(base, scrub), scrub);
  return `${head}${query === undefined ? "" : `?${paramsWithoutSecrets(query, scrub)}`}${fragment === undefined ? "" : `#${paramsWithoutSecrets(fragment, scrub)}`}`;
}

/** `scheme://user:password@host…`: user and password become placeholders. */
function withoutUserInfo(base: string, scrub: Scrub): string {
  const userinfo = URL_WITH_SCHEME.exec(base);
  if (userinfo?.[1] === undefined || userinfo[2] === undefined || userinfo[2] === "") return base;
  const [whole, scheme, info] = userinfo;
  return `${scheme}${userInfoPlaceholders(info, scrub)}@${base.slice(whole.length)}`;
}

function userInfoPlaceholders(info: string, scrub: Scrub): string {
  const colon = info.indexOf(":");
  const keep = (part: string, name: string) => leaf(part, envName(`${scrub.server}_${name}`), SECRET, scrub);
  return colon < 0 ? keep(info, "USER") : `${keep(info.slice(0, colon), "USER")}:${keep(info.slice(colon + 1), "PASSWORD")}`;
}

/** A host (and port) ending the text or followed by a path, query or fragment. */
const HOST_THEN_END = /^[^@/?#\s]+(?:[/?#]|$)/;

/**
 * `scheme://user:pa#ss@host/…`: a password written with a raw `/`, `?` or `#` (as database URLs
 * in the wild are), which the split into base, query and fragment would cut, leaving most of it
 * outside the user info and in the config. The user info ends at the first `@` after which a
 * host stands; `host:8080/…?e=a@b.com` is a port, not a password.
 */
function rawUserInfo(url: string): { scheme: string; user: string; password: string; rest: string } | undefined {
  const scheme = SCHEME.exec(url)?.[0];
  if (scheme === undefined) return undefined;
  const afterScheme = url.slice(scheme.length);
  const colon = afterScheme.indexOf(":");
  if (colon < 0) return undefined;
  const user = afterScheme.slice(0, colon);
  if (/[/?#@\s]/.test(user)) return undefined;
  for (let at = afterScheme.indexOf("@", colon); at >= 0; at = afterScheme.indexOf("@", at + 1)) {
    const password = afterScheme.slice(colon + 1, at);
    if (/\s/.test(password)) return undefined;
    if (!HOST_THEN_END.test(afterScheme.slice(at + 1))) continue;
    // Without a raw delimiter the usual split reads it whole (withoutUserInfo).
    if (!/[/?#]/.test(password) || /^\d+[/?]/.test(password)) return undefined;
    return { scheme, user, password, rest: afterScheme.slice(at + 1) };
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

/**
 * A URL of any scheme without its secrets: user info (`https://ghp_…@host`,
 * `postgresql://admin:pass@db`), credential-like query parameters and token-like path segments
 * become placeholders; the rest (placeholders included) is kept.
 */
import { envName, isSecretName, looksLikeToken } from "./secrets.js";
import { URL_WITH_SCHEME } from "./secret-rules.js";
import { leaf, SCHEME, SECRET, type Scrub } from "./scrub.js";

/** `url`: a marked value (marks.ts). */
export function urlWithoutSecrets(url: string, scrub: Scrub): string {
  let out = url;
  const userinfo = URL_WITH_SCHEME.exec(out);
  if (userinfo?.[1] !== undefined && userinfo[2] !== undefined && userinfo[2] !== "") {
    const [, scheme, info] = userinfo;
    const colon = info.indexOf(":");
    const user = colon < 0 ? info : info.slice(0, colon);
    const password = colon < 0 ? undefined : info.slice(colon + 1);
    const keep = (part: string, name: string) => leaf(part, envName(`${scrub.server}_${name}`), SECRET, scrub);
    const scrubbed = password === undefined ? keep(user, "USER") : `${keep(user, "USER")}:${keep(password, "PASSWORD")}`;
    out = `${scheme}${scrubbed}@${out.slice(userinfo[0].length)}`;
  }
  const query = out.indexOf("?");
  const hash = out.indexOf("#", query < 0 ? 0 : query);
  const pathEnd = query >= 0 ? query : hash >= 0 ? hash : out.length;
  const start = SCHEME.exec(out)?.[0].length ?? 0;
  const authorityEnd = out.indexOf("/", start);
  const withPath =
    authorityEnd < 0 || authorityEnd >= pathEnd
      ? out
      : `${out.slice(0, authorityEnd)}${out
          .slice(authorityEnd, pathEnd)
          .split("/")
          .map((segment) => leaf(segment, envName(`${scrub.server}_URL_TOKEN`), looksLikeToken, scrub))
          .join("/")}${out.slice(pathEnd)}`;
  out = withPath;
  const q = out.indexOf("?");
  if (q < 0) return out;
  const h = out.indexOf("#", q);
  const end = h < 0 ? out.length : h;
  const params = out
    .slice(q + 1, end)
    .split("&")
    .map((pair) => {
      const [key = "", value] = pair.split(/=(.*)/s);
      if (value === undefined) return pair;
      return `${key}=${leaf(value, envName(`${scrub.server}_${key}`), isSecretName(key) ? SECRET : looksLikeToken, scrub)}`;
    });
  return `${out.slice(0, q + 1)}${params.join("&")}${out.slice(end)}`;
}

/** Test stand-ins for the user agent of an OAuth login. */
import type { AuthorizeFunction } from "../../runtime/src/connection/oauth/types.js";

/**
 * What a browser does with no user in the way: load the authorization URL (the test server
 * redirects straight back) and hand over the URL it was redirected to, without following it.
 */
export const fetchAuthorize: AuthorizeFunction = async (authorizationUrl) => {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  await response.body?.cancel();
  const location = response.headers.get("location");
  if (response.status !== 302 || location === null) throw new Error(`authorization endpoint answered ${response.status}`);
  return location;
};

/** `fetchAuthorize`, counting its calls. */
export function countingAuthorize(): AuthorizeFunction & { calls: URL[] } {
  const calls: URL[] = [];
  const authorize = Object.assign(async (url: URL, context: { server: string }) => {
    calls.push(url);
    return fetchAuthorize(url, context);
  }, { calls });
  return authorize;
}

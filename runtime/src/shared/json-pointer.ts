/** RFC 6901 reference tokens: the one escape and unescape every JSON pointer here is built with. */

/** `~` → `~0`, `/` → `~1`. Most keys need neither: they are returned as they are, no new string. */
export function pointerToken(key: string): string {
  if (!key.includes("~") && !key.includes("/")) return key;
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** `~1` → `/`, `~0` → `~` (in that order, so `~01` reads back as `~1`). */
export function unescapeToken(token: string): string {
  if (!token.includes("~")) return token;
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

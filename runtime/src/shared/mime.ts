/** MIME types whose bytes are text, so a blob of that type is also offered decoded as UTF-8. */
const TEXTUAL_EXACT = new Set([
  "application/json",
  "application/ld+json",
  "application/xml",
  "application/javascript",
  "application/ecmascript",
  "application/x-javascript",
  "application/yaml",
  "application/x-yaml",
  "application/toml",
  "application/sql",
  "application/graphql",
  "image/svg+xml",
]);

const TEXTUAL_SUFFIXES = ["+json", "+xml", "+yaml"];

export function isTextualMime(mimeType: string | undefined): boolean {
  if (!mimeType) return false;
  const essence = mimeType.split(";")[0]!.trim().toLowerCase();
  if (essence.startsWith("text/")) return true;
  if (TEXTUAL_EXACT.has(essence)) return true;
  return TEXTUAL_SUFFIXES.some((suffix) => essence.endsWith(suffix));
}

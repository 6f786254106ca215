/**
 * What a server key may be. The key names the folder `<outDir>/<key>/` its module is written to,
 * so it must stay one ordinary path segment on every OS: no separators, no `.`/`..`, nothing a
 * file system reads as a drive, a device or a different name. Data here; the schema applies it.
 */

/** Letters, digits, `_`, `-` and `.`: no `/`, `\`, `:`, NUL, spaces or other characters. */
export const SERVER_KEY_CHARACTERS = /^[A-Za-z0-9_.-]+$/;

/** Windows device names: `NUL/index.ts` is not a file there, whatever the extension. */
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;

/** Why `key` cannot be a server key, or undefined when it can. */
export function serverKeyProblem(key: string): string | undefined {
  if (!SERVER_KEY_CHARACTERS.test(key)) return "server names may use letters, digits, '_', '-' and '.' only (the name is a folder of outDir)";
  if (/^\.+$/.test(key)) return "a server name cannot be '.' or '..' (the name is a folder of outDir)";
  // Windows drops trailing dots: `math.` would be written as `math`.
  if (key.endsWith(".")) return "a server name cannot end with '.' (the name is a folder of outDir)";
  if (DEVICE_NAME.test(key)) return "a server name cannot be a Windows device name (con, nul, com1, …)";
  return undefined;
}

/** A valid server key made from an editor's name for a server (`init`): `raw` itself when it is one. */
export function safeServerKey(raw: string): string {
  const key = raw
    .replace(/[^A-Za-z0-9_.-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  const fixed = key === "" ? "server" : key;
  return DEVICE_NAME.test(fixed) ? `${fixed}-server` : fixed;
}

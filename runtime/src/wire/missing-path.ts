/**
 * Why a stdio server did not start when the reason is a path: its working folder, its command or
 * a script among its arguments does not exist where it was looked for. Asked only after the
 * start failed, so an argument that merely looks like a file name costs nothing when it works.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { ResolvedStdio } from "../connection/resolve-config.js";

/** File names that are scripts a server runs (an argument like `--port` or `@scope/pkg` is not one). */
const SCRIPT_EXTENSIONS = new Set([".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py", ".rb", ".sh"]);

const SET_BY = "relative paths resolve from the working folder, set by `cwd` in the server's config entry (default: the config file's folder)";

/** One clause naming the path tried and the option that sets it, or undefined when every path exists. */
export function missingPathOf(server: ResolvedStdio): string | undefined {
  const folder = server.cwd ?? process.cwd();
  if (!existsSync(folder)) return `working folder not found: ${folder} (set by \`cwd\` in the server's config entry; a relative one resolves from the config file's folder, found at run time from the project root)`;
  if (isRelativePath(server.command)) {
    const tried = path.resolve(folder, server.command);
    if (!existsSync(tried)) return `command ${JSON.stringify(server.command)} not found: tried ${tried} (${SET_BY})`;
  }
  for (const [index, arg] of server.args.entries()) {
    if (!looksLikeScript(arg)) continue;
    const tried = path.resolve(folder, arg);
    if (!existsSync(tried)) return `args[${index}] ${JSON.stringify(arg)} not found: tried ${tried} (${SET_BY})`;
  }
  return undefined;
}

function isRelativePath(command: string): boolean {
  return !path.isAbsolute(command) && /[\\/]/.test(command);
}

function looksLikeScript(arg: string): boolean {
  if (arg.startsWith("-") || arg.startsWith("@") || /^[a-z][a-z0-9+.-]*:/i.test(arg)) return false;
  return SCRIPT_EXTENSIONS.has(path.extname(arg));
}

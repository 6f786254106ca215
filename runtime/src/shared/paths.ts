import { fileURLToPath } from "node:url";

/**
 * Resolve a path that the generator wrote relative to the generated module (a server script,
 * a cwd), so generated files hold no machine-specific absolute path. Absolute paths and bare
 * commands never reach here: the generator only emits this call for relative config paths.
 */
export function pathFromModule(moduleUrl: string, relativePath: string): string {
  return fileURLToPath(new URL(relativePath, moduleUrl));
}

import path from "node:path";
import { fileURLToPath } from "node:url";
import { findProjectRoot } from "./project-root.js";

/**
 * Resolve a path that the generator wrote relative to the generated module. Kept for modules
 * generated before `pathFromProjectRoot`; new ones use that, which survives a build.
 */
export function pathFromModule(moduleUrl: string, relativePath: string): string {
  return fileURLToPath(new URL(relativePath, moduleUrl));
}

/**
 * Resolve a path the generator wrote relative to the project root (see shared/project-root.ts):
 * the same folder whether the generated module runs from source, from `tsc --outDir` output or
 * inside a bundle. Without a project package.json above the running file, the path is resolved
 * from the running file's folder, and a missing file is then named when the server fails to start.
 */
export function pathFromProjectRoot(moduleUrl: string, relativePath: string): string {
  const folder = path.dirname(fileURLToPath(moduleUrl));
  return path.resolve(findProjectRoot(folder) ?? folder, relativePath);
}

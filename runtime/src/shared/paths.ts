import path from "node:path";
import { fileURLToPath } from "node:url";
import { findProjectRoot } from "./project-root.js";

/**
 * The generated module's own location as generated code passes it: `import.meta.url` in an ES
 * module, `__filename` (a path) in a module compiled to CommonJS.
 */
function modulePath(moduleLocation: string): string {
  return moduleLocation.startsWith("file:") ? fileURLToPath(moduleLocation) : moduleLocation;
}

/**
 * Resolve a path that the generator wrote relative to the generated module. Kept for modules
 * generated before `pathFromProjectRoot`; new ones use that, which survives a build.
 */
export function pathFromModule(moduleLocation: string, relativePath: string): string {
  return path.resolve(path.dirname(modulePath(moduleLocation)), relativePath);
}

/**
 * Resolve a path the generator wrote relative to the project root (see shared/project-root.ts):
 * the same folder whether the generated module runs from source, from `tsc --outDir` output or
 * inside a bundle. Without a project package.json above the running file, the path is resolved
 * from the running file's folder, and a missing file is then named when the server fails to start.
 * `moduleLocation` is `import.meta.url` (ESM) or `__filename` (CommonJS).
 */
export function pathFromProjectRoot(moduleLocation: string, relativePath: string): string {
  const folder = path.dirname(modulePath(moduleLocation));
  return path.resolve(findProjectRoot(folder) ?? folder, relativePath);
}

/**
 * The anchor of relative paths in generated connections (a stdio server's working folder): the
 * project root, the nearest folder above a module that holds the project's `package.json`.
 *
 * Why this anchor: the generated module moves when the app is built (`tsc --outDir dist` puts it
 * at `dist/src/generated/…`, a bundler folds it into `dist/app.mjs`), but the package.json of
 * the app it belongs to stays above it in every layout: source run with tsx or jiti, compiled
 * output, a bundle, a deployed copy of `dist/` beside its package.json. The generator records
 * each path relative to the root it finds above the generated module, and the running module
 * (or bundle) finds the same root above itself.
 *
 * A package.json that only sets `type` (the marker `dist/package.json` of dual builds, Next's
 * `.next/package.json`) is not a project's manifest: the search goes on above it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const found = new Map<string, string | undefined>();

/** The project root above `folder` (inclusive), or undefined when no project package.json is found. */
export function findProjectRoot(folder: string): string | undefined {
  const start = path.resolve(folder);
  if (found.has(start)) return found.get(start);
  let root: string | undefined;
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (isProjectManifest(path.join(dir, "package.json"))) {
      root = dir;
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  found.set(start, root);
  return root;
}

function isProjectManifest(file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return false;
  }
  try {
    const manifest: unknown = JSON.parse(text);
    if (manifest === null || typeof manifest !== "object" || Array.isArray(manifest)) return true;
    return Object.keys(manifest).some((key) => key !== "type");
  } catch {
    return true; // a broken package.json is still where the project is
  }
}

/**
 * Every path `generate` writes or deletes must resolve inside its root (outDir for generated
 * files, the config's folder for the snapshot), checked for all of them before the first write.
 * A config that validated can still reach here with a bad path (a programmatic caller, a
 * symlinked folder), so this is the last line, not the only one.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import { CodegenError } from "@mcp-codegen/runtime/internal";

export interface GuardedPath {
  /** The folder the file must stay in. */
  root: string;
  /** The file, absolute or relative to `root`. */
  file: string;
  /** What to name in the error: `server "x"`, `snapshot`. */
  subject: string;
}

/** Throws (exit 2) naming the first path that would leave its root; touches nothing. */
export function assertInside(paths: readonly GuardedPath[]): void {
  const seen = new Map<string, string>();
  for (const { root, file, subject } of paths) {
    const target = path.resolve(root, file);
    if (!isWithin(path.resolve(root), target) || !isWithin(realPath(root), realPath(target))) {
      throw new CodegenError("input", `would write ${JSON.stringify(file)} outside ${JSON.stringify(root)}: nothing written`, { subject });
    }
    // Case-insensitive file systems (macOS, Windows) would write both to one file.
    const folded = target.toLowerCase();
    const other = seen.get(folded);
    if (other !== undefined && other !== subject) {
      throw new CodegenError("input", `writes the same file as ${other} (${JSON.stringify(file)}, names differing only in case): nothing written`, { subject });
    }
    seen.set(folded, subject);
  }
  // A file where another needs a folder (`index.ts` and `index.ts/index.ts`) fails half-way.
  for (const { root, file, subject } of paths) {
    for (let folder = path.dirname(path.resolve(root, file)); folder !== path.dirname(folder); folder = path.dirname(folder)) {
      const other = seen.get(folder.toLowerCase());
      if (other !== undefined) throw new CodegenError("input", `needs ${JSON.stringify(folder)} as a folder, but ${other} writes a file there: nothing written`, { subject });
    }
  }
}

/** Whether `target` is strictly inside the folder `root` (by path, not following links). */
export function isInside(root: string, target: string): boolean {
  return isWithin(path.resolve(root), path.resolve(target));
}

function isWithin(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== "" && relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The real path of `file`, through its nearest existing ancestor (the file may not exist yet). */
function realPath(file: string): string {
  const absolute = path.resolve(file);
  const rest: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(realpathSync(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

import { existsSync } from "node:fs";
import path from "node:path";

/** The nearest `name` (file or folder) in `from` or a folder above it. */
export function findUp(from: string, name: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

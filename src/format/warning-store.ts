/**
 * The warnings of each generated file, kept beside the render cache by the file's inputs hash.
 * A file whose banner says it is current is not rendered again, so without this its warnings
 * (an unsupported schema feature, a dropped `$ref` loop) would be reported only on the run that
 * wrote it. With a stored entry they are reported on every run; without one (a fresh clone, no
 * cache, `--no-cache`) the file is rendered to find them, and is still not rewritten.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { EmitWarning } from "../emit/tool-chunk.js";
import { writeAtomic } from "../write/write.js";

/** A generated file, by its path in outDir and the hash of what it is generated from. */
export interface StoredFile {
  path: string;
  inputsHash: string;
}

export class WarningStore {
  constructor(private readonly dir: string | undefined) {}

  /** The stored warnings of a file with these inputs, or undefined when none are stored. */
  async read(file: StoredFile): Promise<EmitWarning[] | undefined> {
    if (this.dir === undefined) return undefined;
    try {
      const parsed: unknown = JSON.parse(await readFile(this.file(file), "utf8"));
      return Array.isArray(parsed) ? (parsed as EmitWarning[]) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Best effort, like the render cache: a store that cannot be written only costs time. */
  async write(stored: StoredFile, warnings: readonly EmitWarning[]): Promise<void> {
    if (this.dir === undefined) return;
    await writeAtomic(this.file(stored), JSON.stringify(warnings)).catch(() => undefined);
  }

  // By path too: a server's index.ts and schemas.ts come from one rendering and share their inputs hash.
  private file(stored: StoredFile): string {
    const key = createHash("sha256").update(`${stored.path}\n${stored.inputsHash}`).digest("hex").slice(0, 32);
    return path.join(this.dir ?? "", `${key}.json`);
  }
}

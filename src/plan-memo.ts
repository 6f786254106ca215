/**
 * The plan memo: what `generate --offline` computed the last time it saw the same inputs — the
 * audit, and each planned file's path and inputs hash — kept beside the render cache. On a hit,
 * an offline run over up-to-date output (`--check` in CI with a kept cache, or a second
 * `generate --offline`) skips the audit and the normalize stage, two thirds of its work at
 * 1,000 tools; anything to render still plans for real.
 *
 * The key is everything the plan and the audit are computed from: the snapshot file's bytes,
 * the resolved config, the formatter's options, the output folder's module format (its
 * package.json and tsconfig.json), the emitter's fingerprint, and the command's own code (the
 * size and modification time of each bundled file: a rebuild or another version is another key).
 * A changed input is a miss, never a stale answer; an unreadable memo is a miss too, and one that
 * cannot be written only costs time. Only the bundled command (scripts/bundle-cli.mjs) keeps a
 * memo: its code is a few files, fingerprinted in well under a millisecond, where tsc's output
 * or the sources (the library, the tests) are hundreds of modules and the runtime's besides.
 */
import { readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hashJson } from "@mcp-codegen/runtime/internal";
import type { AuditReport } from "./audit/index.js";
import type { NamingNote } from "./normalize/normalize.js";
import type { EmitPlan, PlannedFile } from "./emit/plan.js";
import { writeAtomic } from "./write/write.js";
import { inBundledCommand } from "./bundled-command.js";

/** A planned file without its renderer. */
export type MemoFile = Omit<PlannedFile, "render">;

export interface PlanMemo {
  key: string;
  audit: AuditReport;
  files: MemoFile[];
  notes: NamingNote[];
}

export interface PlanMemoInputs {
  snapshotFileHash: string;
  config: unknown;
  formatKey: string | undefined;
  moduleFormat: unknown;
  emitter: string;
}

const MEMO_VERSION = 1;

/** The memo's key, or undefined when this code keeps none (not the bundled command). */
export function planMemoKey(inputs: PlanMemoInputs): string | undefined {
  if (!inBundledCommand()) return undefined;
  return hashJson({ version: MEMO_VERSION, code: bundledCode(), ...inputs, formatKey: inputs.formatKey ?? null });
}

export async function readPlanMemo(file: string, key: string): Promise<PlanMemo | undefined> {
  try {
    const memo = JSON.parse(await readFile(file, "utf8")) as Partial<PlanMemo>;
    return memo.key === key && Array.isArray(memo.files) && Array.isArray(memo.notes) && memo.audit ? (memo as PlanMemo) : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: see the module comment. */
export async function writePlanMemo(file: string, memo: PlanMemo): Promise<void> {
  await writeAtomic(file, JSON.stringify(memo)).catch(() => undefined);
}

/**
 * The remembered plan; a file that needs rendering (not current on disk, or its warnings not
 * stored) plans for real first, once.
 */
export function memoizedPlan(memo: PlanMemo, planNow: () => Promise<EmitPlan>): EmitPlan {
  let planned: Promise<EmitPlan> | undefined;
  const files = memo.files.map((file): PlannedFile => ({
    ...file,
    render: async (formatter) => {
      planned ??= planNow();
      const match = (await planned).files.find((candidate) => candidate.path === file.path);
      if (!match) throw new Error(`the plan memo lists ${file.path}, which the plan does not`);
      return match.render(formatter);
    },
  }));
  return { files, notes: memo.notes };
}

let codeKey: string | undefined;

/** The bundle's files (this module's folder): name, size and modification time of each. */
function bundledCode(): string {
  if (codeKey === undefined) {
    const folder = path.dirname(fileURLToPath(import.meta.url));
    const files = readdirSync(folder).filter((name) => name.endsWith(".js")).sort();
    codeKey = hashJson(files.map((name) => {
      const stat = statSync(path.join(folder, name));
      return `${name}\u0000${stat.size}\u0000${stat.mtimeMs}`;
    }));
  }
  return codeKey;
}

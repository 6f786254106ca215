/**
 * Rendering ahead. While a capture waits for its servers to start, the run prepares its output from
 * the committed snapshot. A live listing is most often what was committed: when the snapshot built
 * from it prints to the committed file's very text, the output prepared from that file is the one
 * the live snapshot gives (the pipeline is a function of the snapshot's content and the config; a
 * live `generate` followed by `generate --offline --check` relies on the same), and the run goes on
 * from it. Otherwise the preparation stops at its next piece and the run prepares from the live one.
 *
 * On two cores, the work done ahead slows the servers' start a little (they share the cores); in
 * exchange most of the work after the listing is done by the time it arrives (docs/performance.md).
 */
import { readFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import path from "node:path";
import type { Snapshot } from "@mcp-codegen/runtime/internal";
import { parseSnapshot } from "./snapshot/file.js";
import { StageTimes } from "./stages.js";

export interface Committed {
  snapshot: Snapshot;
  /** SHA-256 of the file's text (the plan memo's key). */
  fileHash: string;
}

/** What became of the work done ahead: `used` (the listings were the committed ones) or `dropped`. */
export type AheadOutcome = "used" | "dropped";

export class RenderAhead<T> {
  private readonly stop = new AbortController();
  private readonly text: Promise<string | undefined>;
  private prepared: Promise<T | undefined> | undefined;
  /** Set once work has begun on a committed snapshot; then `take` decides it (`undefined`: none began). */
  outcome: AheadOutcome | undefined;
  /** The stages the preparation went through, beside the capture. */
  readonly stages = new StageTimes();

  constructor(private readonly file: string) {
    // Absent or unreadable: nothing to prepare from; the live run goes on as it would.
    this.text = readFile(file, "utf8").catch(() => undefined);
  }

  /** Starts preparing from the committed snapshot (once); `prepare` should go in pieces (`nextTurn`). */
  start(prepare: (committed: Committed, signal: AbortSignal, stages: StageTimes) => Promise<T>): void {
    this.prepared ??= this.text.then((text) => {
      const committed = text === undefined ? undefined : parsed(text, path.basename(this.file));
      if (!committed) return undefined;
      this.outcome = "dropped";
      return prepare(committed, this.stop.signal, this.stages);
    });
    // Awaited by `take` when it is used: its failure is then the run's.
    this.prepared.catch(() => undefined);
  }

  /**
   * The output prepared ahead when `liveText` is the committed file's text; its failure, if it
   * failed, is the run's (the live snapshot fails alike). Otherwise `undefined`, and it stops.
   */
  async take(liveText: string): Promise<T | undefined> {
    const prepared = this.prepared;
    if (prepared === undefined || (await this.text) !== liveText) {
      this.stop.abort();
      return undefined;
    }
    // Its failure is the run's; a result means the work was used.
    const value = await prepared;
    if (value !== undefined) this.outcome = "used";
    return value;
  }

  /** Stops the preparation if it still runs; settles once it has ended, and never rejects. */
  async drop(): Promise<void> {
    this.stop.abort();
    await this.prepared?.catch(() => undefined);
  }
}

/**
 * A turn of the event loop, then a stop if the preparation was dropped. Work done ahead goes in
 * pieces with a turn between them, so the capture's messages are read as they arrive.
 */
export async function nextTurn(signal: AbortSignal): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  signal.throwIfAborted();
}

/** The committed snapshot, or `undefined` when the file holds none (the live run then replaces it). */
function parsed(text: string, subject: string): Committed | undefined {
  try {
    return { snapshot: parseSnapshot(text, subject), fileHash: createHash("sha256").update(text).digest("hex") };
  } catch {
    return undefined;
  }
}

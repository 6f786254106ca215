/**
 * Formatting workers beside the main thread, started at once so that loading prettier overlaps
 * the main thread's work. A job is posted as soon as it exists, to the worker with the fewest
 * characters pending: the main thread cannot hand out work while it is busy emitting, so a
 * worker must never wait for it.
 *
 * A shared job is posted to every worker too, but formatted by whichever thread claims it first
 * (jobs.ts): a worker once its own jobs are done, or the main thread once it has handed out
 * everything (`takeShared`). Claiming in shared memory means a worker never waits for the main
 * thread to hand it the next one, which it could do only between two of its own jobs.
 */
import { Worker } from "node:worker_threads";
import type { ChunkStatement } from "./chunk.js";
import { claimSharedJob, newClaim, type WorkerJob, type WorkerReply } from "./jobs.js";

interface PendingJob {
  /** The worker it was posted to; none for a shared job. */
  worker?: WorkerSlot;
  size: number;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

interface WorkerSlot {
  worker: Worker;
  pendingChars: number;
  /** Its thread died: it gets no more jobs. */
  failed: boolean;
}

export interface SharedJob {
  source: string;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

interface SharedEntry extends SharedJob {
  id: number;
  claim: Int32Array;
}

/** The worker itself failed (not the code it was given). */
export class WorkerFailure extends Error {}

export class WorkerPool {
  private readonly workers: WorkerSlot[];
  private readonly pending = new Map<number, PendingJob>();
  /** Shared jobs the main thread has not claimed, by id. */
  private readonly shared = new Map<number, SharedEntry>();
  private nextId = 0;

  constructor(size: number) {
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(new URL("./worker.js", import.meta.url));
      worker.unref();
      worker.on("message", (reply: WorkerReply) => this.settle(reply));
      worker.on("error", (error) => this.failAll(error));
      return { worker, pendingChars: 0, failed: false };
    });
  }

  /** The formatted text; a parse failure rejects with prettier's first line. */
  format(source: string): Promise<string> {
    return this.post({ source }, source.length);
  }

  /** A chunk of tools' statements formatted (chunk.ts), with the worker's knowledge of layouts. */
  formatChunk(statements: ChunkStatement[]): Promise<string> {
    return this.post({ source: "", statements }, statements.reduce((chars, statement) => chars + statement.source.length, 0));
  }

  private post(job: Omit<WorkerJob, "id">, size: number): Promise<string> {
    const worker = this.workers.reduce((least, slot) => (slot.pendingChars < least.pendingChars ? slot : least));
    // A job posted to a dead worker would never be answered.
    if (worker.failed) return Promise.reject(new WorkerFailure("the worker had already stopped"));
    const id = this.nextId++;
    worker.pendingChars += size;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { worker, size, resolve, reject });
      worker.worker.postMessage({ id, ...job } satisfies WorkerJob);
    });
  }

  /** Formatted by whichever thread claims it first (see the module comment). */
  share(source: string): Promise<string> {
    const id = this.nextId++;
    const claim = newClaim();
    const live = this.workers.filter((slot) => !slot.failed);
    return new Promise((resolve, reject) => {
      const entry: SharedEntry = { id, source, claim, resolve, reject };
      this.shared.set(id, entry);
      this.pending.set(id, { size: source.length, resolve, reject });
      for (const slot of live) slot.worker.postMessage({ id, source, claim } satisfies WorkerJob);
    });
  }

  /**
   * The largest shared job no thread has claimed, claimed for the main thread: the big ones
   * first, so the small ones are left to even out the end (workers take the oldest).
   */
  takeShared(): SharedJob | undefined {
    const bySize = [...this.shared.values()].sort((a, b) => b.source.length - a.source.length);
    for (const entry of bySize) {
      this.shared.delete(entry.id);
      if (!claimSharedJob(entry.claim)) continue; // a worker has it; its reply settles it
      this.pending.delete(entry.id);
      return entry;
    }
    return undefined;
  }

  /** Characters of source in the shared jobs no thread has claimed yet. */
  unclaimedSharedChars(): number {
    let chars = 0;
    for (const entry of this.shared.values()) if (Atomics.load(entry.claim, 0) === 0) chars += entry.source.length;
    return chars;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((slot) => slot.worker.terminate()));
  }

  private settle(reply: WorkerReply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    this.shared.delete(reply.id);
    if (job.worker) job.worker.pendingChars -= job.size;
    if (reply.text !== undefined) job.resolve(reply.text);
    else job.reject(new Error(reply.error ?? "unknown error"));
  }

  /** Every job not yet answered fails, shared ones too: none is left waiting forever. */
  private failAll(error: Error): void {
    for (const worker of this.workers) worker.failed = true;
    for (const entry of this.shared.values()) claimSharedJob(entry.claim);
    this.shared.clear();
    for (const job of this.pending.values()) job.reject(new WorkerFailure(error.message.split("\n")[0]));
    this.pending.clear();
  }
}

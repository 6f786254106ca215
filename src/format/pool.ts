/**
 * Formatting workers beside the main thread, started at once so that loading prettier overlaps
 * the main thread's work. A job is posted as soon as it exists, to the worker with the fewest
 * characters pending: the main thread cannot hand out work while it is busy emitting, so a
 * worker must never wait for it. A shared job instead goes to whichever thread is free first:
 * a worker that has nothing left, or the main thread once it has handed out everything
 * (`takeShared`).
 */
import { Worker } from "node:worker_threads";
import type { WorkerJob } from "./worker.js";

interface PendingJob {
  size: number;
  worker: WorkerSlot;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

interface WorkerSlot {
  worker: Worker;
  pendingChars: number;
  /** Its thread died: it gets no more jobs (shared ones are left to the main thread). */
  failed: boolean;
}

export interface SharedJob {
  source: string;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

interface WorkerReply {
  id: number;
  text?: string;
  error?: string;
}

/** The worker itself failed (not the code it was given). */
export class WorkerFailure extends Error {}

export class WorkerPool {
  private readonly workers: WorkerSlot[];
  private readonly pending = new Map<number, PendingJob>();
  private readonly shared: SharedJob[] = [];
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
    const worker = this.workers.reduce((least, slot) => (slot.pendingChars < least.pendingChars ? slot : least));
    return this.post(worker, source);
  }

  /** Formatted by whichever thread is free first (see the module comment). */
  share(source: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.shared.push({ source, resolve, reject });
      this.feedIdleWorkers();
    });
  }

  /**
   * The largest shared job no worker has taken, for the main thread: the big ones first, so
   * the small ones are left to even out the end (workers take the oldest).
   */
  takeShared(): SharedJob | undefined {
    if (this.shared.length === 0) return undefined;
    const largest = this.shared.reduce((best, job, index) => (job.source.length > (this.shared[best]?.source.length ?? 0) ? index : best), 0);
    return this.shared.splice(largest, 1)[0];
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((slot) => slot.worker.terminate()));
  }

  private post(worker: WorkerSlot, source: string): Promise<string> {
    // A job posted to a dead worker would never be answered.
    if (worker.failed) return Promise.reject(new WorkerFailure("the worker had already stopped"));
    const id = this.nextId++;
    worker.pendingChars += source.length;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { size: source.length, worker, resolve, reject });
      worker.worker.postMessage({ id, source } satisfies WorkerJob);
    });
  }

  private feedIdleWorkers(): void {
    for (const worker of this.workers) {
      if (worker.pendingChars > 0 || worker.failed) continue;
      const job = this.shared.shift();
      if (!job) return;
      this.post(worker, job.source).then(job.resolve, job.reject);
    }
  }

  private settle(reply: WorkerReply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    job.worker.pendingChars -= job.size;
    if (reply.text !== undefined) job.resolve(reply.text);
    else job.reject(new Error(reply.error ?? "unknown error"));
    this.feedIdleWorkers();
  }

  private failAll(error: Error): void {
    for (const worker of this.workers) worker.failed = true;
    for (const job of this.pending.values()) job.reject(new WorkerFailure(error.message.split("\n")[0]));
    this.pending.clear();
  }
}

/**
 * Formatting workers beside the main thread, started at once so that loading prettier overlaps
 * the main thread's work. Every job is posted as soon as it exists, to the worker with the
 * fewest characters pending: the main thread cannot hand out work while it is busy emitting, so
 * a worker must never wait for it. (The main thread formatting too, once it has emitted
 * everything, was measured no faster on two cores: it pays prettier's warm-up a second time.)
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
  private nextId = 0;

  constructor(size: number) {
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(new URL("./worker.js", import.meta.url));
      worker.unref();
      worker.on("message", (reply: WorkerReply) => this.settle(reply));
      worker.on("error", (error) => this.failAll(error));
      return { worker, pendingChars: 0 };
    });
  }

  /** The formatted text; a parse failure rejects with prettier's first line. */
  format(source: string): Promise<string> {
    const worker = this.workers.reduce((least, slot) => (slot.pendingChars < least.pendingChars ? slot : least));
    const id = this.nextId++;
    worker.pendingChars += source.length;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { size: source.length, worker, resolve, reject });
      worker.worker.postMessage({ id, source } satisfies WorkerJob);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((slot) => slot.worker.terminate()));
  }

  private settle(reply: WorkerReply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    job.worker.pendingChars -= job.size;
    if (reply.text !== undefined) job.resolve(reply.text);
    else job.reject(new Error(reply.error ?? "unknown error"));
  }

  private failAll(error: Error): void {
    for (const job of this.pending.values()) job.reject(new WorkerFailure(error.message.split("\n")[0]));
    this.pending.clear();
  }
}

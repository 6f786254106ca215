/** What passes between the formatting pool and its workers. */
import type { ChunkStatement } from "./chunk.js";

export interface WorkerJob {
  id: number;
  source: string;
  /** Set on a chunk of tools' statements (chunk.ts); `source` is then empty. */
  statements?: ChunkStatement[];
  /**
   * Set on a shared job: one Int32 in shared memory, 0 while unclaimed. Every worker and the
   * main thread hold it; whoever claims it first formats the job, the others skip it.
   */
  claim?: Int32Array;
}

export interface WorkerReply {
  id: number;
  text?: string;
  error?: string;
}

export function newClaim(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

/** True for the one thread that claims the job first. */
export function claimSharedJob(claim: Int32Array): boolean {
  return Atomics.compareExchange(claim, 0, 0, 1) === 0;
}

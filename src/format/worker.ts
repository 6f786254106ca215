/**
 * A formatting worker: prettier loaded once, then jobs formatted one at a time, in the order
 * they arrive (prettier awaits inside; interleaved jobs would all hold their memory at once and
 * finish late together).
 */
import { parentPort } from "node:worker_threads";
import { format } from "prettier";
import { PRETTIER_OPTIONS } from "./options.js";

export interface WorkerJob {
  id: number;
  source: string;
}

const queue: WorkerJob[] = [];
let draining = false;

parentPort?.on("message", (job: WorkerJob) => {
  queue.push(job);
  if (!draining) void drain();
});

async function drain(): Promise<void> {
  draining = true;
  for (let job = queue.shift(); job; job = queue.shift()) {
    try {
      parentPort?.postMessage({ id: job.id, text: await format(job.source, PRETTIER_OPTIONS) });
    } catch (error) {
      parentPort?.postMessage({ id: job.id, error: (error as Error).message.split("\n")[0] });
    }
  }
  draining = false;
}

/** A formatting worker: prettier loaded once, then one job in, one formatted text out. */
import { parentPort } from "node:worker_threads";
import { format } from "prettier";
import { PRETTIER_OPTIONS } from "./options.js";

export interface WorkerJob {
  id: number;
  source: string;
}

parentPort?.on("message", async (job: WorkerJob) => {
  try {
    parentPort?.postMessage({ id: job.id, text: await format(job.source, PRETTIER_OPTIONS) });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: (error as Error).message.split("\n")[0] });
  }
});

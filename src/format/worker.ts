/** A formatting worker: prettier loaded once, then one message in, one formatted text out. */
import { parentPort } from "node:worker_threads";
import { format } from "prettier";
import { PRETTIER_OPTIONS } from "./options.js";

parentPort?.on("message", async (job: { id: number; source: string }) => {
  try {
    parentPort?.postMessage({ id: job.id, text: await format(job.source, PRETTIER_OPTIONS) });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: (error as Error).message.split("\n")[0] });
  }
});

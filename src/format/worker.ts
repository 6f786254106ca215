/**
 * A formatting worker: prettier loaded once, then jobs formatted one at a time (prettier awaits
 * inside; interleaved jobs would all hold their memory at once and finish late together). Its
 * own jobs go first, in the order they arrive; then the shared ones, each claimed before it is
 * formatted, since the main thread may have taken it meanwhile (pool.ts). Chunks of tools'
 * statements lay out what earlier chunks have shown (chunk.ts).
 */
import { parentPort } from "node:worker_threads";
import { format } from "prettier";
import { PRETTIER_OPTIONS } from "./options.js";
import { nextTurn } from "./idle.js";
import { claimSharedJob, type WorkerJob } from "./jobs.js";
import { formatChunk } from "./chunk.js";
import { SchemaLayouts } from "./schema-layout.js";

const own: WorkerJob[] = [];
/** What prettier has shown this worker of Zod schemas' layouts, for the chunks that follow. */
const layouts = new SchemaLayouts();
const formatSource = (source: string) => format(source, PRETTIER_OPTIONS);
const shared: WorkerJob[] = [];
let draining = false;

parentPort?.on("message", (job: WorkerJob) => {
  (job.claim ? shared : own).push(job);
  if (!draining) void drain();
});

/** The next job this worker is to format: its own first, then a shared one no one has claimed. */
function nextJob(): WorkerJob | undefined {
  const job = own.shift();
  if (job) return job;
  for (let candidate = shared.shift(); candidate; candidate = shared.shift()) {
    if (candidate.claim && claimSharedJob(candidate.claim)) return candidate;
  }
  return undefined;
}

async function drain(): Promise<void> {
  draining = true;
  // Between two jobs, let the jobs posted meanwhile arrive: prettier settles its promises
  // without a turn of the event loop, so otherwise they would wait until the queue is empty
  // and the shared jobs already queued would pass before them.
  for (let job = nextJob(); job; job = (await nextTurn(), nextJob())) {
    try {
      const text = job.statements ? await formatChunk(job.statements, layouts, formatSource) : await formatSource(job.source);
      parentPort?.postMessage({ id: job.id, text });
    } catch (error) {
      parentPort?.postMessage({ id: job.id, error: (error as Error).message.split("\n")[0] });
    }
  }
  draining = false;
}

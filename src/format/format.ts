/**
 * Stage `format`: unformatted source → prettier-formatted text, in process. A body arrives as
 * chunks of whole top-level statements; each chunk is formatted on its own and the results are
 * joined with a blank line, so large outputs can be spread over worker threads (prettier is
 * the generator's most expensive step) while the result stays the same however it was split.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { PRETTIER_OPTIONS } from "./options.js";

/** Below this many characters a worker's start-up costs more than it saves. */
const PARALLEL_THRESHOLD = 300_000;

export async function formatChunks(chunks: readonly string[], subject: string): Promise<string> {
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const workers = Math.min(availableParallelism(), 4, chunks.length);
  const formatted =
    total < PARALLEL_THRESHOLD || workers < 2
      ? await formatInProcess(chunks, subject)
      : await formatInWorkers(chunks, workers, subject);
  return formatted.join("\n");
}

export async function formatTypeScript(source: string, subject: string): Promise<string> {
  return formatChunks([source], subject);
}

async function formatInProcess(chunks: readonly string[], subject: string): Promise<string[]> {
  const prettier = await import("prettier");
  const out: string[] = [];
  for (const chunk of chunks) {
    try {
      out.push(await prettier.format(chunk, PRETTIER_OPTIONS));
    } catch (error) {
      throw parseFailure(subject, (error as Error).message);
    }
  }
  return out;
}

async function formatInWorkers(chunks: readonly string[], count: number, subject: string): Promise<string[]> {
  const pool = Array.from({ length: count }, () => new Worker(new URL("./worker.js", import.meta.url)));
  const out: string[] = new Array<string>(chunks.length);
  let next = 0;
  try {
    await Promise.all(
      pool.map(async (worker) => {
        while (next < chunks.length) {
          const id = next++;
          out[id] = await runJob(worker, id, chunks[id] ?? "", subject);
        }
      }),
    );
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return out;
}

function runJob(worker: Worker, id: number, source: string, subject: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { id: number; text?: string; error?: string }) => {
      if (message.id !== id) return;
      worker.off("message", onMessage);
      worker.off("error", reject);
      if (message.text !== undefined) resolve(message.text);
      else reject(parseFailure(subject, message.error ?? "unknown error"));
    };
    worker.on("message", onMessage);
    worker.on("error", reject);
    worker.postMessage({ id, source });
  });
}

/** A syntax error here is a generator bug; name the file so it can be reported. */
function parseFailure(subject: string, message: string): Error {
  return new Error(`${subject}: generated code does not parse: ${message.split("\n")[0]}`);
}

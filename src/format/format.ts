/**
 * Stage `format`: unformatted source → prettier-formatted text, once, in process.
 *
 * A body arrives as chunks of whole top-level statements (runs of tools' types and schemas, and
 * the module's structure); each chunk is formatted on its own and the results are joined with a
 * blank line, so the output is the same however the work was spread. A statement too large to
 * be one job (the tool table, the client interface) is formatted in pieces (pieces.ts), and
 * its members whose layout is certain skip prettier (layout.ts); so do the Zod schemas of a tool
 * chunk whose layout prettier has already shown (chunk.ts, schema-layout.ts).
 *
 * Formatting is the generator's most expensive step, so the tools' chunks are formatted on
 * worker threads while the main thread emits the next ones (pool.ts; emitting in
 * the workers too was measured slower: each would load and warm the schema emitters again).
 * The main thread, once it has emitted everything, formats the pieces of the tool table and of
 * the client interface (shared jobs); taking tool chunks as well was measured slower: prettier
 * would warm up for schema code a second time, in a heap that also holds TypeScript, and both
 * cores busy with JavaScript leave none for V8's compiler and GC threads.
 *
 * A content-addressed cache (by default in `node_modules/.cache/mcp-codegen`) keeps every
 * rendered chunk, so tools that did not change are neither emitted nor formatted twice.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { canonicalStringify } from "@mcp-codegen/runtime/internal";
import { emitToolChunk, type RenderedChunk, type ToolChunk } from "../emit/tool-chunk.js";
import { PRETTIER_OPTIONS } from "./options.js";
import { IdleTime, nextTurn } from "./idle.js";
import { WorkerFailure, WorkerPool } from "./pool.js";
import { joinBodies, pieceBody, type PiecedStatement } from "./pieces.js";
import { formatChunk, type ChunkStatement } from "./chunk.js";
import { SchemaLayouts } from "./schema-layout.js";

export interface FormatterOptions {
  /** Where formatted chunks are kept between runs; `undefined` = no cache. */
  cacheDir?: string | undefined;
  /** Use worker threads (the pipeline does whenever there are tools to emit). */
  parallel?: boolean;
  /** Part of every cache key: a new generator or prettier never reuses old entries. */
  cacheSalt?: string;
}

/** Shared work (characters of source) from which the main thread loads prettier to take part. */
const MAIN_THREAD_HELP_FROM_CHARS = 100_000;

export class Formatter {
  private readonly pool: WorkerPool | undefined;
  private inProcess: Promise<typeof import("prettier")> | undefined;
  /** The emission of the previous tool chunk (chunks are emitted in turn). */
  private emitting: Promise<void> = Promise.resolve();
  private readonly idle = new IdleTime();
  /** Tool chunks not yet emitted: `afterToolsEmitted` waits for them. */
  private readonly toolEmission = new IdleTime();
  /** Zod schema layouts prettier has shown this thread (chunks formatted in process). */
  private readonly layouts = new SchemaLayouts();

  constructor(private readonly options: FormatterOptions = {}) {
    // The main thread keeps a core for emitting: one worker per other core (measured fastest).
    const threads = Math.min(availableParallelism() - 1, 3);
    this.pool = options.parallel && threads >= 1 ? new WorkerPool(threads) : undefined;
  }

  /**
   * Formatted `source` (a run of whole statements); `subject` names the file in errors. A
   * source still being produced may be passed as a promise. With workers, a `shared` job goes
   * to whichever thread is free first (pool.ts): fit for pieces that come last, or that cost
   * the main thread little warm-up.
   */
  async format(source: string | Promise<string>, subject: string, placement: "worker" | "shared" = "worker"): Promise<string> {
    const text = typeof source === "string" ? source : await this.idle.produced(source);
    const rendered = await this.cached(
      () => `source\u0000${text}`,
      () => (placement === "shared" ? this.share(text, subject) : this.run(text, subject)),
    );
    return rendered.text;
  }

  /**
   * A statement with a long body (the tool table, the client interface), formatted in shared
   * pieces (pieces.ts): plain members cost the main thread little warm-up, and it has time for
   * them once it has handed everything else out. Members already laid out (layout.ts) are
   * taken as they are. It may be passed while still being produced.
   */
  async formatPieced(statement: PiecedStatement | Promise<PiecedStatement>, subject: string): Promise<string> {
    const pieced = statement instanceof Promise ? await this.idle.produced(statement) : statement;
    const [only, ...more] = pieced.pieces;
    if (only === undefined) return this.format(pieced.whole(), subject);
    if (more.length === 0 && "source" in only) return this.format(only.source, subject);
    const bodies = await Promise.all(
      pieced.pieces.map(async (piece) => ("laidOut" in piece ? piece.laidOut : pieceBody(pieced, await this.format(piece.source, subject, "shared")))),
    );
    return bodies.every((body) => body !== undefined) ? joinBodies(pieced, bodies) : this.format(pieced.whole(), subject);
  }

  private async share(source: string, subject: string): Promise<RenderedChunk> {
    if (!this.pool) return this.run(source, subject);
    const text = this.pool.share(source);
    void this.idle.later(() => this.formatSharedHere());
    try {
      return { text: await text, warnings: [] };
    } catch (error) {
      throw formatFailure(subject, error);
    }
  }

  /**
   * The main thread's part of the shared jobs. It yields between them, so that worker replies
   * (and with them the workers' next shared jobs) get through meanwhile.
   */
  private async formatSharedHere(): Promise<void> {
    // Loading prettier here costs the main thread ~0.1 s: worth it only for a large backlog.
    if (!this.inProcess && (this.pool?.unclaimedSharedChars() ?? 0) < MAIN_THREAD_HELP_FROM_CHARS) return;
    for (let job = this.pool?.takeShared(); job; job = this.pool?.takeShared()) {
      try {
        job.resolve(await this.formatInProcess(job.source));
      } catch (error) {
        job.reject(error as Error);
      }
      await nextTurn();
    }
  }

  /**
   * A chunk of tools' types and schemas, emitted here and formatted (on a worker when
   * parallel). Cached by the chunk's inputs, so a hit skips the emitter as well.
   */
  async renderTools(chunk: ToolChunk, subject: string): Promise<RenderedChunk> {
    let handedOut = () => {};
    const handing = new Promise<void>((resolve) => (handedOut = resolve));
    void this.idle.produced(handing);
    void this.toolEmission.produced(handing);
    try {
      return await this.cached(() => `tools\u0000${canonicalStringify(chunk)}`, async () => {
        // One chunk at a time: emitted concurrently, every chunk would finish emitting only at
        // the very end, and the formatting workers would wait idle until then.
        const emitted = this.emitting.then(() => emitToolChunk(chunk));
        this.emitting = emitted.then(
          () => undefined,
          () => undefined,
        );
        const { statements, warnings } = await emitted;
        const formatted = this.runChunk(statements, subject);
        handedOut();
        return { text: await formatted, warnings };
      });
    } finally {
      handedOut();
    }
  }

  /**
   * `work`, run once every tool chunk passed in so far has been emitted (or found in the
   * cache): the main thread emits those first, since the workers wait for them.
   */
  afterToolsEmitted<T>(work: () => Promise<T>): Promise<T> {
    return this.toolEmission.later(work);
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }

  /** `input` is the cache key's text, built only when there is a cache (it can be large). */
  private async cached(input: () => string, render: () => Promise<RenderedChunk>): Promise<RenderedChunk> {
    const key = this.options.cacheDir ? this.cacheKey(input()) : undefined;
    const hit = key ? await this.readCache(key) : undefined;
    if (hit !== undefined) return JSON.parse(hit) as RenderedChunk;
    const rendered = await render();
    if (key) await this.writeCache(key, JSON.stringify(rendered));
    return rendered;
  }

  private async run(source: string, subject: string): Promise<RenderedChunk> {
    try {
      return { text: await (this.pool ? this.pool.format(source) : this.formatInProcess(source)), warnings: [] };
    } catch (error) {
      throw formatFailure(subject, error);
    }
  }

  private async runChunk(statements: ChunkStatement[], subject: string): Promise<string> {
    try {
      return await (this.pool ? this.pool.formatChunk(statements) : formatChunk(statements, this.layouts, (source) => this.formatInProcess(source)));
    } catch (error) {
      throw formatFailure(subject, error);
    }
  }

  private async formatInProcess(source: string): Promise<string> {
    this.inProcess ??= import("prettier");
    const prettier = await this.inProcess;
    return prettier.format(source, PRETTIER_OPTIONS);
  }

  private cacheKey(source: string): string {
    return createHash("sha256").update(this.options.cacheSalt ?? "").update("\u0000").update(source).digest("hex");
  }

  private async readCache(key: string): Promise<string | undefined> {
    try {
      return await readFile(this.cacheFile(key), "utf8");
    } catch {
      return undefined;
    }
  }

  /** Best effort: a cache that cannot be written only costs time. */
  private async writeCache(key: string, text: string): Promise<void> {
    const file = this.cacheFile(key);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, text, "utf8");
      await rename(temp, file);
    } catch {
      // read-only or full disk: go on without caching
    }
  }

  private cacheFile(key: string): string {
    return path.join(this.options.cacheDir ?? "", key.slice(0, 2), `${key.slice(2)}.json`);
  }
}

/**
 * Why formatting failed, naming the file: the worker's thread died, or the generated code does
 * not parse (a generator bug, to be reported).
 */
function formatFailure(subject: string, error: unknown): Error {
  if (error instanceof WorkerFailure) return new Error(`${subject}: the formatting worker failed: ${error.message}`);
  return new Error(`${subject}: generated code does not parse: ${(error as Error).message.split("\n")[0]}`);
}

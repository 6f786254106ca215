/**
 * Stage `format`: unformatted source → formatted text, in process, once per piece of a file (the
 * module's statements, and its tools' types and schemas a chunk at a time); the pieces are joined
 * by the emitter. The engine (engines.ts) is oxfmt unless the config chooses prettier; both give
 * prettier's bytes with the generator's options.
 *
 * A content-addressed cache (by default in `node_modules/.cache/mcp-codegen`) keeps every
 * rendered piece, so tools that did not change are neither emitted nor formatted again.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { canonicalStringify } from "@mcp-codegen/runtime/internal";
import { emitToolChunk, type RenderedChunk, type ToolChunk } from "../emit/tool-chunk.js";
import { loadEngine, type EngineLoaders, type EngineRequest, type FormatEngine } from "./engines.js";
import { OXFMT_OPTIONS } from "./options.js";
import { StageClock } from "./clock.js";
import { writeAtomic } from "../write/write.js";

export interface FormatterOptions {
  /** Where formatted pieces are kept between runs; `undefined` = no cache. */
  cacheDir?: string | undefined;
  /** Part of every cache key: a new generator never reuses old entries. */
  cacheSalt?: string;
  /** Which formatter (default oxfmt) and, for prettier, where the user's config applies. */
  engine?: EngineRequest;
  /** Tests only: how engines load. */
  loaders?: EngineLoaders;
  /** Awaited before each chunk of tools is emitted (rendering ahead: render-ahead.ts). */
  beforeChunk?: () => Promise<void>;
}

export class Formatter {
  private engine: Promise<FormatEngine> | undefined;
  /**
   * Wall time during which something was being emitted. oxfmt formats on its own thread
   * meanwhile; the pipeline counts the rest of rendering (waiting for the formatter once
   * everything is emitted) as formatting.
   */
  readonly emitClock = new StageClock();
  /**
   * Chunks are emitted one after another: each is handed to the formatter's thread as soon as it is
   * emitted. Interleaved, every chunk would finish emitting (and start formatting) near the end.
   */
  private emitting: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: FormatterOptions = {}) {}

  /** Formatted `source` (whole statements); `subject` names the file in errors. It may still be being produced. */
  async format(source: string | Promise<string>, subject: string): Promise<string> {
    const text = await source;
    const rendered = await this.cached(() => `source\u0000${text}`, async () => ({ text: await this.run(text, subject), warnings: [] }));
    return rendered.text;
  }

  /** A chunk of tools' types or schemas, emitted and formatted; a cache hit skips the emitter as well. */
  async renderTools(chunk: ToolChunk, subject: string): Promise<RenderedChunk> {
    return this.cached(() => `tools\u0000${canonicalStringify(chunk)}`, async () => {
      const emitted = this.emitting.then(this.options.beforeChunk).then(() => this.emitClock.time(() => emitToolChunk(chunk)));
      this.emitting = emitted.catch(() => undefined);
      const { statements, warnings } = await emitted;
      // One blank line between statements, as prettier keeps it; a chunk with none is one empty line.
      return { text: statements.length === 0 ? "\n" : await this.run(statements.join("\n\n"), subject), warnings };
    });
  }

  /** What the files' inputs hash takes from the formatter: nothing for the default, prettier's options otherwise. */
  async inputsKey(): Promise<string | undefined> {
    return this.options.engine?.choice === "prettier" ? (await this.loaded()).optionsKey : undefined;
  }

  /**
   * Loads the engine now. Emitting is synchronous work chained by promises, so an engine first
   * asked for by the first chunk would finish loading only after the last one was emitted: every
   * piece would then be formatted at the end instead of beside the emitting.
   */
  async ready(): Promise<void> {
    await this.loaded();
  }

  /** Why the formatter in use is not the one chosen, once it has been loaded. */
  async note(): Promise<string | undefined> {
    return this.engine && (await this.engine.catch(() => undefined))?.note;
  }

  private loaded(): Promise<FormatEngine> {
    this.engine ??= loadEngine(this.options.engine ?? { choice: "oxfmt" }, this.options.loaders);
    return this.engine;
  }

  private async run(source: string, subject: string): Promise<string> {
    const engine = await this.loaded();
    try {
      return await engine.format(source);
    } catch (error) {
      // The emitters wrote code that does not parse: a generator bug, to be reported.
      throw new Error(`${subject}: generated code does not parse: ${(error as Error).message.split("\n")[0]}`);
    }
  }

  /**
   * The options in every cache key. oxfmt and its prettier fallback print the same bytes, so the
   * default needs no engine loaded; prettier's depend on the user's config.
   */
  private async salt(): Promise<string> {
    const choice = this.options.engine?.choice ?? "oxfmt";
    const options = choice === "oxfmt" ? JSON.stringify(OXFMT_OPTIONS) : (await this.loaded()).optionsKey;
    return `${this.options.cacheSalt ?? ""}\u0000${choice}\u0000${options}`;
  }

  /** `input` (the key's text) is built only when there is a cache: a chunk's is the chunk as JSON. */
  private async cached(input: () => string, render: () => Promise<RenderedChunk>): Promise<RenderedChunk> {
    const key = this.options.cacheDir ? this.cacheKey(await this.salt(), input()) : undefined;
    const hit = key ? await this.readCache(key) : undefined;
    if (hit !== undefined) return JSON.parse(hit) as RenderedChunk;
    const rendered = await render();
    if (key) await this.writeCache(key, JSON.stringify(rendered));
    return rendered;
  }

  private cacheKey(salt: string, source: string): string {
    return createHash("sha256").update(salt).update("\u0000").update(source).digest("hex");
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
    // Read-only or full disk: go on without caching.
    await writeAtomic(this.cacheFile(key), text).catch(() => undefined);
  }

  private cacheFile(key: string): string {
    return path.join(this.options.cacheDir ?? "", key.slice(0, 2), `${key.slice(2)}.json`);
  }
}

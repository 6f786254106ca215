/**
 * The generator's stages, in one place:
 *
 *   config → capture → snapshot → normalize + emit (plan) → format → write | check
 *
 * Everything is computed in memory first; files are written only once every stage has
 * succeeded, so a failure never leaves a snapshot or generated file half-written.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig, type ResolvedConfig } from "./config/load.js";
import { assertEsmOutput } from "./config/module-format.js";
import { driftOptions } from "./drift/options.js";
import { missingPeers } from "./config/peers.js";
import { findUp } from "./config/find-up.js";
import { buildSnapshot } from "./snapshot/build.js";
import { readSnapshot, snapshotText } from "./snapshot/file.js";
import { unavailableListWarnings, type LiveAccounts } from "./snapshot/unavailable-warnings.js";
import { applyWarningSettings, validateWarningSettings, warningTarget } from "./warnings/apply.js";
import { planFiles, type PlannedFile } from "./emit/plan.js";
import { isCurrent, withBanner } from "./emit/banner.js";
import type { EmitWarning } from "./emit/server-module.js";
import { WarningStore } from "./format/warning-store.js";
import { Formatter } from "./format/format.js";
import { emitterFingerprint } from "./emit/fingerprint.js";
import {
  deleteFile,
  orphanedFiles,
  readExisting,
  writeAtomic,
  type FileReport,
} from "./write/write.js";
import { assertInside, isInside } from "./write/inside.js";
import { duplicateDeclarations } from "./emit/declarations.js";
import { CodegenError, SNAPSHOT_FORMAT, type Environment, type Snapshot } from "@mcp-codegen/runtime/internal";
import type { NamingNote } from "./normalize/normalize.js";
import type { CaptureOptions } from "./capture/capture.js";
import { selectServers } from "./config/select.js";

export interface GenerateOptions {
  /** Path of the config file (default: codegen.config.* in `cwd`). */
  configPath?: string;
  cwd?: string;
  /** Regenerate from the committed snapshot; start no server. */
  offline?: boolean;
  /** Write nothing; report files that differ from what would be written. */
  check?: boolean;
  /** Environment for `${VAR}` placeholders (default `process.env`). */
  env?: Environment;
  /** Reuse formatted code from `node_modules/.cache/mcp-codegen` (default true). */
  cache?: boolean;
  /** Capture only these servers; the snapshot keeps the others as committed. */
  servers?: readonly string[];
  /** Progress of each server's capture. */
  onEvent?: NonNullable<CaptureOptions["onEvent"]>;
  /** Called with each capture client before it connects (watch mode listens for list_changed). */
  install?: NonNullable<CaptureOptions["install"]>;
  /** When given, capture clients are handed over open instead of closed (watch mode). */
  keep?: NonNullable<CaptureOptions["keep"]>;
  /** Stops the run before anything is written; once writing has begun, it completes. */
  signal?: AbortSignal;
}

/** What one server contributed to the run. */
export interface ServerSummary {
  name: string;
  /** "live": captured in this run; "snapshot": taken from the committed snapshot. */
  source: "live" | "snapshot";
  tools: number;
  resources: number;
  resourceTemplates: number;
  prompts: number;
  /** Capture time (connect, initialise, list) of a live server, in ms. */
  ms?: number;
  /** Warnings of this server's generated code. */
  warnings: number;
}

export interface GenerateReport {
  mode: "online" | "offline";
  check: boolean;
  outDir: string;
  /** The snapshot file, relative to the config's folder. */
  snapshot: FileReport;
  /** Generated files, paths relative to the config's folder. */
  files: FileReport[];
  /** Each with its rule id; those the config's `warnings` turns off are left out and counted in `silencedWarnings`. */
  warnings: EmitWarning[];
  /** Warnings acknowledged by the config's `warnings` (not in `warnings`). */
  silencedWarnings: number;
  notes: NamingNote[];
  /** With `check`: whether anything differs from disk. */
  stale: boolean;
  /** Per server, in name order. */
  servers: ServerSummary[];
  /** Wall time of the whole run, in ms. */
  elapsedMs: number;
}

export async function generate(options: GenerateOptions = {}): Promise<GenerateReport> {
  const started = performance.now();
  const config = await loadConfig(options);
  driftOptions(config); // a misspelt rule id fails here too, not only at the first check
  validateWarningSettings(config.warnings);
  assertEsmOutput(config.outDir, config.rootDir);
  const only = options.servers === undefined ? undefined : selectServers(config, options.servers);
  const timings = new Map<string, number>();
  const onEvent: NonNullable<CaptureOptions["onEvent"]> = (event) => {
    if (event.kind === "captured") timings.set(event.server, event.ms);
    options.onEvent?.(event);
  };
  const captured = options.offline ? { snapshot: await offlineSnapshot(config), live: new Map() } : await onlineSnapshot(config, { ...options, onEvent }, only);
  const snapshot = captured.snapshot;
  const report = await generateFromSnapshot(config, snapshot, options);
  const { shown, silenced } = applyWarningSettings([...unavailableListWarnings(snapshot, captured.live), ...report.warnings, ...peerWarnings(config)], config.warnings);
  const servers = report.servers.map((server) => {
    const counted = { ...server, warnings: shown.filter((warning) => warningTarget(warning).server === server.name).length };
    const ms = timings.get(server.name);
    return ms === undefined ? counted : { ...counted, source: "live" as const, ms };
  });
  return { ...report, warnings: shown, silencedWarnings: silenced, servers, elapsedMs: Math.round(performance.now() - started) };
}

export async function generateFromSnapshot(
  config: ResolvedConfig,
  snapshot: Snapshot,
  options: Pick<GenerateOptions, "offline" | "check" | "cache" | "signal"> = {},
): Promise<GenerateReport> {
  const started = performance.now();
  const relative = (file: string) => path.relative(config.rootDir, file).split(path.sep).join("/");
  const plan = planFiles(snapshot, config);
  assertInside([
    // The default snapshot sits in outDir, which the config may place anywhere.
    { root: isInside(config.outDir, config.snapshotPath) ? config.outDir : config.rootDir, file: config.snapshotPath, subject: "snapshot" },
    ...plan.files.map((file) => ({ root: config.outDir, file: file.path, subject: file.subject })),
  ]);
  const warnings: EmitWarning[] = [];
  const wanted = new Map<string, string>();
  const files: FileReport[] = [];
  const existing = await Promise.all(plan.files.map((file) => readExisting(config.outDir, file.path)));
  const cacheDir = options.cache === false ? undefined : formatCacheDir(config.rootDir);
  const warningStore = new WarningStore(cacheDir && path.join(path.dirname(cacheDir), "warnings"));
  // A current file is rendered only when its warnings are not known: they are reported on every run.
  const storedWarnings = await Promise.all(plan.files.map((file, index) => (isCurrentFile(existing[index], file) ? warningStore.read(file) : undefined)));
  const toRender = plan.files.filter((file, index) => !isCurrentFile(existing[index], file) || storedWarnings[index] === undefined);
  const formatter = new Formatter({
    cacheDir,
    cacheSalt: emitterFingerprint(),
    parallel: toRender.reduce((sum, file) => sum + file.weight, 0) >= PARALLEL_FORMAT_FROM_TOOLS,
  });
  try {
    // All files at once: one file's emission goes on while another's formatting finishes.
    const produced = await Promise.all(plan.files.map((file, index) => (toRender.includes(file) ? produce(file, existing[index], formatter) : undefined)));
    for (const [index, file] of plan.files.entries()) {
      const rendered = produced[index];
      if (rendered) await warningStore.write(file, rendered.warnings);
      warnings.push(...(rendered?.warnings ?? storedWarnings[index] ?? []));
      const content = produced[index]?.content;
      const twice = content === undefined ? [] : duplicateDeclarations(content);
      if (twice.length > 0) {
        throw new CodegenError("input", `generated code would declare ${twice.join(", ")} more than once: nothing written`, { subject: file.subject });
      }
      files.push({ path: relative(path.join(config.outDir, file.path)), status: content === undefined ? "unchanged" : options.check ? "stale" : "written" });
      if (content !== undefined) wanted.set(file.path, content);
    }
  } finally {
    await formatter.close();
  }
  const orphans = await orphanedFiles(config.outDir, new Set(plan.files.map((file) => file.path)));
  assertInside(orphans.map((orphan) => ({ root: config.outDir, file: orphan, subject: `generated file ${JSON.stringify(orphan)}` })));
  // Offline, the snapshot is the file just read: neither printed again nor compared.
  const snapshotContent = options.offline ? undefined : snapshotText(snapshot);
  const snapshotChanged = snapshotContent !== undefined && (await readExisting(config.rootDir, relative(config.snapshotPath))) !== snapshotContent;
  const snapshotReport: FileReport = {
    path: relative(config.snapshotPath),
    status: !snapshotChanged ? "unchanged" : options.check ? "stale" : "written",
  };
  for (const orphan of orphans) files.push({ path: relative(path.join(config.outDir, orphan)), status: options.check ? "extra" : "deleted" });

  // Interrupted before writing: nothing changes on disk. Once writing starts, it completes.
  if (options.signal?.aborted) throw new InterruptedError();
  if (!options.check) {
    if (snapshotChanged) await writeAtomic(config.snapshotPath, snapshotContent);
    for (const [file, content] of wanted) await writeAtomic(path.join(config.outDir, file), content);
    for (const orphan of orphans) await deleteFile(config.outDir, orphan);
  }
  const stale = snapshotReport.status === "stale" || files.some((file) => file.status === "stale" || file.status === "extra");
  return {
    mode: options.offline ? "offline" : "online",
    check: options.check === true,
    outDir: relative(config.outDir),
    snapshot: snapshotReport,
    files,
    warnings,
    silencedWarnings: 0,
    notes: plan.notes,
    stale: options.check === true && stale,
    servers: summarize(snapshot, warnings),
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** The run was stopped (Ctrl-C) before it wrote anything. */
export class InterruptedError extends CodegenError {
  constructor() {
    super("internal", "interrupted before writing: nothing changed");
  }
}

function summarize(snapshot: Snapshot, warnings: readonly EmitWarning[]): ServerSummary[] {
  return Object.entries(snapshot.servers).map(([name, server]) => ({
    name,
    source: "snapshot",
    tools: server.tools.length,
    resources: server.resources.length,
    resourceTemplates: server.resourceTemplates.length,
    prompts: server.prompts.length,
    warnings: warnings.filter((warning) => warning.subject.includes(`"${name}/`) || warning.subject.endsWith(`"${name}"`)).length,
  }));
}

/**
 * From this many tools to emit, formatting goes to workers. A worker pays off even for a few
 * tools: it loads prettier while the main thread loads ts-morph and emits (measured cold, 10
 * tools: 710 → 650 ms; the example's 4 tools: 880 → 770 ms), for about 0.15 s more CPU.
 */
const PARALLEL_FORMAT_FROM_TOOLS = 1;

function isCurrentFile(existing: string | undefined, file: PlannedFile): boolean {
  return existing !== undefined && isCurrent(existing, file.inputsHash);
}

/** The file's new content (`undefined` when it equals what is on disk) and its warnings. */
async function produce(
  file: PlannedFile,
  existing: string | undefined,
  formatter: Formatter,
): Promise<{ content: string | undefined; warnings: EmitWarning[] }> {
  const rendered = await file.render(formatter);
  const content = withBanner(file, rendered.body);
  return { content: content === existing ? undefined : content, warnings: rendered.warnings };
}

/** `node_modules/.cache/mcp-codegen/format` of the nearest `node_modules` above the config. */
function formatCacheDir(rootDir: string): string | undefined {
  const modules = findUp(rootDir, "node_modules");
  return modules && path.join(modules, ".cache/mcp-codegen/format");
}

async function offlineSnapshot(config: ResolvedConfig): Promise<Snapshot> {
  const snapshot = await readSnapshot(config.snapshotPath);
  for (const server of config.servers) {
    if (!snapshot.servers[server.name]) {
      throw new CodegenError("input", "not in the snapshot (run `mcp-codegen generate` online)", {
        subject: `server "${server.name}"`,
      });
    }
  }
  return snapshot;
}

async function onlineSnapshot(config: ResolvedConfig, options: GenerateOptions, only: readonly string[] | undefined): Promise<{ snapshot: Snapshot; live: LiveAccounts }> {
  // With --server, the others come from the committed snapshot, as far as it has them (none on a
  // new project): they are never contacted, and those it lacks are left out until captured.
  const committed = only === undefined || only.length === config.servers.length ? undefined : await committedSnapshot(config.snapshotPath);
  // Loaded here: the MCP SDK and its validators are not needed offline.
  const { captureServers } = await import("./capture/capture.js");
  const raw = await captureServers(config, {
    ...(options.env ? { env: options.env } : {}),
    ...(only ? { only } : {}),
    ...pick(options, ["onEvent", "install", "keep", "signal"]),
  });
  const live = buildSnapshot(raw);
  const accounts: LiveAccounts = new Map(Object.entries(raw.servers).map(([name, listing]) => [name, listing.unavailable]));
  if (!committed) return { snapshot: live, live: accounts };
  const servers = Object.fromEntries(
    config.servers.flatMap((server) => {
      const entry = live.servers[server.name] ?? committed.servers[server.name];
      return entry ? [[server.name, entry]] : [];
    }),
  );
  return { snapshot: { ...live, servers }, live: accounts };
}

/** The committed snapshot, or an empty one when there is none yet (a first `generate --server`). */
async function committedSnapshot(file: string): Promise<Snapshot> {
  if (!existsSync(file)) return { format: SNAPSHOT_FORMAT, servers: {} };
  return readSnapshot(file);
}

/** The options among `keys` that are set (exactOptionalPropertyTypes: no `undefined` members). */
function pick<T extends object, K extends keyof T>(options: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((key) => options[key] !== undefined).map((key) => [key, options[key]])) as Partial<Pick<T, K>>;
}

/** One warning per peer the generated code imports that is not installed for it. */
function peerWarnings(config: ResolvedConfig): EmitWarning[] {
  const folder = `${path.relative(config.rootDir, config.outDir).split(path.sep).join("/") || "."}/`;
  return missingPeers(config.outDir, config.targets.targets).map((name) => ({
    subject: `package "${name}"`,
    pointer: `(imported by ${folder})`,
    message: `not installed: the generated code cannot load without it (npm i ${name})`,
  }));
}

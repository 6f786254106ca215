/**
 * The output of a run, in two steps: `prepareOutput` computes every file from a snapshot (the
 * audit, the plan, the rendering) and compares it with what is on disk, writing nothing but
 * caches; `commitOutput` then writes the files and the snapshot, or with `check` only reports
 * them. Between the two, a failure leaves nothing half-written, and work prepared ahead from the
 * committed snapshot (render-ahead.ts) can be committed when the live listings are the same.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import type { ResolvedConfig } from "./config/load.js";
import { planFiles, type PlannedFile } from "./emit/plan.js";
import { isCurrent, withBanner } from "./emit/banner.js";
import type { EmitWarning } from "./emit/server-module.js";
import { WarningStore } from "./format/warning-store.js";
import { Formatter } from "./format/format.js";
import { emitterFingerprint } from "./emit/fingerprint.js";
import { deleteFile, orphanedFiles, readExisting, readExistingBytes, writeAtomic, type FileReport } from "./write/write.js";
import { assertInside, isInside } from "./write/inside.js";
import { duplicateDeclarations } from "./emit/declarations.js";
import { CodegenError, hashJson, pushAll, type Snapshot } from "@mcp-codegen/runtime/internal";
import type { NamingNote } from "./normalize/normalize.js";
import { findUp } from "./config/find-up.js";
import type { StageTimes } from "./stages.js";
import { auditFailsAt, auditSnapshot, stripFindings, type AuditReport } from "./audit/index.js";
import { AuditFailedError } from "./audit/failed.js";
import { memoizedPlan, planMemoKey, readPlanMemo, writePlanMemo, type PlanMemo } from "./plan-memo.js";
import { projectModuleFormat } from "./config/module-format.js";
import { nextTurn } from "./render-ahead.js";
import type { GenerateReport, ServerSummary } from "./report.js";

/** Everything a run writes, computed and checked in memory; nothing written yet. */
export interface PreparedOutput {
  audit: AuditReport;
  notes: NamingNote[];
  warnings: EmitWarning[];
  /** Generated files (not the snapshot), paths relative to the config's folder. */
  files: FileReport[];
  /** Content by path relative to `outDir`, of the files that change. */
  wanted: Map<string, string>;
  orphans: string[];
}

/**
 * The audit, the plan and the rendered files of `snapshot`, compared with what is on disk. It
 * writes only caches (render-ahead.ts runs it on the committed snapshot before the listings are
 * in). `ahead`: prepared ahead, in pieces, stopped when the signal is raised.
 */
export async function prepareOutput(
  config: ResolvedConfig,
  snapshot: Snapshot,
  options: { check?: boolean | undefined; cache?: boolean | undefined },
  stages: StageTimes,
  snapshotFileHash?: string,
  ahead?: AbortSignal,
): Promise<PreparedOutput> {
  const cacheDir = options.cache === false ? undefined : formatCacheDir(config.rootDir);
  const formatter = new Formatter({
    cacheDir,
    cacheSalt: emitterFingerprint(),
    engine: { choice: config.format, configFile: path.join(config.outDir, "index.ts") },
    ...(ahead ? { beforeChunk: () => nextTurn(ahead) } : {}),
  });
  const pause = async () => {
    if (ahead) await nextTurn(ahead);
  };
  const formatKey = await stages.time("format", () => formatter.inputsKey());
  const memo = snapshotFileHash === undefined || cacheDir === undefined ? undefined : await openPlanMemo(config, { snapshotFileHash, formatKey, cacheDir });
  await pause();
  const audit = memo?.entry?.audit ?? (await stages.time("audit", () => auditSnapshot(config, { snapshot, source: "snapshot", snapshotFile: fromRoot(config, config.snapshotPath) })));
  // Before anything is rendered or written: poisoned text never reaches generated code.
  if (config.audit.failOn !== undefined && auditFailsAt(audit.findings, config.audit.failOn)) throw new AuditFailedError(audit, config.audit.failOn);
  const stripped = audit.stripHidden ? strippedByServer(audit) : new Map<string, string>();
  const modelText = stripped.size === 0 ? undefined : { snapshot: stripFindings(snapshot, audit.findings), stripped };
  const planNow = () => stages.time("normalize", () => planFiles(snapshot, config, { formatKey, modelText }));
  await pause();
  const plan = memo?.entry ? memoizedPlan(memo.entry, planNow) : await planNow();
  if (memo && !memo.entry) await writePlanMemo(memo.file, { key: memo.key, audit, files: plan.files.map(({ render: _render, ...file }) => file), notes: plan.notes });
  assertInside([
    // The default snapshot sits in outDir, which the config may place anywhere.
    { root: isInside(config.outDir, config.snapshotPath) ? config.outDir : config.rootDir, file: config.snapshotPath, subject: "snapshot" },
    ...plan.files.map((file) => ({ root: config.outDir, file: file.path, subject: file.subject })),
  ]);
  const warnings: EmitWarning[] = [];
  const wanted = new Map<string, string>();
  const files: FileReport[] = [];
  const warningStore = new WarningStore(cacheDir && path.join(path.dirname(cacheDir), "warnings"));
  // Reading what is on disk is the write stage's (the whole of it with --check).
  const { existing, current, storedWarnings } = await stages.time("write", async () => {
    // Bytes: whether a file is current needs its banner decoded and its body hashed, not decoded.
    const onDisk = await Promise.all(plan.files.map((file) => readExistingBytes(config.outDir, file.path)));
    const upToDate = plan.files.map((file, index) => isCurrent(onDisk[index], file.inputsHash));
    // A current file is rendered only when its warnings are not known: they are reported on every run.
    const stored = await Promise.all(plan.files.map((file, index) => (upToDate[index] ? warningStore.read(file) : undefined)));
    return { existing: onDisk, current: upToDate, storedWarnings: stored };
  });
  const toRender = plan.files.filter((_file, index) => !current[index] || storedWarnings[index] === undefined);
  if (toRender.length > 0) await stages.time("format", () => formatter.ready());
  await pause();
  const rendering = performance.now();
  const produced = await Promise.all(plan.files.map((file, index) => (toRender.includes(file) ? produce(file, existing[index]?.toString("utf8"), formatter) : undefined)));
  // Rendering interleaves the two (the formatter has its own thread): what was not emitting was
  // waiting for the formatter.
  stages.add("emit", formatter.emitClock.ms);
  stages.add("format", performance.now() - rendering - formatter.emitClock.ms);
  const formatterNote = await formatter.note();
  const notes = formatterNote === undefined ? plan.notes : [...plan.notes, { subject: "formatter", message: formatterNote }];
  const checking = performance.now();
  for (const [index, file] of plan.files.entries()) {
    const rendered = produced[index];
    if (rendered) await warningStore.write(file, rendered.warnings);
    pushAll(warnings, rendered?.warnings ?? storedWarnings[index] ?? []);
    const content = produced[index]?.content;
    const twice = content === undefined ? [] : duplicateDeclarations(content);
    if (twice.length > 0) {
      throw new CodegenError("input", `generated code would declare ${twice.join(", ")} more than once: nothing written`, { subject: file.subject });
    }
    files.push({ path: fromRoot(config, path.join(config.outDir, file.path)), status: content === undefined ? "unchanged" : options.check ? "stale" : "written" });
    if (content !== undefined) wanted.set(file.path, content);
  }
  const orphans = await orphanedFiles(config.outDir, new Set(plan.files.map((file) => file.path)));
  assertInside(orphans.map((orphan) => ({ root: config.outDir, file: orphan, subject: `generated file ${JSON.stringify(orphan)}` })));
  for (const orphan of orphans) files.push({ path: fromRoot(config, path.join(config.outDir, orphan)), status: options.check ? "extra" : "deleted" });
  stages.add("write", performance.now() - checking);
  return { audit, notes, warnings, files, wanted, orphans };
}

/**
 * Writes what `prepareOutput` computed (nothing with `check`) and the snapshot file when its
 * content differs from disk (`undefined`: the file already holds it, as read offline or ahead).
 */
export async function commitOutput(
  config: ResolvedConfig,
  snapshot: Snapshot,
  prepared: PreparedOutput,
  snapshotContent: string | undefined,
  options: { offline?: boolean | undefined; check?: boolean | undefined; signal?: AbortSignal | undefined },
  stages: StageTimes,
  started: number,
): Promise<GenerateReport> {
  const writing = performance.now();
  const snapshotChanged = snapshotContent !== undefined && (await readExisting(config.rootDir, fromRoot(config, config.snapshotPath))) !== snapshotContent;
  const snapshotReport: FileReport = {
    path: fromRoot(config, config.snapshotPath),
    status: !snapshotChanged ? "unchanged" : options.check ? "stale" : "written",
  };
  // Interrupted before writing: nothing changes on disk. Once writing starts, it completes.
  if (options.signal?.aborted) throw new InterruptedError();
  if (!options.check) {
    if (snapshotChanged) await writeAtomic(config.snapshotPath, snapshotContent);
    for (const [file, content] of prepared.wanted) await writeAtomic(path.join(config.outDir, file), content);
    for (const orphan of prepared.orphans) await deleteFile(config.outDir, orphan);
  }
  const { files, warnings, notes, audit } = prepared;
  const stale = snapshotReport.status === "stale" || files.some((file) => file.status === "stale" || file.status === "extra");
  return {
    mode: options.offline ? "offline" : "online",
    check: options.check === true,
    outDir: fromRoot(config, config.outDir),
    snapshot: snapshotReport,
    files,
    warnings,
    silencedWarnings: 0,
    notes,
    stale: options.check === true && stale,
    servers: summarize(snapshot, warnings),
    elapsedMs: Math.round(performance.now() - started),
    stages: (stages.add("write", performance.now() - writing), stages.list()),
    audit,
  };
}

/** Per server, a hash of what was stripped from its text: part of its files' inputs, so stripping (or not) regenerates them. */
function strippedByServer(audit: AuditReport): Map<string, string> {
  const spans = new Map<string, unknown[]>();
  for (const finding of audit.findings) {
    if (finding.stripped) spans.set(finding.server, [...(spans.get(finding.server) ?? []), [finding.snapshotPointer, finding.start, finding.end]]);
  }
  return new Map([...spans].map(([server, list]) => [server, hashJson(list)]));
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

/** `<name>-<project>.json` in the cache folder: one file per project (the folder of its config). */
export function projectCacheFile(cacheRoot: string, name: string, rootDir: string): string {
  const project = createHash("sha256").update(path.resolve(rootDir)).digest("hex").slice(0, 12);
  return path.join(cacheRoot, `${name}-${project}.json`);
}

/** `node_modules/.cache/mcp-codegen/format` of the nearest `node_modules` above the config. */
function formatCacheDir(rootDir: string): string | undefined {
  const modules = findUp(rootDir, "node_modules");
  return modules && path.join(modules, ".cache/mcp-codegen/format");
}

/** Where this project's plan memo is, its key for this run, and its entry when the key matches (none: not the bundled command). */
async function openPlanMemo(config: ResolvedConfig, inputs: { snapshotFileHash: string; formatKey: string | undefined; cacheDir: string }): Promise<{ file: string; key: string; entry: PlanMemo | undefined } | undefined> {
  const key = planMemoKey({ snapshotFileHash: inputs.snapshotFileHash, config, formatKey: inputs.formatKey, moduleFormat: projectModuleFormat(config.outDir), emitter: emitterFingerprint() });
  if (key === undefined) return undefined;
  const file = projectCacheFile(path.dirname(inputs.cacheDir), "plan", config.rootDir);
  return { file, key, entry: await readPlanMemo(file, key) };
}

/** `file` relative to the config's folder, `/`-separated: how reports name files. */
function fromRoot(config: ResolvedConfig, file: string): string {
  return path.relative(config.rootDir, file).split(path.sep).join("/");
}

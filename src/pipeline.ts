/**
 * The generator's stages, in one place:
 *
 *   config → capture → snapshot → audit → normalize + emit (plan) → format → write | check → context cost
 *
 * `stages.ts` names them in one list; every report carries the time spent in each. Offline, the
 * audit and the plan come from the plan memo when their inputs did not change (plan-memo.ts).
 * Online, the stages after the capture run ahead on the committed snapshot while the servers
 * start, and their result is used when the listings are the committed ones (render-ahead.ts).
 * Everything is computed in memory first; files are written only once every stage has succeeded, so a failure
 * never leaves a snapshot or generated file half-written.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig, type ResolvedConfig } from "./config/load.js";
import { driftOptions } from "./drift/options.js";
import { missingPeers } from "./config/peers.js";
import { literalSecrets } from "./config/literal-secrets.js";
import { findUp } from "./config/find-up.js";
import { buildSnapshot } from "./snapshot/build.js";
import { readSnapshot, readSnapshotFile, snapshotText } from "./snapshot/file.js";
import { unavailableListWarnings, type LiveAccounts } from "./snapshot/unavailable-warnings.js";
import { stdoutNoiseWarnings } from "./capture/noise-warnings.js";
import { applyWarningSettings, validateWarningSettings, warningTarget } from "./warnings/apply.js";
import { preloadEmitters } from "./emit/plan.js";
import { preloadEngine } from "./format/engines.js";
import type { EmitWarning } from "./emit/server-module.js";
import { CodegenError, pushAll, SNAPSHOT_FORMAT, type Environment, type Snapshot } from "@mcp-codegen/runtime/internal";
import type { CaptureOptions, RawCapture } from "./capture/capture.js";
import { selectServers } from "./config/select.js";
import { measureContextCost, type ContextCostReport } from "./context-cost/report.js";
import { preloadTokenizer } from "./context-cost/tokenizer.js";
import { collectWhileWaiting } from "./idle-collection.js";
import { configFilters, filterSnapshot } from "./snapshot/filter.js";
import { StageTimes } from "./stages.js";
import { nextTurn, RenderAhead, type Committed } from "./render-ahead.js";
import { commitOutput, prepareOutput, projectCacheFile, type PreparedOutput } from "./output.js";
import type { GenerateReport } from "./report.js";

export type { GenerateReport, ServerSummary } from "./report.js";
export { InterruptedError } from "./output.js";

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
  /** Count the tokens of the tools the model sees (docs/context-cost.md). Default: on, except with `check`. */
  contextCost?: boolean;
}

export async function generate(options: GenerateOptions = {}): Promise<GenerateReport> {
  // Captured servers' children end while the run goes on; it returns (or fails) once they have.
  const closing: Promise<unknown>[] = [];
  try {
    return await generateWhileClosing(options, closing);
  } finally {
    await Promise.all(closing);
  }
}

async function generateWhileClosing(options: GenerateOptions, closing: Promise<unknown>[]): Promise<GenerateReport> {
  const started = performance.now();
  const stages = new StageTimes();
  const config = await stages.time("config", async () => {
    const loaded = await loadConfig(options);
    driftOptions(loaded); // a misspelt rule id fails here too, not only at the first check
    validateWarningSettings(loaded.warnings);
    return loaded;
  });
  const only = options.servers === undefined ? undefined : selectServers(config, options.servers);
  const timings = new Map<string, number>();
  const onEvent: NonNullable<CaptureOptions["onEvent"]> = (event) => {
    if (event.kind === "captured") timings.set(event.server, event.ms);
    options.onEvent?.(event);
  };
  const captureWarnings: EmitWarning[] = [];
  const costed = options.contextCost ?? !options.check;
  const countCache = contextCostCache(config.rootDir, options.cache);
  const countTokens = (snapshot: Snapshot, on: StageTimes) => on.time("context-cost", () => measureContextCost(filterSnapshot(snapshot, configFilters(config)), config.targets, countCache));
  const run: Run = { config, options: { ...options, onEvent }, only, stages, closing };
  const { snapshot, live, report, contextCost } = options.offline
    ? await generateOffline(run)
    : await generateOnline(run, { warnings: captureWarnings, tokenizerNeeded: costed && (countCache === undefined || !existsSync(countCache)), countTokens: costed ? countTokens : undefined });
  const { shown, silenced } = applyWarningSettings([...unavailableListWarnings(snapshot, live), ...captureWarnings, ...report.warnings, ...literalSecretWarnings(config), ...peerWarnings(config)], config.warnings);
  const servers = report.servers.map((server) => {
    const counted = { ...server, warnings: shown.filter((warning) => warningTarget(warning).server === server.name).length };
    const ms = timings.get(server.name);
    return ms === undefined ? counted : { ...counted, source: "live" as const, ms };
  });
  const cost = costed ? { contextCost: contextCost ?? (await countTokens(snapshot, stages)) } : {};
  return { ...report, warnings: shown, silencedWarnings: silenced, servers, ...cost, elapsedMs: Math.round(performance.now() - started), stages: stages.list() };
}

/** What every path of a run shares. */
interface Run {
  config: ResolvedConfig;
  options: GenerateOptions;
  /** `--server`: the servers to capture. */
  only: readonly string[] | undefined;
  stages: StageTimes;
  closing: Promise<unknown>[];
}

/** What a path of the run hands back: the snapshot the code came from, and the report of its files. */
interface Generated {
  snapshot: Snapshot;
  live: LiveAccounts;
  report: GenerateReport;
  /** Counted ahead (render-ahead.ts); otherwise counted once the files are written. */
  contextCost?: ContextCostReport;
}

async function generateOffline({ config, options, stages }: Run): Promise<Generated> {
  const { snapshot, fileHash } = await stages.time("snapshot", () => offlineSnapshot(config));
  return { snapshot, live: new Map(), report: await generateFromSnapshot(config, snapshot, options, stages, fileHash) };
}

/**
 * Captures the servers and generates from their listings. With every server captured and none
 * kept open (watch mode expects changes), the output and its token counts are prepared ahead from
 * the committed snapshot while the servers start (render-ahead.ts), and used if the listings are
 * the committed ones.
 */
async function generateOnline(
  run: Run,
  extra: { warnings: EmitWarning[]; tokenizerNeeded: boolean; countTokens: ((snapshot: Snapshot, on: StageTimes) => Promise<ContextCostReport>) | undefined },
): Promise<Generated> {
  const { config, options, only, stages, closing } = run;
  const { countTokens } = extra;
  const ahead = only !== undefined || options.keep !== undefined ? undefined : new RenderAhead<PreparedAhead>(config.snapshotPath);
  const prepareAhead = async ({ snapshot, fileHash }: Committed, signal: AbortSignal, on: StageTimes): Promise<PreparedAhead> => {
    const prepared = await prepareOutput(config, snapshot, options, on, fileHash, signal);
    if (!countTokens) return { prepared };
    await nextTurn(signal);
    return { prepared, contextCost: await countTokens(snapshot, on) };
  };
  try {
    const whileWaiting = ahead && (() => ahead.start(prepareAhead));
    const { snapshot, live } = await onlineSnapshot(config, options, only, stages, extra.warnings, extra.tokenizerNeeded, closing, whileWaiting);
    const started = performance.now();
    const text = await stages.time("write", () => snapshotText(snapshot));
    const preparedAhead = await ahead?.take(text);
    if (ahead && preparedAhead) stages.merge(ahead.stages);
    const { prepared, contextCost } = preparedAhead ?? { prepared: await prepareOutput(config, snapshot, options, stages) };
    // Used only when the committed file's text is the live one: nothing to compare or write again.
    const committed = await commitOutput(config, snapshot, prepared, preparedAhead ? undefined : text, options, stages, started);
    const report = ahead?.outcome ? { ...committed, renderedAhead: ahead.outcome } : committed;
    return { snapshot, live, report, ...(contextCost ? { contextCost } : {}) };
  } finally {
    // Used, dropped or never started: a failed run stops it too, and no work of the run outlives it.
    if (ahead) closing.push(ahead.drop());
  }
}

/** The output prepared ahead, and its tools' token counts when the run counts them. */
interface PreparedAhead {
  prepared: PreparedOutput;
  contextCost?: ContextCostReport;
}

/**
 * `snapshotFileHash`: the committed snapshot's file was read offline, and hashes to this; the
 * plan memo (plan-memo.ts) then spares the audit and the plan when nothing they read changed.
 */
export async function generateFromSnapshot(
  config: ResolvedConfig,
  snapshot: Snapshot,
  options: Pick<GenerateOptions, "offline" | "check" | "cache" | "signal"> = {},
  stages = new StageTimes(),
  snapshotFileHash?: string,
): Promise<GenerateReport> {
  const started = performance.now();
  const prepared = await prepareOutput(config, snapshot, options, stages, snapshotFileHash);
  // Offline, the snapshot is the file just read: neither printed again nor compared.
  const snapshotContent = options.offline ? undefined : await stages.time("write", () => snapshotText(snapshot));
  return commitOutput(config, snapshot, prepared, snapshotContent, options, stages, started);
}

/**
 * Token counts by content, beside the render cache (none with `cache: false`): one file per
 * project, since each run keeps only its own tools' counts and projects in one repository share
 * a `node_modules`.
 */
function contextCostCache(rootDir: string, cache: boolean | undefined): string | undefined {
  const modules = cache === false ? undefined : findUp(rootDir, "node_modules");
  return modules && projectCacheFile(path.join(modules, ".cache/mcp-codegen"), "context-cost", rootDir);
}

/** The committed snapshot, and a hash of the file's bytes (the plan memo's key). */
async function offlineSnapshot(config: ResolvedConfig): Promise<{ snapshot: Snapshot; fileHash: string }> {
  const { snapshot, fileHash } = await readSnapshotFile(config.snapshotPath);
  for (const server of config.servers) {
    if (!snapshot.servers[server.name]) {
      throw new CodegenError("input", "not in the snapshot (run `mcp-codegen generate` online)", {
        subject: `server "${server.name}"`,
      });
    }
  }
  return { snapshot, fileHash };
}

async function onlineSnapshot(
  config: ResolvedConfig,
  options: GenerateOptions,
  only: readonly string[] | undefined,
  stages: StageTimes,
  warnings: EmitWarning[],
  tokenizerNeeded: boolean,
  closing: Promise<unknown>[],
  whileWaiting: (() => void) | undefined,
): Promise<{ snapshot: Snapshot; live: LiveAccounts }> {
  // With --server, the others come from the committed snapshot, as far as it has them (none on a
  // new project): they are never contacted, and those it lacks are left out until captured.
  const committed = only === undefined || only.length === config.servers.length ? undefined : await stages.time("snapshot", () => committedSnapshot(config.snapshotPath));
  // Loaded here: the MCP SDK and its validators are not needed offline.
  const raw = await stages.time("capture", async () => {
    const { captureServers, clientSdkLoaded } = await import("./capture/capture.js");
    // Once the SDK has loaded, capture mostly waits for servers to start and answer (~150 ms
    // at 1,000 tools on Node 24): what the run loads next loads meanwhile. The tokenizer (its
    // rank table, ~40 ms), needed when no stored token counts spare it, the emitters and the
    // formatter, which rendering would otherwise import after the capture.
    let captured = false;
    clientSdkLoaded()
      .then(async () => {
        await Promise.all([tokenizerNeeded ? preloadTokenizer() : undefined, preloadEmitters(), preloadEngine(config.format)]);
        // Still waiting for the servers: a full collection now rather than after the listing (idle-collection.ts).
        if (!captured) collectWhileWaiting();
        if (!captured) whileWaiting?.();
      })
      // The capture reports the SDK's failure to load; a collection that fails only costs time.
      .catch(() => undefined);
    try {
      return await captureServers(config, {
        ...(options.env ? { env: options.env } : {}),
        ...(only ? { only } : {}),
        ...pick(options, ["onEvent", "install", "keep", "signal"]),
        closing,
      });
    } finally {
      captured = true;
    }
  });
  pushAll(warnings, refusedSkillWarnings(raw));
  pushAll(warnings, stdoutNoiseWarnings(raw));
  const live = await stages.time("snapshot", () => buildSnapshot(raw));
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

/** One warning per listed skill left out of the snapshot (invalid entry, unsafe file path, failed verification). */
function refusedSkillWarnings(raw: RawCapture): EmitWarning[] {
  return Object.entries(raw.servers).flatMap(([server, listing]) =>
    (listing.refusedSkills ?? []).map((refused) => ({
      subject: `skill "${server}/${refused.uri}"`,
      pointer: "(skills/list)",
      message: `left out of the snapshot and the generated code: ${refused.reason}`,
    })),
  );
}

/** One warning per secret the config holds as a value, which the generated code then holds too. */
function literalSecretWarnings(config: ResolvedConfig): EmitWarning[] {
  return literalSecrets(config.servers).map(({ server, at }) => ({
    subject: `server "${server}"`,
    pointer: `(${at})`,
    message: "a secret written as a value: copied into the generated code as it is; write it as a ${VAR} placeholder",
  }));
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

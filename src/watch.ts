/**
 * `generate --watch`: run `generate`, then again whenever the config file or a local server
 * script it points at changes, or a connected server sends `notifications/{tools,resources,
 * prompts}/list_changed`. Changes are debounced and runs never overlap; `close()` stops a run
 * before it writes (one already writing completes), so the tree is never left half-written.
 *
 * The capture's connections are kept open between runs to hear the notifications. On a
 * notification the server is listed again over that connection and compared, entity hash by
 * entity hash, with the snapshot: only a listing that really changed regenerates (that server
 * only; the snapshot keeps the others), and the run says what changed. Servers such as
 * server-everything announce `list_changed` after every connect: without the comparison each
 * run's fresh connection would start the next run. Clients of servers no longer in the config
 * are closed (their child processes end) after the run that dropped them.
 */
import { existsSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { listenForListChanges } from "@mcp-codegen/runtime/internal/connect";
import type { Client } from "@modelcontextprotocol/client";
import { relistServer } from "./capture/capture.js";
import { findConfigFile, loadConfig, type ResolvedConfig } from "./config/load.js";
import { generate, type GenerateOptions, type GenerateReport } from "./pipeline.js";
import { buildSnapshot } from "./snapshot/build.js";
import { readSnapshot } from "./snapshot/file.js";
import { listingChange } from "./watch-changes.js";

export interface WatchOptions extends Omit<GenerateOptions, "install" | "keep" | "signal" | "check"> {
  /** Quiet time after the last change before a run starts. Default 150 ms. */
  debounceMs?: number;
}

/** Why a run started: the first run, a file that changed, or a server's list_changed. */
export type WatchTrigger =
  | { kind: "start" }
  | { kind: "file"; file: string }
  /** `change`: what differs from the snapshot, e.g. `tools: +echo2, ~add`. */
  | { kind: "list-changed"; server: string; list: string; change: string };

export type WatchEvent =
  | { kind: "run"; trigger: WatchTrigger; report: GenerateReport }
  | { kind: "failed"; trigger: WatchTrigger; error: unknown };

export interface Watcher {
  /** Stops watching: a run under way is stopped before it writes; every connection is closed. */
  close(): Promise<void>;
}

const DEFAULT_DEBOUNCE_MS = 150;

interface HeldConnection {
  client: Client;
  close: () => Promise<void>;
}

/** Extensions of the local server scripts watched (a data file passed as an argument is not). */
const SCRIPT_EXTENSIONS = new Set([".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py", ".rb", ".sh"]);

const LIST_CHANGED = [
  ["tools", "notifications/tools/list_changed"],
  ["resources", "notifications/resources/list_changed"],
  ["prompts", "notifications/prompts/list_changed"],
] as const;

export function watchGenerate(options: WatchOptions, onEvent: (event: WatchEvent) => void): Watcher {
  const cwd = options.cwd ?? process.cwd();
  const configPath = findConfigFile({ ...options, cwd });
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  /** Each server's open connection: its client and how it is closed (as the runtime closes one: a stdio child ends within ~100 ms). */
  const held = new Map<string, HeldConnection>();
  /** Clients closed here: what they still deliver is ignored. */
  const retired = new WeakSet<Client>();
  const watchers = new Map<string, FSWatcher>();
  let watchedFiles = new Set<string>([configPath]);
  let pending: { trigger: WatchTrigger; servers: Set<string> | "all" } | undefined = { trigger: { kind: "start" }, servers: "all" };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let controller: AbortController | undefined;
  let closed = false;
  /** The config as last loaded (after each run): what a `list_changed` comparison reads. */
  let currentConfig: ResolvedConfig | undefined;

  const schedule = (trigger: WatchTrigger, server?: string) => {
    if (closed) return;
    const servers = server === undefined || pending?.servers === "all" ? "all" : new Set([...(pending?.servers ?? []), server]);
    pending = { trigger, servers };
    clearTimeout(timer);
    timer = setTimeout(() => void runNext(), debounceMs);
  };

  const runNext = async (): Promise<void> => {
    if (running || !pending || closed) return;
    const { trigger, servers } = pending;
    pending = undefined;
    controller = new AbortController();
    running = runOnce(trigger, servers, controller.signal).finally(() => {
      running = undefined;
      if (pending && !closed) timer = setTimeout(() => void runNext(), debounceMs);
    });
    await running;
  };

  const runOnce = async (trigger: WatchTrigger, servers: Set<string> | "all", signal: AbortSignal): Promise<void> => {
    const only = servers === "all" ? options.servers : [...servers];
    let event: WatchEvent;
    try {
      const report = await generate({
        ...options,
        configPath,
        ...(only === undefined ? {} : { servers: only }),
        signal,
        install: (server, client) => listen(server, client),
        keep: (server, client, close) => hold(server, client, close),
      });
      event = { kind: "run", trigger, report };
    } catch (error) {
      event = { kind: "failed", trigger, error };
    }
    // Watch what the config now points at before saying the run is done: an edit made right
    // after that line is seen.
    await watchFiles(configPath).catch(() => undefined);
    if (!closed) onEvent(event);
  };

  const listen = (server: string, client: Client) => {
    for (const [list, method] of LIST_CHANGED) {
      client.setNotificationHandler(method, () => {
        if (!retired.has(client)) compareSoon(server, list, client);
      });
    }
  };

  /** Debounced per server: a burst of notifications is one comparison. */
  const comparing = new Map<string, NodeJS.Timeout>();
  const compareSoon = (server: string, list: string, client: Client) => {
    clearTimeout(comparing.get(server));
    comparing.set(server, setTimeout(() => {
      comparing.delete(server);
      void compareListing(server, list, client);
    }, debounceMs));
  };

  /** List the server again over its open connection; regenerate it only when the listing differs from the snapshot. */
  const compareListing = async (server: string, list: string, client: Client): Promise<void> => {
    if (closed || retired.has(client) || !currentConfig) return;
    const config = currentConfig;
    const committed = (await readSnapshot(config.snapshotPath).catch(() => undefined))?.servers[server];
    if (!committed) return schedule({ kind: "list-changed", server, list, change: "not in the snapshot" }, server);
    let change: string | undefined;
    try {
      const listing = await relistServer(client, committed.protocolVersion, server, config);
      const live = buildSnapshot({ servers: { [server]: listing } }).servers[server];
      change = live ? listingChange(committed, live) : undefined;
    } catch {
      change = "listing failed on the open connection"; // a run reconnects and names the cause
    }
    if (change !== undefined && !closed && !retired.has(client)) schedule({ kind: "list-changed", server, list, change }, server);
  };

  const retire = ({ client, close }: HeldConnection) => {
    retired.add(client);
    return close().catch(() => undefined);
  };

  const hold = (server: string, client: Client, close: () => Promise<void>) => {
    const previous = held.get(server);
    const connection = { client, close };
    held.set(server, connection);
    // A 2026-07-28 server sends list changes only on a subscriptions/listen stream: open one.
    if (client.getProtocolEra() === "modern") void listenForListChanges(client, ["tools", "resources", "prompts"]);
    if (previous && previous.client !== client) void retire(previous);
    if (closed) void retire(connection);
  };

  /** The config file and the local scripts its stdio servers run; re-read after every run. */
  const watchFiles = async (file: string): Promise<void> => {
    let config: ResolvedConfig | undefined;
    try {
      config = await loadConfig({ configPath: file, cwd });
    } catch {
      config = undefined; // an invalid config: keep watching it until it is fixed
    }
    if (config) {
      currentConfig = config;
      retireRemoved(config);
    }
    watchFolders(new Set([file, ...(config ? serverScripts(config) : [])]));
  };

  /** A server taken out of the config: its connection (and child process) ends now. */
  const retireRemoved = (config: ResolvedConfig) => {
    const configured = new Set(config.servers.map((server) => server.name));
    for (const [server, connection] of held) {
      if (configured.has(server)) continue;
      held.delete(server);
      void retire(connection);
    }
  };

  const watchFolders = (files: Set<string>) => {
    watchedFiles = files;
    const folders = new Set([...watchedFiles].map((watched) => path.dirname(watched)));
    for (const [folder, watcher] of watchers) {
      if (!folders.has(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
    for (const folder of folders) {
      if (watchers.has(folder) || closed) continue;
      // The folder, not the file: editors save by writing a new file and renaming it over the old.
      const watcher = watch(folder, (_event, name) => {
        const changed = name === null ? undefined : path.join(folder, name.toString());
        if (changed !== undefined && watchedFiles.has(changed)) schedule({ kind: "file", file: changed });
      });
      watcher.on("error", () => undefined);
      watchers.set(folder, watcher);
    }
  };

  watchFolders(new Set([configPath])); // from the start: an edit during the first run is seen
  timer = setTimeout(() => void runNext(), 0);
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      for (const pendingCompare of comparing.values()) clearTimeout(pendingCompare);
      controller?.abort();
      await running?.catch(() => undefined);
      for (const watcher of watchers.values()) watcher.close();
      await Promise.all([...held.values()].map(retire));
      held.clear();
    },
  };
}

/** Files among the stdio servers' command and arguments that are local scripts. */
function serverScripts(config: ResolvedConfig): string[] {
  const scripts: string[] = [];
  for (const { config: server } of config.servers) {
    if (server.transport !== "stdio") continue;
    const cwd = path.resolve(config.rootDir, server.cwd ?? ".");
    for (const candidate of [server.command, ...(server.args ?? [])]) {
      if (candidate.includes("${") || !SCRIPT_EXTENSIONS.has(path.extname(candidate))) continue;
      const file = path.resolve(cwd, candidate);
      if (existsSync(file)) scripts.push(file);
    }
  }
  return scripts;
}

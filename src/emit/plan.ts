/**
 * Stage `emit`: `Snapshot` + config → the files of `outDir`, each with the hash of everything
 * its content depends on. Rendering is deferred (`render()`), so files whose inputs did not
 * change are neither emitted nor formatted again.
 */
import path from "node:path";
import type { ResolvedConfig } from "../config/load.js";
import { projectModuleFormat } from "../config/module-format.js";
import { hashJson, planUniqueNames, pushAll, type Snapshot } from "@mcp-codegen/runtime/internal";
import { NameScope } from "../normalize/identifiers.js";
import { normalizeServer, type NamingNote } from "../normalize/normalize.js";
import { RESERVED_CLIENT_MEMBERS } from "../normalize/reserved.js";
import { capturedProtocol, connectionExpression } from "./connection.js";
import { emitterFingerprint } from "./fingerprint.js";
import { renderIndexModule, type IndexServer } from "./index-module.js";
import type { RenderedBody, RenderedServer, ServerModuleInput } from "./server-module.js";

export type { RenderedBody };
import type { Formatter } from "../format/format.js";
import { renderSnapshotModule, snapshotModuleData } from "./snapshot-module.js";
import { loadSchemaPrinters } from "./tool-chunk.js";
import { filterServerSnapshot } from "../snapshot/filter.js";
import { selectedTargets } from "./targets/index.js";

export interface PlannedFile {
  /** Relative to `outDir`, `/`-separated. */
  path: string;
  /** What the banner names as the file's source. */
  source: string;
  /** Who the file is for, in errors: `server "math"`, `the index module`. */
  subject: string;
  snapshotHash: string;
  inputsHash: string;
  /** How much work rendering is, in tools. */
  weight: number;
  /** The formatted body (no banner). */
  render(formatter: Formatter): Promise<RenderedBody>;
}

export interface EmitPlan {
  files: PlannedFile[];
  notes: NamingNote[];
}

/**
 * What models are handed when it differs from the snapshot: the snapshot with the hidden
 * characters the audit found removed (entity hashes kept: they are the live listing's
 * fingerprints), and per server a hash of what was removed (part of that server's files' inputs).
 */
export interface ModelText {
  snapshot: Snapshot;
  stripped: ReadonlyMap<string, string>;
}

/**
 * `formatKey`: the formatter's options when they are not the default's (prettier with the user's
 * config), so that changing them re-renders files that are otherwise current.
 */
export function planFiles(snapshot: Snapshot, config: ResolvedConfig, options: { formatKey?: string | undefined; modelText?: ModelText | undefined } = {}): EmitPlan {
  const { formatKey, modelText } = options;
  const emitter = formatKey === undefined ? emitterFingerprint() : hashJson({ emitter: emitterFingerprint(), formatKey });
  // One format for the whole output: the folder's nearest tsconfig.json and package.json decide it.
  const format = projectModuleFormat(config.outDir);
  const properties = new NameScope(RESERVED_CLIENT_MEMBERS);
  const notes: NamingNote[] = [];
  const files: PlannedFile[] = [];
  const indexServers: IndexServer[] = [];
  for (const server of config.servers) {
    const listed = snapshot.servers[server.name];
    if (!listed) continue;
    // Generated code (and the drift guard's fingerprints) carry only the tools the config keeps.
    const serverSnapshot = filterServerSnapshot(listed, server.config);
    const strippedHash = modelText?.stripped.get(server.name);
    const modelListing = strippedHash === undefined ? undefined : modelText?.snapshot.servers[server.name];
    // The server's fingerprint stays the one of what it lists (the drift guard compares it with the live server).
    const modelSnapshot = modelListing ? { ...filterServerSnapshot(modelListing, server.config), hash: serverSnapshot.hash } : serverSnapshot;
    const subject = `server "${server.name}"`;
    const { name: property, reason } = properties.identifier(server.name, "server", subject);
    if (reason !== undefined) notes.push({ subject, message: `client property named ${property} (${reason})` });
    const normalized = normalizeServer(server.name, property, modelSnapshot, { agentsNames: config.targets.targets.includes("openai-agents") });
    pushAll(notes, normalized.notes);
    const moduleDir = path.join(config.outDir, server.name);
    const connection = connectionExpression(server, config.rootDir, moduleDir, format, capturedProtocol(listed));
    const toolFilter = { ...(server.config.include ? { include: server.config.include } : {}), ...(server.config.exclude ? { exclude: server.config.exclude } : {}) };
    indexServers.push({ key: server.name, property, typeStem: normalized.typeStem, modelNames: normalized.tools.map((tool) => ({ tool: tool.entry.name, name: tool.modelName })) });
    const strip = strippedHash === undefined ? {} : { stripped: strippedHash };
    const inputsHash = hashJson({ emitter, key: server.name, property, server: serverSnapshot.hash, connection: connection.code, toolFilter, inputTypes: config.inputTypes, targets: config.targets, ...strip });
    // The module and its types and schemas modules come from one rendering, whichever asks first.
    let rendered: Promise<RenderedServer> | undefined;
    const renderBoth = (formatter: Formatter) =>
      (rendered ??= renderServerBody({ server: normalized, connection, toolFilter, inputTypes: config.inputTypes, targets: config.targets }, formatter, `${server.name}/index.ts`));
    files.push({
      path: `${server.name}/index.ts`,
      subject,
      source: `the snapshot of server "${server.name}"`,
      snapshotHash: serverSnapshot.hash,
      inputsHash,
      weight: serverSnapshot.tools.length,
      render: async (formatter) => (await renderBoth(formatter)).index,
    });
    if (normalized.tools.length > 0) {
      for (const part of ["types", "schemas"] as const) {
        files.push({
          path: `${server.name}/${part}.ts`,
          subject,
          source: `the snapshot of server "${server.name}"`,
          snapshotHash: serverSnapshot.hash,
          inputsHash,
          weight: 0,
          render: async (formatter) => (await renderBoth(formatter))[part] ?? { body: "", warnings: [] },
        });
      }
    }
    const snapshotInput = { key: server.name, snapshot: modelSnapshot, filter: server.config, drift: config.drift };
    files.push({
      path: `${server.name}/snapshot.ts`,
      subject,
      source: `the snapshot of server "${server.name}"`,
      snapshotHash: serverSnapshot.hash,
      inputsHash: hashJson({ emitter, server: serverSnapshot.hash, ...snapshotModuleData(snapshotInput), ...strip }),
      weight: 0,
      render: async (formatter) => ({ body: await formatter.format(formatter.emitClock.timeSync(() => renderSnapshotModule(snapshotInput)), `${server.name}/snapshot.ts`), warnings: [] }),
    });
  }
  files.push({
    path: "index.ts",
    subject: "the index module",
    source: "codegen.config",
    snapshotHash: hashJson(indexServers.map((server) => snapshot.servers[server.key]?.hash)),
    inputsHash: hashJson({ emitter, servers: indexServers, targets: config.targets.targets }),
    weight: 0,
    render: async (formatter) => ({ body: await formatter.format(formatter.emitClock.timeSync(() => renderIndexModule(indexServers, selectedTargets(config.targets))), "index.ts"), warnings: [] }),
  });
  pushAll(notes, acrossServerNotes(indexServers));
  return { files, notes };
}

/** The tools `createClient()`'s all-servers accessors rename (`planUniqueNames`, as the runtime does), each reported once. */
function acrossServerNotes(servers: readonly IndexServer[]): NamingNote[] {
  const named = servers.flatMap((server) => server.modelNames.map((name) => ({ server: server.key, tool: name.tool, name: name.name })));
  return planUniqueNames(named).map(({ index, to, reason }) => ({
    subject: `tool "${named[index]!.server}/${named[index]!.tool}"`,
    message: `model-facing name ${to} among every server's tools (${reason})`,
  }));
}

/**
 * Loads the emitters rendering imports on first use (the server module's, the schema printers);
 * settles when they have loaded or failed. A failure surfaces where rendering imports them.
 */
export async function preloadEmitters(): Promise<void> {
  await Promise.all([loadServerModule().catch(() => undefined), loadSchemaPrinters().catch(() => undefined)]);
}

function loadServerModule(): Promise<typeof import("./server-module.js")> {
  return import("./server-module.js");
}

async function renderServerBody(input: ServerModuleInput, formatter: Formatter, subject: string): Promise<RenderedServer> {
  const { renderServerModule } = await loadServerModule();
  return renderServerModule(input, formatter, subject);
}

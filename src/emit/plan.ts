/**
 * Stage `emit`: `Snapshot` + config → the files of `outDir`, each with the hash of everything
 * its content depends on. Rendering is deferred (`render()`), so files whose inputs did not
 * change are neither emitted nor formatted again.
 */
import path from "node:path";
import type { ResolvedConfig } from "../config/load.js";
import { hashJson, type Snapshot } from "@mcp-codegen/runtime/internal";
import { NameScope } from "../normalize/identifiers.js";
import { normalizeServer, type NamingNote } from "../normalize/normalize.js";
import { RESERVED_CLIENT_MEMBERS } from "../normalize/reserved.js";
import { connectionExpression } from "./connection.js";
import { emitterFingerprint } from "./fingerprint.js";
import { renderIndexModule, type IndexServer } from "./index-module.js";
import type { EmitWarning, RenderedBody, ServerModuleInput } from "./server-module.js";

export type { RenderedBody };
import type { Formatter } from "../format/format.js";
import { renderSnapshotModule, snapshotModuleData } from "./snapshot-module.js";
import { filterServerSnapshot } from "../snapshot/filter.js";

export interface PlannedFile {
  /** Relative to `outDir`, `/`-separated. */
  path: string;
  /** What the banner names as the file's source. */
  source: string;
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

export function planFiles(snapshot: Snapshot, config: ResolvedConfig): EmitPlan {
  const emitter = emitterFingerprint();
  const properties = new NameScope(RESERVED_CLIENT_MEMBERS);
  const notes: NamingNote[] = [];
  const files: PlannedFile[] = [];
  const indexServers: IndexServer[] = [];
  for (const server of config.servers) {
    const listed = snapshot.servers[server.name];
    if (!listed) continue;
    // Generated code (and the drift guard's fingerprints) carry only the tools the config keeps.
    const serverSnapshot = filterServerSnapshot(listed, server.config);
    const subject = `server "${server.name}"`;
    const { name: property, reason } = properties.identifier(server.name, "server", subject);
    if (reason !== undefined) notes.push({ subject, message: `client property named ${property} (${reason})` });
    const normalized = normalizeServer(server.name, property, serverSnapshot);
    notes.push(...normalized.notes);
    const moduleDir = path.join(config.outDir, server.name);
    const connection = connectionExpression(server, config.rootDir, moduleDir);
    const toolFilter = { ...(server.config.include ? { include: server.config.include } : {}), ...(server.config.exclude ? { exclude: server.config.exclude } : {}) };
    indexServers.push({ key: server.name, property, typeStem: normalized.typeStem });
    files.push({
      path: `${server.name}/index.ts`,
      source: `the snapshot of server "${server.name}"`,
      snapshotHash: serverSnapshot.hash,
      inputsHash: hashJson({ emitter, key: server.name, property, server: serverSnapshot.hash, connection: connection.code, toolFilter, inputTypes: config.inputTypes }),
      weight: serverSnapshot.tools.length,
      render: async (formatter) => renderServerBody({ server: normalized, connection, toolFilter, inputTypes: config.inputTypes }, formatter, `${server.name}/index.ts`),
    });
    const snapshotInput = { key: server.name, snapshot: serverSnapshot, filter: server.config, drift: config.drift };
    files.push({
      path: `${server.name}/snapshot.ts`,
      source: `the snapshot of server "${server.name}"`,
      snapshotHash: serverSnapshot.hash,
      inputsHash: hashJson({ emitter, server: serverSnapshot.hash, ...snapshotModuleData(snapshotInput) }),
      weight: 0,
      render: async () => ({ body: renderSnapshotModule(snapshotInput), warnings: [] }),
    });
  }
  files.push({
    path: "index.ts",
    source: "codegen.config",
    snapshotHash: hashJson(indexServers.map((server) => snapshot.servers[server.key]?.hash)),
    inputsHash: hashJson({ emitter, servers: indexServers }),
    weight: 0,
    render: async (formatter) => ({ body: await formatter.format(renderIndexModule(indexServers), "index.ts"), warnings: [] }),
  });
  return { files, notes };
}

async function renderServerBody(input: ServerModuleInput, formatter: Formatter, subject: string): Promise<RenderedBody> {
  const { renderServerModule } = await import("./server-module.js");
  return renderServerModule(input, formatter, subject);
}

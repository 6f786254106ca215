/**
 * The runtime drift guard of generated clients. A generated module carries each tool's
 * fingerprint (the hash of its snapshot entry); on the first call, after every reconnect and
 * after `notifications/tools/list_changed`, the guard lists the live tools, hashes them exactly
 * as the generator did (`src/shared/listing-snapshot.ts`) and compares. Only when something
 * differs does it load the generated snapshot and classify the change with the drift rules, so
 * an unchanged server costs one `tools/list` and no more.
 *
 * Policy (per server, else runtime, default "warn"): "off" checks nothing; "warn" reports
 * through `callbacks.onDrift` once per distinct report and lets calls go on; "error" also makes
 * a call to a tool with a breaking change throw `DriftError` before anything is sent.
 *
 * A guard registers its check with the runtime, so every call to the server's tools waits for
 * it: typed methods, `callTypedTool` with a descriptor, `runtime.callTool`, the LangChain tools
 * of `getTools()` (generated or dynamic) and the compat client's tools.
 */
import { withoutCredentials } from "../shared/secret-registry.js";
import type { Client, Tool } from "@modelcontextprotocol/client";
import { compareCodeUnits, canonicalStringify } from "../shared/canonical-json.js";
import { buildEntity, buildServerSnapshot, toolFilter, type ToolFilter } from "../shared/listing-snapshot.js";
import { withValidHeaders } from "../shared/x-mcp-header.js";
import type { ServerSnapshot } from "../shared/snapshot.js";
import { cleanText } from "../drift/text.js";
import type { Change, DriftOptions, DriftReport } from "../drift/types.js";
import type { ServerConnection } from "../connection/connection.js";
import { DriftError } from "../shared/errors.js";
import { listSkillEntries } from "../wire/skills.js";
import { LISTS, type ListMethod } from "../wire/lists.js";
import { SharedWork } from "../shared/shared-work.js";
import { unansweredCode } from "./unanswered-list.js";
import { runtimeInternals, type Runtime, type RuntimeInternals } from "./runtime-api.js";
import { callTypedTool } from "./typed-calls.js";
import { startTypedTask } from "./tasks/typed.js";
import type { TaskHandle, TaskStartOptions } from "./tasks/types.js";
import type { CallOptions, DriftGuardPolicy, ToolDescriptor, ToolMethods, ToolResult } from "../shared/types.js";

/** What `<server>/snapshot.ts` of a generated folder exports. */
export interface GeneratedSnapshot {
  /** The server's snapshot entry, as in the snapshot file. */
  readonly server: ServerSnapshot;
  /** include / exclude globs of codegen.config: tools they leave out are not drift. */
  readonly toolFilter: ToolFilter;
  /** `drift` rules, overrides and acceptances of codegen.config, so reports equal `check`'s. */
  readonly drift: DriftOptions;
}

/** What a generated client registers with the guard. */
export interface DriftGuardRegistration {
  readonly serverFingerprint: string;
  /** The generated tools (descriptors, or just their names and fingerprints). */
  readonly tools: readonly Pick<ToolDescriptor, "name" | "fingerprint">[];
  readonly loadSnapshot: () => Promise<GeneratedSnapshot>;
  /** include / exclude of codegen.config: live tools they leave out are not compared. */
  readonly toolFilter?: ToolFilter;
}

export interface DriftGuard {
  /** A typed tool call, after the guard's check (which may throw `DriftError` under "error"). */
  callTool<I, O>(tool: ToolDescriptor<I, O>, args: I, options?: CallOptions): Promise<ToolResult<O>>;
  /** `callTool` bound to each descriptor of `tools`, under the same keys; a missing argument is `{}`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  toolMethods<T extends Record<string, ToolDescriptor<any, any>>>(tools: T): ToolMethods<T>;
  /** The full comparison (tools, resources, templates, prompts, skills, server metadata): `check`'s report. */
  verify(): Promise<DriftReport>;
}

const DEFAULT_POLICY: DriftGuardPolicy = "warn";

/** One guard per runtime and server key, shared by every client made for it (the warning is delivered once). */
const guards = new WeakMap<Runtime, Map<string, ServerGuard>>();

export function driftGuard(runtime: Runtime, server: string, registration: DriftGuardRegistration): DriftGuard {
  let byServer = guards.get(runtime);
  if (!byServer) guards.set(runtime, (byServer = new Map()));
  let guard = byServer.get(server);
  if (!guard || guard.fingerprint !== registration.serverFingerprint) {
    const created = new ServerGuard(runtime, server, registration);
    byServer.set(server, created);
    runtimeInternals(runtime)?.setDriftCheck(server, Object.assign((tool: string, gaveUp?: AbortSignal) => created.check(tool, gaveUp), { passes: (tool: string) => created.passes(tool) }));
    guard = created;
  }
  return guard;
}

/** Several servers' reports as one, ordered by server as `check` orders them. */
export function mergeDriftReports(reports: readonly DriftReport[]): DriftReport {
  const changes = reports.flatMap((report) => report.changes);
  const order = [...new Set(changes.map((change) => change.server))].sort(compareCodeUnits);
  changes.sort((a, b) => order.indexOf(a.server) - order.indexOf(b.server));
  const summary = { breaking: 0, dangerous: 0, safe: 0, accepted: 0 };
  for (const report of reports) {
    for (const key of Object.keys(summary) as (keyof typeof summary)[]) summary[key] += report.summary[key];
  }
  return { version: 1, changes, summary };
}

/** Tool name → the breaking change that makes calling it fail under "error". */
type Verdicts = Map<string, Change>;

class ServerGuard implements DriftGuard {
  readonly fingerprint: string;
  readonly #runtime: Runtime;
  readonly #server: string;
  readonly #registration: DriftGuardRegistration;
  #checked: SharedWork<Verdicts> | undefined;
  #checkedClient: Client | undefined;
  #stale = false;
  /** The verdicts of the last check once it has settled (cleared when a new one starts). */
  #ready: Verdicts | undefined;
  #delivered: string | undefined;
  #listening = false;

  constructor(runtime: Runtime, server: string, registration: DriftGuardRegistration) {
    this.#runtime = runtime;
    this.#server = server;
    this.#registration = registration;
    this.fingerprint = registration.serverFingerprint;
  }

  async callTool<I, O>(tool: ToolDescriptor<I, O>, args: I, options?: CallOptions): Promise<ToolResult<O>> {
    // A runtime made by createRuntime runs `check` itself before sending; another cannot.
    if (!this.#internals()) await this.check(tool.name);
    return callTypedTool(this.#runtime, this.#server, tool, args, options);
  }

  /** `.start()` of a task-capable tool's method, after the same check as a call (a task start is not sent through that check). */
  async startTask<I, O>(tool: ToolDescriptor<I, O>, args: I, options?: TaskStartOptions): Promise<TaskHandle<O>> {
    await this.check(tool.name);
    return startTypedTask(this.#runtime, this.#server, tool, args, options);
  }

  /**
   * Resolves when `tool` may be called under the policy; throws `DriftError` when it must not.
   * A caller stops waiting when `gaveUp` aborts; a check every caller gave up on is dropped.
   */
  async check(tool: string, gaveUp?: AbortSignal): Promise<void> {
    const policy = this.#policy();
    if (policy === "off") return;
    const breaking = (await this.#verdicts(gaveUp)).get(tool);
    if (breaking && policy === "error") throw new DriftError(this.#server, tool, breaking);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  toolMethods<T extends Record<string, ToolDescriptor<any, any>>>(tools: T): ToolMethods<T> {
    const methods: Record<string, unknown> = {};
    for (const [key, tool] of Object.entries(tools)) {
      const method = (args?: unknown, options?: CallOptions) => this.callTool(tool, args ?? {}, options);
      const start = (args?: unknown, options?: TaskStartOptions) => this.startTask(tool, args ?? {}, options);
      methods[key] = tool.taskSupport === undefined ? method : Object.assign(method, { start });
    }
    return methods as ToolMethods<T>;
  }

  async verify(): Promise<DriftReport> {
    const generated = await this.#registration.loadSnapshot();
    const live = await this.#liveServer(generated);
    return this.#classify(generated, live);
  }

  #internals(): RuntimeInternals | undefined {
    return runtimeInternals(this.#runtime);
  }

  #policy(): DriftGuardPolicy {
    const options = this.#internals()?.options;
    return options?.servers[this.#server]?.driftGuard ?? options?.driftGuard ?? DEFAULT_POLICY;
  }

  /** The cached verdicts, re-checked after a reconnect or a `tools/list_changed`. */
  #verdicts(gaveUp: AbortSignal | undefined): Promise<Verdicts> {
    const client = this.#currentClient();
    const checked = this.#checked;
    if (checked && !checked.abandoned && !this.#stale && client === this.#checkedClient) return checked.join(gaveUp);
    this.#stale = false;
    this.#ready = undefined;
    const checking: SharedWork<Verdicts> = new SharedWork((abandoned) =>
      this.#check(abandoned).catch((error: unknown) => {
        if (this.#checked === checking) this.#checked = undefined;
        throw error;
      }),
    );
    this.#checked = checking;
    return checking.join(gaveUp);
  }

  /**
   * Whether `tool` may be called now without waiting: the policy is "off", or the check of the
   * current connection has settled and does not stop the tool. The calls' fast path.
   */
  passes(tool: string): boolean {
    const policy = this.#policy();
    if (policy === "off") return true;
    const ready = this.#ready;
    if (ready === undefined || this.#stale || this.#currentClient() !== this.#checkedClient) return false;
    return policy !== "error" || !ready.has(tool);
  }

  async #check(abandoned: AbortSignal): Promise<Verdicts> {
    const verdicts = await this.#verdictsOfLive(abandoned);
    this.#ready = verdicts;
    return verdicts;
  }

  async #verdictsOfLive(abandoned: AbortSignal): Promise<Verdicts> {
    const liveTools = await this.#runtime.listTools(this.#server, { signal: abandoned });
    this.#checkedClient = this.#currentClient();
    this.#listen();
    if (this.#matchesFingerprints(liveTools)) return new Map();
    const generated = await this.#registration.loadSnapshot();
    const report = await this.#classify(generated, withLiveTools(generated, liveTools));
    if (report.changes.length > 0) this.#deliver(report);
    const verdicts: Verdicts = new Map();
    for (const change of report.changes) {
      if (change.entity.kind === "tool" && change.level === "breaking" && change.accepted === undefined && !verdicts.has(change.entity.name)) {
        verdicts.set(change.entity.name, change);
      }
    }
    return verdicts;
  }

  /** The fast path: exactly the generated tools (of those the config keeps), each with its generated fingerprint. */
  #matchesFingerprints(liveTools: readonly Tool[]): boolean {
    const expected = new Map(this.#registration.tools.map((tool) => [tool.name, tool.fingerprint]));
    const keep = toolFilter(this.#registration.toolFilter ?? {});
    const kept = liveTools.filter((tool) => keep(tool.name));
    if (kept.length !== expected.size) return false;
    return kept.every((tool) => expected.get(tool.name) === buildEntity("tools", tool as unknown as Record<string, unknown>)["hash"]);
  }

  async #classify(generated: GeneratedSnapshot, live: ServerSnapshot): Promise<DriftReport> {
    // Loaded only when there is something to classify: most processes never need the rules.
    const [{ diffServer }, { applyPolicy }] = await Promise.all([import("../drift/diff.js"), import("../drift/policy.js")]);
    return applyPolicy(diffServer(this.#server, usableTools(generated.server), live), generated.drift);
  }

  #deliver(report: DriftReport): void {
    const key = canonicalStringify(report);
    if (key === this.#delivered) return;
    this.#delivered = key;
    const options = this.#internals()?.options;
    const onDrift = options?.servers[this.#server]?.callbacks?.onDrift ?? options?.callbacks?.onDrift ?? emitDriftWarning;
    onDrift(report, Object.freeze({ server: this.#server }));
  }

  /** The whole live listing, built into a snapshot entry exactly as `generate` builds one. */
  async #liveServer(generated: GeneratedSnapshot): Promise<ServerSnapshot> {
    const runtime = this.#runtime;
    const server = this.#server;
    const listedTools = await runtime.listTools(server); // connects, so the client's view of the server is known
    const client = this.#currentClient();
    const capabilities = (client?.getServerCapabilities() ?? generated.server.capabilities) as Record<string, unknown>;
    const offered = (capability: string): boolean => capabilities[capability] !== undefined;
    const unavailable: NonNullable<ServerSnapshot["unavailable"]> = {};
    // An advertised list the server does not answer is recorded as `generate` records it, not thrown.
    const optional = async <T>(method: OptionalMethod, list: () => Promise<T[]>): Promise<T[]> => {
      try {
        return await list();
      } catch (error) {
        const code = unansweredCode(error);
        if (code === undefined) throw error;
        unavailable[LISTS[method].items] = { method, code };
        return [];
      }
    };
    const [resources, resourceTemplates, prompts] = await Promise.all([
      offered("resources") ? optional("resources/list", () => runtime.listResources(server)) : [],
      offered("resources") ? optional("resources/templates/list", () => runtime.listResourceTemplates(server)) : [],
      offered("prompts") ? optional("prompts/list", () => runtime.listPrompts(server)) : [],
    ]);
    const tools = offered("tools") ? listedTools : [];
    const instructions = client ? client.getInstructions() : generated.server.instructions;
    // Skills (SEP-2640) only of a server that declares the extension; without a client, the generated ones.
    const skills = client ? (await listSkillEntries(client))?.entries : generated.server.skills;
    // The lists come masked (runtime.ts); the rest of what the server said is masked here, as capture masks it.
    const said = withoutCredentials(
      {
        serverInfo: (client?.getServerVersion() ?? generated.server.serverInfo) as Record<string, unknown>,
        capabilities,
        ...(instructions === undefined ? {} : { instructions }),
        skills,
      },
      this.#connection()?.credentials ?? [],
    );
    const listing = {
      protocolVersion: client?.getNegotiatedProtocolVersion() ?? generated.server.protocolVersion,
      era: client?.getProtocolEra() ?? generated.server.era,
      ...said,
      tools,
      resources,
      resourceTemplates,
      prompts,
      unavailable,
    };
    return buildServerSnapshot(listing, generated.toolFilter);
  }

  #currentClient(): Client | undefined {
    return this.#connection()?.client;
  }

  #connection(): ServerConnection | undefined {
    try {
      return this.#internals()?.connection(this.#server);
    } catch {
      return undefined;
    }
  }

  /** Re-check after `notifications/tools/list_changed`, on whatever client the connection has. */
  #listen(): void {
    const connection = this.#listening ? undefined : this.#connection();
    if (!connection) return;
    this.#listening = true;
    connection.onToolsListChanged(() => {
      this.#stale = true;
      if (this.#policy() !== "off") this.#verdicts(undefined).catch(() => undefined);
    });
  }
}

/** The lists that may go unanswered without failing `verify()` (an unanswered tools/list always fails it). */
type OptionalMethod = Exclude<ListMethod, "tools/list">;

/**
 * The snapshot keeps what the server listed; tools with invalid `x-mcp-header` declarations
 * are in neither the generated code nor live listings, so they are no drift either.
 */
function usableTools(server: ServerSnapshot): ServerSnapshot {
  const tools = withValidHeaders(server.tools, () => undefined);
  return tools.length === server.tools.length ? server : { ...server, tools };
}

/** The generated snapshot entry with its tools replaced by the live ones (the rest unchanged: tools only). */
function withLiveTools(generated: GeneratedSnapshot, liveTools: readonly Tool[]): ServerSnapshot {
  const keep = toolFilter(generated.toolFilter);
  const tools = liveTools
    .filter((tool) => keep(tool.name))
    .map((tool) => buildEntity("tools", tool as unknown as Record<string, unknown>))
    .sort((a, b) => compareCodeUnits(String(a["name"]), String(b["name"])));
  return { ...generated.server, tools: tools as unknown as ServerSnapshot["tools"], hash: "" } as ServerSnapshot;
}

function emitDriftWarning(report: DriftReport, source: { server: string }): void {
  const lines = report.changes.map((change) => {
    const where = change.pointer === undefined ? "" : ` ${cleanText(change.pointer)}`;
    return `  ${change.level} ${change.ruleId} ${change.entity.kind} "${cleanText(change.entity.name)}"${where}: ${cleanText(change.message, 400)}`;
  });
  const message = `server "${cleanText(source.server)}" differs from its generated client:\n${lines.join("\n")}`;
  process.emitWarning(message, { type: "McpDriftWarning", code: "MCP_DRIFT" });
}

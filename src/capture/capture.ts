/**
 * Stage `capture`: `ResolvedConfig` → raw listings per server. Servers are captured in
 * parallel, each under its own deadline; every connection is closed (every child process
 * ended) whether the capture succeeds or not.
 */
import type { Client, Prompt, Resource, ResourceTemplateType as ResourceTemplate, Tool } from "@modelcontextprotocol/client";
import { CodegenError, eraOfRevision, errorMessage, redact, withoutCredentials, type Environment, type ProtocolEra, type SkillEntry } from "@mcp-codegen/runtime/internal";
import { AS_SENT, endClient, entityLabel, InvalidPage, LIST_METHODS, LISTS, McpRuntimeError, OpenFailure, collectPages, loadClientSdk, loadPageSchema, LoginRequiredError, StdoutNoise, STDOUT_NOISE_HINT, type ListMethod, type OpenedClient, type StderrTailSlot, type RefusedSkill } from "@mcp-codegen/runtime/internal/connect";
import type { ResolvedConfig, ResolvedServer } from "../config/load.js";
import { openForCapture, resolveForCapture, UNBOUNDED, withStoredLogin } from "./connect.js";
import { checkDepth, ListingBudget, listingTooLarge, type CaptureLimits } from "./limits.js";
import { describeFailure } from "./failure.js";
import { ServersFailedError } from "./servers-failed.js";
import { captureSkills } from "./skills.js";
import { describeUnanswered, unansweredCode, type UnansweredList } from "./unavailable.js";

export interface RawServerListing {
  protocolVersion: string;
  era: ProtocolEra;
  serverInfo: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  instructions?: string;
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
  /** Only for a server that declares the Skills extension (SEP-2640): its skills as the snapshot keeps them. */
  skills?: SkillEntry[];
  /** Listed skills left out of `skills` (invalid entry, unsafe path, failed verification), and why. */
  refusedSkills?: RefusedSkill[];
  /** Advertised lists the server did not answer (never `tools`): their arrays above are empty. */
  unavailable?: Partial<Record<"resources" | "resourceTemplates" | "prompts", UnansweredList>>;
  /** A stdio server that wrote text that is not JSON-RPC on stdout: the warning, quoting its first such line (secrets masked). */
  stdoutNoise?: string;
}

export interface RawCapture {
  servers: Record<string, RawServerListing>;
}

export interface CaptureOptions {
  env?: Environment;
  /** Only these servers (default all). */
  only?: readonly string[];
  /** Progress of each server: started, captured (with counts and time), failed. */
  onEvent?: (event: CaptureEvent) => void;
  /** Called with each client before it connects (e.g. to add notification handlers). */
  install?: (server: string, client: Client) => void;
  /**
   * When given, a client that captured its server is handed over open instead of closed, with
   * the way to close it: as the runtime does (its stdio child ended within ~100 ms).
   */
  keep?: (server: string, client: Client, close: () => Promise<void>) => void;
  /** Stops every capture under way (their connections are closed, nothing is returned). */
  signal?: AbortSignal;
  /**
   * When given, a client that captured its server is closed without waiting for its child to
   * end (up to ~100 ms: stdin EOF, then signals), and the close is added here: the caller goes on
   * with the listing and must await these before it returns. A failed capture still closes first.
   */
  closing?: Promise<unknown>[];
}

export interface ListingCounts {
  tools: number;
  resources: number;
  resourceTemplates: number;
  prompts: number;
}

export type CaptureEvent =
  | { kind: "start"; server: string }
  | { kind: "captured"; server: string; counts: ListingCounts; ms: number }
  | { kind: "failed"; server: string; message: string; ms: number };

/** Settles once the MCP SDK client has loaded, which capture does first. */
export function clientSdkLoaded(): Promise<unknown> {
  return loadClientSdk();
}

/**
 * Every server is captured, even when others fail; the failures are then thrown together,
 * one line each, as a `ServersFailedError` that also carries what the others listed.
 */
export async function captureServers(config: ResolvedConfig, options: CaptureOptions = {}): Promise<RawCapture> {
  const env = options.env ?? process.env;
  const servers = config.servers.filter((server) => !options.only || options.only.includes(server.name));
  const settled = await Promise.allSettled(servers.map((server) => captureReporting(server, config, env, options)));
  const failures = settled.flatMap((result) => (result.status === "rejected" ? [asServerError(result.reason)] : []));
  const failed = servers.filter((_server, index) => settled[index]?.status === "rejected").map((server) => server.name);
  const out: RawCapture = { servers: {} };
  settled.forEach((result, index) => {
    const server = servers[index];
    if (server && result.status === "fulfilled") out.servers[server.name] = result.value;
  });
  if (failures.length > 0) throw new ServersFailedError<RawCapture>(failures, failed, out);
  return out;
}

export function listingCounts(listing: RawServerListing): ListingCounts {
  return {
    tools: listing.tools.length,
    resources: listing.resources.length,
    resourceTemplates: listing.resourceTemplates.length,
    prompts: listing.prompts.length,
  };
}

async function captureReporting(server: ResolvedServer, config: ResolvedConfig, env: Environment, options: CaptureOptions): Promise<RawServerListing> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  options.onEvent?.({ kind: "start", server: server.name });
  try {
    const listing = await captureOne(server, config, env, options);
    options.onEvent?.({ kind: "captured", server: server.name, counts: listingCounts(listing), ms: elapsed() });
    return listing;
  } catch (error) {
    options.onEvent?.({ kind: "failed", server: server.name, message: asServerError(error).message, ms: elapsed() });
    throw error;
  }
}

function asServerError(error: unknown): CodegenError {
  return error instanceof CodegenError ? error : new CodegenError("server", errorMessage(error));
}

/**
 * What a server lists now, over a connection the capture kept open (`generate --watch` asks on
 * `list_changed`, to regenerate only when the listing really changed).
 */
export function relistServer(client: Client, protocolVersion: string | undefined, server: string, config: ResolvedConfig): Promise<RawServerListing> {
  const entry = config.servers.find((candidate) => candidate.name === server);
  const limits: CaptureLimits = {
    maxListingBytes: entry?.config.maxListingBytes ?? config.maxListingBytes,
    maxSchemaDepth: entry?.config.maxSchemaDepth ?? config.maxSchemaDepth,
  };
  return listEverything(client, protocolVersion, server, limits, { strict: config.unavailableLists === "error" });
}

async function captureOne(server: ResolvedServer, config: ResolvedConfig, env: Environment, options: CaptureOptions): Promise<RawServerListing> {
  const subject = `server "${server.name}"`;
  const timeout = server.config.timeout ?? config.timeout;
  const limits: CaptureLimits = {
    maxListingBytes: server.config.maxListingBytes ?? config.maxListingBytes,
    maxSchemaDepth: server.config.maxSchemaDepth ?? config.maxSchemaDepth,
  };
  const resolved = withStoredLogin(server.name, resolveForCapture(server.name, server.config, env, config.rootDir, limits.maxListingBytes));
  const stream = new StreamTrouble(subject, limits);
  const noise = new StdoutNoise();
  const stderr: StderrTailSlot = { current: undefined };
  let client: Client | undefined;
  let opened: OpenedClient | undefined;
  let kept = false;
  let captured = false;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new AbortController();
  // At the deadline, lists other than tools/list still pending are given up (unavailable); the
  // server fails only if its tools were not listed by then.
  const cutoff = new AbortController();
  let toolsListed = false;
  const timeoutMessage = `no answer within ${timeout} ms`;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      cutoff.abort();
      const said = stderr.current?.summary() ?? "";
      if (!toolsListed) reject(new CodegenError("server", redact(noAnswer(timeoutMessage, server.name, stream, noise.quote(resolved.secrets), said), resolved.secrets), { subject }));
    }, timeout);
    onAbort = () => reject(new CodegenError("server", "capture interrupted", { subject }));
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    const work = (async () => {
      opened = await openForCapture(resolved, (created) => {
        client = created;
        created.onerror = (error) => stream.record(error);
        options.install?.(server.name, created);
      }, server.config.protocol, stop.signal, noise, stderr);
      return listEverything(opened.client, opened.protocolVersion, server.name, limits, {
        strict: config.unavailableLists === "error",
        cutoff: cutoff.signal,
        timeoutMessage,
        onToolsListed: () => (toolsListed = true),
      });
    })();
    work.catch(() => undefined); // the deadline may win; the loser's rejection is not unhandled
    // A credential of this server's that it echoes in its listing never reaches the snapshot (the runtime masks its lists alike).
    const listing = withoutCredentials(await Promise.race([work, deadline, stream.fatal]), resolved.credentials);
    if (options.keep && client && opened) {
      const connection = opened;
      options.keep(server.name, client, () => endClient(connection, true));
      kept = true;
    }
    captured = true;
    if (!noise.seen) return listing;
    return { ...listing, stdoutNoise: redact(`wrote ${noise.quote(resolved.secrets)}, which the client skipped: ${STDOUT_NOISE_HINT}`, resolved.secrets) };
  } catch (error) {
    if (error instanceof CodegenError) throw error;
    if (error instanceof LoginRequiredError) {
      throw new CodegenError("server", `login required: run \`mcp-codegen login ${server.name}\` (no valid stored login for its OAuth authorization)`, { subject, cause: error });
    }
    // A child that ended: how (its exit code) and its last stderr lines, not only "Connection closed".
    const ended = error instanceof OpenFailure && error.exit !== undefined;
    const tail = !(error instanceof OpenFailure) ? (opened?.stderr?.summary() ?? "") : ended ? error.stderrLines : error.stderr;
    // The network cause first: a runtime error's own detail may be the bare `fetch failed` above it.
    const missing = error instanceof OpenFailure ? error.missingPath : undefined;
    const message = missing ?? describeFailure(error, resolved) ?? (error instanceof McpRuntimeError ? error.detail : causeMessage(error));
    // The closed pipe is what the exit looks like from this side, and which one shows first is a
    // race (the read end's "Connection closed" or the write's EPIPE): the exit alone is said then.
    const closedPipe = ended && CLOSED_PIPE.test(message);
    const exit = ended ? `${closedPipe ? "" : ": "}the server ${(error as OpenFailure).exit}` : "";
    const noted = noise.seen ? `; it wrote ${noise.quote(resolved.secrets)}: ${STDOUT_NOISE_HINT}` : "";
    // The noise, when seen, is the same junk the stream saw, quoted: said once.
    const junk = noise.seen ? "" : stream.junkNote();
    const detail = `${closedPipe ? "" : message}${exit}${junk}${tail ? ` (${ended ? "last stderr lines" : "stderr"}: ${tail})` : ""}${noted}`;
    throw new CodegenError("server", redact(`cannot capture: ${detail}`, resolved.secrets), { subject });
  } finally {
    stop.abort();
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener("abort", onAbort);
    // An opened connection is closed as the runtime closes one: an HTTP session is ended (DELETE:
    // a server that serves one session at a time refused the next run), and a stdio child that
    // ignores stdin EOF (and SIGTERM) is ended within ~100 ms, where the SDK's own close waits 2 s (and 2 s more).
    const closed = kept ? undefined : opened ? endClient(opened, true) : client?.close().catch(() => undefined);
    if (captured && options.closing && closed) options.closing.push(closed);
    else await closed;
  }
}

/** The SDK's message when the child's stdout ends, and the runtime's when a write finds its stdin closed. */
const CLOSED_PIPE = /^(Connection closed|the server's stdin is closed \(.*\))$/;

/**
 * The deadline's message. A server that wrote text that is not JSON-RPC on stdout most likely
 * answered among it, or not at all: that is named first, a longer timeout only after. `stderr`
 * is a stdio server's last error-like line ("" when none): a server that waits for its database
 * says so there.
 */
function noAnswer(timeoutMessage: string, server: string, stream: StreamTrouble, noise: string, stderr: string): string {
  const raise = `raise \`timeout\` in the config: at the top level, or in servers.${server}`;
  const said = stderr === "" ? "" : ` (stderr: ${stderr})`;
  if (noise === "" && said === "") return `${timeoutMessage}${stream.junkNote()} (${raise})`;
  if (noise === "") return `${timeoutMessage}${stream.junkNote()}${said}; if it is only slow, ${raise}`;
  return `${timeoutMessage}, likely because it wrote ${noise}: ${STDOUT_NOISE_HINT}${said}; if it is only slow, ${raise}`;
}

/**
 * What went wrong on the stream beneath the requests. A message larger than the listing cap is
 * fatal at once (the SDK drops the connection); JSON messages that are not JSON-RPC are
 * tolerated, as the SDK does, but named if the capture then fails. (Lines that are not JSON at
 * all, such as a server's logging on stdout, the SDK skips without a word.)
 */
class StreamTrouble {
  readonly fatal: Promise<never>;
  #fail: (error: CodegenError) => void = () => undefined;
  #junk: string | undefined;

  constructor(
    private readonly subject: string,
    private readonly limits: CaptureLimits,
  ) {
    this.fatal = new Promise<never>((_, reject) => (this.#fail = reject));
    this.fatal.catch(() => undefined);
  }

  record(error: Error): void {
    if (/ReadBuffer exceeded maximum size/.test(error.message)) this.#fail(listingTooLarge(this.subject, this.limits.maxListingBytes));
    // The JSON-RPC schema's Zod error says nothing useful here.
    else if (Array.isArray((error as { issues?: unknown }).issues)) this.#junk ??= "a message that is not JSON-RPC";
  }

  /** ` (it wrote …)`, or "" when the stream was clean. */
  junkNote(): string {
    return this.#junk === undefined ? "" : ` (it wrote ${this.#junk})`;
  }
}

type Listed = Tool | Resource | ResourceTemplate | Prompt;

/** How lists other than tools/list are treated when the server does not answer them. */
interface OptionalLists {
  /** `unavailableLists: "error"`: an unanswered list fails the server. */
  strict: boolean;
  /** Aborted when the capture's deadline passes: pending optional lists are given up. */
  cutoff?: AbortSignal;
  timeoutMessage?: string;
  onToolsListed?: () => void;
}

type OptionalKey = "resources" | "resourceTemplates" | "prompts";

async function listEverything(
  client: Client,
  protocolVersion: string | undefined,
  server: string,
  limits: CaptureLimits,
  optional: OptionalLists,
): Promise<RawServerListing> {
  const subject = `server "${server}"`;
  const capabilities = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
  const budget = new ListingBudget(subject, limits.maxListingBytes);
  const unavailable: NonNullable<RawServerListing["unavailable"]> = {};
  if (capabilities["tools"] === undefined) optional.onToolsListed?.();
  // Loaded once, before any page is asked for (as the runtime's listing does).
  const pageSchemas = await Promise.all(LIST_METHODS.map((method) => loadPageSchema(method)));
  const lists = await Promise.all(
    LIST_METHODS.map((method, methodIndex) => {
      const listing = LISTS[method];
      if (capabilities[listing.capability] === undefined) return [];
      let pages = 0;
      const isTools = method === "tools/list";
      const options = isTools || !optional.cutoff ? UNBOUNDED : { ...UNBOUNDED, signal: optional.cutoff };
      // A plain request, not `client.listTools`: that one also compiles every output schema. Pages
      // are taken as the server sent them (AS_SENT) and checked here, in an order the SDK cannot
      // keep: the depth cap first (a schema nested thousands deep must never reach a recursive
      // validator), then the protocol's schema.
      const fetchPage = async (cursor: string | undefined) => {
        pages++;
        const page = await client.request({ method, params: cursor ? { cursor } : {} }, AS_SENT, options);
        const items = page[listing.items];
        if (Array.isArray(items)) for (const [index, item] of (items as Listed[]).entries()) checkDepth(subject, `${listing.entity} ${entityLabel(item, index)}`, item, limits.maxSchemaDepth);
        const checked = pageSchemas[methodIndex]!.safeParse(page);
        if (!checked.success) throw new InvalidPage(checked.error.issues, page, listing);
        budget.add(items as Listed[]);
        return { items: items as Listed[], nextCursor: page["nextCursor"] as string | undefined };
      };
      const listed = collectPages(server, method, fetchPage);
      if (isTools) listed.then(() => optional.onToolsListed?.(), () => undefined);
      return listed.catch((error: unknown) => {
        const code = isTools || optional.strict ? undefined : unansweredCode(error, optional.cutoff?.aborted === true);
        if (code !== undefined) {
          const message = code === "timeout" ? (optional.timeoutMessage ?? "no answer") : causeMessage(error);
          unavailable[listing.items as OptionalKey] = { method, code, message: describeUnanswered(code, message) };
          return [];
        }
        if (error instanceof CodegenError || error instanceof McpRuntimeError) throw error;
        const hint = isTools ? "" : ' (`unavailableLists: "error"` is set; without it the list is skipped with a warning)';
        const why = optional.cutoff?.aborted && !isTools ? optional.timeoutMessage ?? "no answer" : answeredError(error) ?? causeMessage(error);
        throw new Error(`${why} during ${method} (page ${pages})${optional.strict ? hint : ""}`, { cause: error });
      });
    }),
  );
  // After the lists: a skills-only failure is then reported as that, not as whichever request lost a race.
  const skills = await captureSkills(client, subject, budget);
  const itemsOf = (method: ListMethod) => lists[LIST_METHODS.indexOf(method)] ?? [];
  const instructions = client.getInstructions();
  return {
    protocolVersion: protocolVersion ?? "unknown",
    era: client.getProtocolEra() ?? eraOfRevision(protocolVersion ?? "unknown"),
    serverInfo: (client.getServerVersion() ?? {}) as Record<string, unknown>,
    capabilities,
    ...(instructions === undefined ? {} : { instructions }),
    tools: itemsOf("tools/list") as Tool[],
    resources: itemsOf("resources/list") as Resource[],
    resourceTemplates: itemsOf("resources/templates/list") as ResourceTemplate[],
    prompts: itemsOf("prompts/list") as Prompt[],
    ...(skills === undefined ? {} : { skills: skills.entries, refusedSkills: skills.refused }),
    ...(Object.keys(unavailable).length === 0 ? {} : { unavailable }),
  };
}

/**
 * `the server answered error -32603 (Internal error): fetch failed`: a JSON-RPC error answer told
 * as the server's, not as a failure of this side (its message alone reads like one).
 */
function answeredError(error: unknown): string | undefined {
  const code = unansweredCode(error, false);
  return typeof code === "number" ? `the server ${describeUnanswered(code, errorMessage(error))}` : undefined;
}

/** A failure's message; a result that breaks the protocol's schema as `path: problem` pairs instead of Zod's JSON. */
function causeMessage(error: unknown): string {
  if (error instanceof InvalidPage) return error.message;
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return errorMessage(error);
  const described = (issues as { path?: unknown[]; message?: string }[]).map((issue) => `${(issue.path ?? []).join(".") || "(result)"}: ${issue.message ?? "invalid"}`);
  return `invalid result (${described.join("; ")})`;
}


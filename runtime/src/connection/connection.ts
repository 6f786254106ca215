/**
 * One server's connection: opened lazily on first use, then shared by every call. Racing
 * first callers share one opening promise, so a server is never started twice.
 *
 * - Lost connection (the stdio child died, the HTTP server went away): the connection forgets
 *   the client; the next request re-opens it, retrying with exponential backoff
 *   (`reconnect: { retries, initialDelayMs, maxDelayMs }`). A request pending at the loss fails
 *   with a `ConnectionError`: it may have run, so it is never replayed.
 * - HTTP session gone (404 on a known `Mcp-Session-Id`): the server never ran the request, so
 *   the connection re-initializes a new session and sends the request once more.
 * - `stateless: true`: each request opens its own connection and closes it afterwards.
 * - Era: the first open starts in the era the snapshot recorded (`captured`), else negotiates;
 *   a server that refuses the captured era (at connect, or at the first request of a modern
 *   start, which costs no round trip) gets the SDK's negotiation instead, and the request is
 *   sent once more (the server did not run it).
 */
import type { Client, LoggingLevel, RequestOptions } from "@modelcontextprotocol/client";
import { redact, type Environment } from "../shared/placeholders.js";
import { withCallHeaders } from "../wire/call-headers.js";
import { spawnedPid, untrackChild } from "../wire/child-registry.js";
import { allowManyListeners } from "../wire/many-listeners.js";
import { CallDeadline, now } from "./deadline.js";
import { clientCapabilities, installHandlers, mergeCallbacks, type RootsHolder } from "./client-callbacks.js";
import { ConfigError, ConnectionError, McpRuntimeError, ProtocolError, RuntimeClosedError, TimeoutError, subjectOf, type SubjectKind } from "../shared/errors.js";
import { messageOf, probeCause, toRuntimeError } from "../wire/failures.js";
import { backoffDelay, pause, reconnectPolicy, type ReconnectPolicy } from "./reconnect.js";
import { RequestDefaults } from "./request-options.js";
import { resolveServer, type ResolvedServer } from "./resolve-config.js";
import { StdoutAccount } from "./stdout-account.js";
import { StderrAccount } from "./stderr-account.js";
import { explainTimeout } from "./timeout-causes.js";
import { STDOUT_NOISE_HINT } from "../wire/stdout-noise.js";
import { OpenFailure, endClient, httpStatusOf, openClient, type ClientIdentity, type ClientSetup, type OpenedClient } from "../wire/transports.js";
import type { CallOptions, ConnectionOptions, RuntimeCallbacks, RuntimeServerConfig } from "../shared/types.js";
import { oauthSessionFor, withOAuthSession, type SessionOptions } from "./oauth/attach.js";
import type { OAuthSession } from "./oauth/authorization.js";
import { TaskStatusHub, type TaskCallbacks } from "./task-status.js";
import { InputRoutes, routedCallbacks } from "./input-routes.js";
import { PendingCalls } from "./pending-calls.js";
import { SharedWork } from "../shared/shared-work.js";
import { eraAttempts } from "../wire/negotiation.js";
import type { CapturedProtocol } from "../shared/protocol.js";
import { describeHttpRpcError, httpRpcErrorOf } from "../wire/http-errors.js";
import { isEraRejection, listenForListChanges, wholeExchange, type ListKind, type WholeExchange } from "../wire/era-2026.js";
import { canSetLoggingLevel, isLegacyConnection, notifyRootsChanged } from "../wire/era-2025.js";
import { resolveTelemetry } from "../shared/telemetry-options.js";

export interface ConnectionSettings {
  env: Environment;
  identity: ClientIdentity;
  /** Runtime-level defaults (timeout, reconnect, callbacks, roots, …); the server's own win. */
  runtime?: (ConnectionOptions & { timeout?: number | undefined }) | undefined;
  /** OAuth of servers with `auth` (the runtime's store is always set). */
  oauth?: SessionOptions | undefined;
  /** The runtime's `onWarning` (a stdio server that writes text that is not JSON-RPC on stdout). */
  warn?: ((message: string) => void) | undefined;
}

/** Sends one request on a live client. */
export type Send<T> = (client: Client, options: RequestOptions | undefined) => Promise<T>;

export class ServerConnection {
  readonly server: string;
  readonly config: RuntimeServerConfig;
  /** Timeouts (call > tool > server > runtime) and the progress callback for this server. */
  readonly defaults: RequestDefaults;
  /** The roots offered to this server; `current` is replaced by `runtime.setRoots`. */
  readonly roots: RootsHolder;
  /** `notifications/tasks/status` from every client this connection opens, by task id. */
  readonly taskStatus = new TaskStatusHub();
  /** The callbacks of tasks waited for without their own (server's, else runtime's). */
  readonly taskCallbacks: TaskCallbacks;
  /** Calls that answer their own elicitations (`elicitation: "interrupt"`), see input-routes.ts. */
  readonly inputRoutes = new InputRoutes();
  /** Whether LangChain tools of this server turn elicitations into LangGraph interrupts. */
  readonly elicitationMode: "callback" | "interrupt";
  readonly #settings: ConnectionSettings;
  readonly #callbacks: RuntimeCallbacks;
  readonly #reconnect: ReconnectPolicy;
  readonly #connectTimeout: number | undefined;
  readonly #stateless: boolean;
  /** Each call waiting for a connection listens to it: many at once (racing first calls) is no leak. */
  readonly #closing = new AbortController();
  /** Clients of stateless requests in flight, and closes not yet finished. */
  readonly #transient = new Set<OpenedClient>();
  readonly #ending = new Set<Promise<void>>();
  /** Opens of stateless requests under way (`close()` waits for them to end what they started). */
  readonly #openingOnce = new Set<Promise<unknown>>();
  /** Calls in flight, tracked only when a callback may be asked for input (see pending-calls.ts). */
  readonly #pending = new PendingCalls();
  readonly #tracksInput: boolean;
  /** 2026-07-28 exchanges in flight: `close()` ends them, the callbacks they wait for included. */
  readonly #exchanges = new Set<WholeExchange>();
  #loggingLevel: LoggingLevel | undefined;
  #opened: OpenedClient | undefined;
  /** The server's credentials as its last open resolved them (resolve-config.ts), its OAuth tokens as they are sent: masked in what it lists. */
  #credentials: readonly string[] = [];
  /** The shared open under way; abandoned when every call waiting for it gave up. */
  #opening: SharedWork<OpenedClient> | undefined;
  /** Listeners of `notifications/tools/list_changed`, kept for every client this connection opens. */
  readonly #toolsChanged = new Set<() => void>();
  /** Drives OAuth for an `auth` server; made at the first open, kept across reconnects. */
  #oauth: OAuthSession | undefined;
  /** A connection existed and was lost: the next open retries with backoff. */
  #lost = false;
  /** The server refused the era the snapshot recorded (or the one learned): negotiate from now on. */
  #capturedStale = false;
  /**
   * The era the first negotiated open found, for a server without a captured one: reconnects,
   * stateless requests and re-initialised sessions start in it instead of probing again.
   */
  #learned: CapturedProtocol | undefined;
  #closed = false;
  /** What a stdio child wrote on stdout that is not JSON-RPC: see stdout-noise.ts and `#explained`. */
  readonly #stdout = new StdoutAccount();
  /** What a stdio child wrote on stderr, for the timeouts of requests it never answered. */
  readonly #stderr = new StderrAccount();

  constructor(server: string, config: RuntimeServerConfig, settings: ConnectionSettings) {
    allowManyListeners(this.#closing.signal);
    const runtime = settings.runtime;
    this.server = server;
    this.config = config;
    this.#settings = settings;
    this.elicitationMode = config.elicitation ?? runtime?.elicitation ?? "callback";
    this.#callbacks = routedCallbacks(mergeCallbacks(config.callbacks, runtime?.callbacks), this.elicitationMode, this.inputRoutes);
    this.#tracksInput = this.#callbacks.onElicitation !== undefined || this.#callbacks.onSampling !== undefined;
    this.#reconnect = reconnectPolicy(config.reconnect, runtime?.reconnect);
    this.#connectTimeout = config.connectTimeout ?? runtime?.connectTimeout;
    this.#stateless = config.stateless ?? false;
    this.#loggingLevel = config.loggingLevel ?? runtime?.loggingLevel;
    this.roots = { current: config.roots ?? runtime?.roots };
    const levels = { server: timeoutsOf(config), runtime: runtime === undefined ? undefined : timeoutsOf(runtime) };
    this.defaults = new RequestDefaults(server, levels, { credentials: () => this.credentials, toolTimeouts: config.toolTimeouts, onProgress: this.#callbacks.onProgress });
    this.taskCallbacks = { onTaskStatus: this.#callbacks.onTaskStatus, onProgress: this.#callbacks.onProgress };
  }

  /** The live shared client, if connected (never for a stateless server). */
  get client(): Client | undefined {
    return this.#opened?.client;
  }

  /** Whether this client declares a capability a server may need to ask for input ("elicitation", "sampling", "roots"). */
  declares(capability: string): boolean {
    if (capability === "elicitation") return this.#callbacks.onElicitation !== undefined;
    if (capability === "sampling") return this.#callbacks.onSampling !== undefined;
    return capability === "roots" && this.roots.current !== undefined;
  }

  /** The server's credentials, once it has been opened (none before). */
  get credentials(): readonly string[] {
    return this.#credentials;
  }

  /** PID of the stdio child while connected. */
  get pid(): number | undefined {
    const transport = this.#opened?.transport as { pid?: number | null } | undefined;
    return transport?.pid ?? undefined;
  }

  /** Which transport is in use while connected ("http" may have fallen back to "sse"). */
  get transportKind(): OpenedClient["kind"] | undefined {
    return this.#opened?.kind;
  }

  /** The MCP session id of the shared streamable HTTP connection. */
  get sessionId(): string | undefined {
    return this.#opened?.transport.sessionId;
  }

  get stateless(): boolean {
    return this.#stateless;
  }

  /** `listener` runs on every `notifications/tools/list_changed`, after reconnects too. */
  onToolsListChanged(listener: () => void): void {
    this.#toolsChanged.add(listener);
  }

  /** The shared client, opening it if needed (a stateless server opens one for this too). */
  async connect(): Promise<Client> {
    return (await this.#shared()).client;
  }

  /**
   * Runs one request: `send` gets a live client and is retried once on a fresh session when
   * the HTTP session is gone. Failures come out as typed errors about `subject`.
   */
  run<T>(send: Send<T>, requestOptions: RequestOptions | undefined, subject: string | undefined, options: CallOptions | undefined, about?: SubjectKind): Promise<T> {
    const running = this.#explained(this.#run(send, requestOptions, subject, options, about), about);
    return this.#tracksInput ? this.#tracked(running) : running;
  }

  /**
   * `run`, once `gate` (the drift guard's check of a generated client) has passed, all within the
   * call's own timeout and signal: a check that has to connect first is part of the call.
   */
  runAfter<T>(
    gate: (gaveUp: AbortSignal) => Promise<void>,
    send: Send<T>,
    requestOptions: RequestOptions | undefined,
    subject: string | undefined,
    options: CallOptions | undefined,
    about?: SubjectKind,
  ): Promise<T> {
    const running = this.#explained(this.#runAfter(gate, send, requestOptions, subject, options, about), about);
    return this.#tracksInput ? this.#tracked(running) : running;
  }

  /** `running`, whose timeout tells what the stdio child wrote while it waited (timeout-causes.ts). */
  #explained<T>(running: Promise<T>, about: SubjectKind | undefined): Promise<T> {
    const connecting = this.#opened === undefined;
    const noise = this.#stdout.mark(connecting);
    const stderr = this.#stderr.mark(connecting);
    return running.catch((error: unknown) => {
      if (!(error instanceof TimeoutError)) throw error;
      throw explainTimeout(error, { noise: this.#stdout.noiseSince(noise), stderr: this.#stderr.lineSince(stderr) }, about);
    });
  }

  async #runAfter<T>(
    gate: (gaveUp: AbortSignal) => Promise<void>,
    send: Send<T>,
    requestOptions: RequestOptions | undefined,
    subject: string | undefined,
    options: CallOptions | undefined,
    about?: SubjectKind,
  ): Promise<T> {
    if (this.#closed) throw new RuntimeClosedError(this.server, "runtime is closed");
    const deadline = new CallDeadline(now(), requestOptions, { server: this.server, tool: subject, about });
    const phase = this.#opened === undefined ? "while connecting" : "while checking the server's tools";
    await deadline.wait(gate, this.#closing.signal, phase);
    const opened = this.#opened;
    if (opened !== undefined) return this.#attempt(opened, send, deadline.rest(requestOptions), subject, options, about, deadline);
    return this.#runSlow(send, requestOptions, subject, options, about, deadline);
  }

  /** The server may ask for input while this call waits: its callbacks stop when the call ends. */
  #tracked<T>(running: Promise<T>): Promise<T> {
    const end = this.#pending.begin();
    running.then(() => end(), end);
    return running;
  }

  #run<T>(send: Send<T>, requestOptions: RequestOptions | undefined, subject: string | undefined, options: CallOptions | undefined, about?: SubjectKind): Promise<T> {
    const opened = this.#opened;
    if (opened !== undefined) return this.#attempt(opened, send, requestOptions, subject, options, about);
    return this.#runSlow(send, requestOptions, subject, options, about);
  }

  /** No live connection: the call waits for one within its own timeout and signal. */
  async #runSlow<T>(
    send: Send<T>,
    requestOptions: RequestOptions | undefined,
    subject: string | undefined,
    options: CallOptions | undefined,
    about?: SubjectKind,
    started?: CallDeadline,
  ): Promise<T> {
    if (this.#closed) throw new RuntimeClosedError(this.server, "runtime is closed");
    const deadline = started ?? new CallDeadline(now(), requestOptions, { server: this.server, tool: subject, about });
    if (this.#stateless) return this.#runOnce(deadline, send, requestOptions, subject, options, about);
    const opened = await deadline.wait((gaveUp) => this.#shared(gaveUp), this.#closing.signal);
    return this.#attempt(opened, send, deadline.rest(requestOptions), subject, options, about, deadline);
  }

  async #attempt<T>(
    opened: OpenedClient,
    send: Send<T>,
    requestOptions: RequestOptions | undefined,
    subject: string | undefined,
    options: CallOptions | undefined,
    about?: SubjectKind,
    deadline?: CallDeadline,
  ): Promise<T> {
    const started = deadline === undefined ? now() : 0;
    try {
      const result = await this.#send(opened, send, requestOptions, options, subject, about);
      opened.unconfirmed = false;
      return result;
    } catch (error) {
      const staleEra = opened.unconfirmed && refusedModernStart(error);
      if (staleEra) {
        this.#capturedStale = true;
        this.#learned = undefined;
      } else if (!isSessionGone(error, opened)) {
        if (isNetworkFailure(error, opened)) this.#forget(opened, true);
        throw this.#failure(error, subject, options, about, deadline);
      }
    }
    // The server dropped our session (or refused the captured era) before running the request: a new connection, same request.
    this.#forget(opened, false);
    const within = deadline ?? new CallDeadline(started, requestOptions, { server: this.server, tool: subject, about });
    const fresh = await within.wait((gaveUp) => this.#shared(gaveUp), this.#closing.signal);
    try {
      return await this.#send(fresh, send, within.rest(requestOptions), options, subject, about);
    } catch (error) {
      if (isNetworkFailure(error, fresh) || isSessionGone(error, fresh)) this.#forget(fresh, true);
      throw this.#failure(error, subject, options, about, within);
    }
  }

  /**
   * A failed request as a typed error. A call cut off by `close()` fails as the runtime being
   * closed, not as a lost connection; a shortened request's timeout is the call's own.
   */
  #failure(error: unknown, subject: string | undefined, options: CallOptions | undefined, about: SubjectKind | undefined, deadline: CallDeadline | undefined): unknown {
    const failure = toRuntimeError(error, this.server, subject, options?.signal, about);
    if (this.#closed && failure instanceof ConnectionError && !(failure instanceof RuntimeClosedError)) {
      return new RuntimeClosedError(this.server, "runtime closed during the call", { tool: subject, about, cause: failure });
    }
    return deadline === undefined ? failure : deadline.explain(failure);
  }

  #send<T>(opened: OpenedClient, send: Send<T>, requestOptions: RequestOptions | undefined, options: CallOptions | undefined, subject?: string, about?: SubjectKind): Promise<T> {
    const total = requestOptions?.maxTotalTimeout;
    if (total !== undefined) return this.#sendWithinTotal(opened, send, requestOptions!, total, options, subject, about);
    if (opened.era === "modern") return this.#sendBounded(opened, send, requestOptions, options, subject, about);
    return this.#sendWithHeaders(opened, send, requestOptions, options);
  }

  /**
   * A request under `maxTotalTimeout`: a timer of its own ends it when the total is up, however
   * much progress keeps restarting its timeout (the SDK checks the total only when progress arrives).
   */
  async #sendWithinTotal<T>(
    opened: OpenedClient,
    send: Send<T>,
    requestOptions: RequestOptions,
    total: number,
    options: CallOptions | undefined,
    subject: string | undefined,
    about: SubjectKind | undefined,
  ): Promise<T> {
    const ended = new AbortController();
    const timer = setTimeout(() => ended.abort(new DOMException("maxTotalTimeout", "TimeoutError")), total);
    const signal = requestOptions.signal ? AbortSignal.any([requestOptions.signal, ended.signal]) : ended.signal;
    const bounded: RequestOptions = { ...requestOptions, signal };
    delete bounded.maxTotalTimeout;
    try {
      const sending = opened.era === "modern" ? this.#sendBounded(opened, send, bounded, options, subject, about) : this.#sendWithHeaders(opened, send, bounded, options);
      return await sending;
    } catch (error) {
      if (!ended.signal.aborted || requestOptions.signal?.aborted) throw error;
      const text = `request timed out after its maxTotalTimeout of ${total} ms`;
      throw new TimeoutError(this.server, text, { tool: subject, about, cause: error, timeout: total });
    } finally {
      clearTimeout(timer);
    }
  }

  #sendWithHeaders<T>(opened: OpenedClient, send: Send<T>, requestOptions: RequestOptions | undefined, options: CallOptions | undefined): Promise<T> {
    const headers = options?.headers;
    if (headers === undefined || opened.kind === "stdio") return send(opened.client, requestOptions);
    return withCallHeaders(headers, () => send(opened.client, requestOptions));
  }

  /** A 2026-07-28 request: one deadline over all its input rounds (see `wholeExchange`). */
  async #sendBounded<T>(
    opened: OpenedClient,
    send: Send<T>,
    requestOptions: RequestOptions | undefined,
    options: CallOptions | undefined,
    subject: string | undefined,
    about: SubjectKind | undefined,
  ): Promise<T> {
    const exchange = wholeExchange(requestOptions);
    this.#exchanges.add(exchange);
    try {
      return await this.#sendWithHeaders(opened, send, exchange.options, options);
    } catch (error) {
      if (exchange.closed()) throw new RuntimeClosedError(this.server, "runtime closed during the call", { tool: subject, about, cause: error });
      if (!exchange.expired()) throw error;
      throw new TimeoutError(this.server, `request timed out after ${exchange.timeout} ms`, { tool: subject, about, cause: error, timeout: exchange.timeout });
    } finally {
      exchange.finish();
      this.#exchanges.delete(exchange);
    }
  }

  /**
   * A stateless request: its own connection, closed (in the background) once answered. The
   * open is the call's alone: its timeout or signal ends it.
   */
  async #runOnce<T>(
    deadline: CallDeadline,
    send: Send<T>,
    requestOptions: RequestOptions | undefined,
    subject: string | undefined,
    options: CallOptions | undefined,
    about?: SubjectKind,
  ): Promise<T> {
    if (this.#closed) throw new RuntimeClosedError(this.server, "runtime is closed");
    const stop = new AbortController();
    const opening = this.#openOne(stop.signal);
    const settledOpen = opening.catch(() => undefined).finally(() => this.#openingOnce.delete(settledOpen));
    this.#openingOnce.add(settledOpen);
    let opened: OpenedClient;
    try {
      opened = await deadline.wait(() => opening, this.#closing.signal);
    } catch (error) {
      stop.abort(error);
      opening.then((late) => this.#end(late, true), () => undefined);
      throw error;
    }
    this.#transient.add(opened);
    try {
      return await this.#send(opened, send, deadline.rest(requestOptions), options, subject, about);
    } catch (error) {
      throw this.#failure(error, subject, options, about, deadline);
    } finally {
      this.#transient.delete(opened);
      this.#end(opened, true);
    }
  }

  /**
   * Sets the server's log level now (connecting if needed) and after every reconnect. For a
   * stateless server it applies to each request's connection.
   */
  async setLoggingLevel(level: LoggingLevel): Promise<void> {
    this.#loggingLevel = level;
    if (this.#stateless) return;
    const opened = await this.#shared();
    // 2026-07-28 has no logging/setLevel: a modern server is never asked.
    if (!isLegacyConnection(opened.client)) return;
    if (!canSetLoggingLevel(opened.client)) throw new ProtocolError(this.server, "the server does not support logging");
    try {
      await opened.client.setLoggingLevel(level, this.defaults.base);
    } catch (error) {
      throw toRuntimeError(error, this.server);
    }
  }

  /**
   * Tells the connected clients that the roots changed. A client opened before any roots were
   * set did not declare the capability (the SDK refuses the notification): it learns the new
   * roots when it next connects.
   */
  async notifyRootsChanged(): Promise<void> {
    const clients = this.#opened ? [this.#opened, ...this.#transient] : [...this.#transient];
    await Promise.all(clients.map((opened) => notifyRootsChanged(opened.client)));
  }

  /**
   * Ends every client of this connection and every child process, promptly whatever the servers
   * do: an open under way is aborted (and ends what it started), calls waiting for it fail with
   * `RuntimeClosedError`, as do calls in flight.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#closing.abort(new RuntimeClosedError(this.server, "runtime closed while connecting"));
    // Exchanges waiting for a callback's answer have no request on the wire for the transport to end.
    for (const exchange of this.#exchanges) exchange.close(new RuntimeClosedError(this.server, "runtime closed during the call"));
    const opening = this.#opening?.promise.catch(() => undefined);
    const opened = this.#opened;
    this.#opened = undefined;
    if (opened) this.#end(opened, true);
    for (const transient of this.#transient) this.#end(transient, true);
    this.#transient.clear();
    // Each close is bounded: a stdio child gets EOF, then SIGTERM, then SIGKILL within ~100 ms.
    await Promise.all([...this.#ending, opening, ...this.#openingOnce]);
  }

  /**
   * The shared client, opening it if needed. A caller that passes `gaveUp` stops waiting when it
   * aborts; once every caller has, an open still under way is abandoned (its HTTP request
   * aborted, its child ended): the next call starts a fresh one.
   */
  #shared(gaveUp?: AbortSignal): Promise<OpenedClient> {
    if (this.#closed) return Promise.reject(new RuntimeClosedError(this.server, "runtime is closed"));
    if (this.#opened) return Promise.resolve(this.#opened);
    if (this.#opening === undefined || this.#opening.abandoned) {
      const opening = new SharedWork((abandoned) => this.#openShared(abandoned));
      this.#opening = opening;
      const done = (): void => {
        if (this.#opening === opening) this.#opening = undefined;
      };
      opening.promise.then(done, done);
    }
    return this.#opening.join(gaveUp);
  }

  /** Opens the shared connection; after a loss, with bounded retries and backoff. */
  async #openShared(abandoned: AbortSignal): Promise<OpenedClient> {
    const attempts = this.#lost ? this.#reconnect.retries + 1 : 1;
    let failure: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await pause(backoffDelay(this.#reconnect, attempt), AbortSignal.any([this.#closing.signal, abandoned]));
      if (this.#closed) throw new RuntimeClosedError(this.server, "runtime closed while connecting");
      if (abandoned.aborted) throw abandoned.reason;
      try {
        const opened = await this.#openOne(abandoned);
        if (abandoned.aborted) {
          // Opened just as the last caller gave up: a fresh open may already be under way.
          this.#end(opened, true);
          throw abandoned.reason;
        }
        opened.watch.onBroken = () => this.#forget(opened, true);
        opened.client.onclose = () => {
          if (this.#opened !== opened) return;
          this.#opened = undefined;
          this.#lost = true;
          untrackChild(pidOf(opened));
        };
        this.#opened = opened;
        this.#lost = false;
        return opened;
      } catch (error) {
        if (error instanceof ConfigError || error instanceof RuntimeClosedError || abandoned.aborted) throw error;
        failure = error;
      }
    }
    if (attempts === 1) throw failure;
    const detail = failure instanceof McpRuntimeError ? failure.message.slice(subjectOf(this.server).length + 2) : messageOf(failure);
    throw new ConnectionError(this.server, `reconnect failed after ${attempts} attempts: ${detail}`, { cause: failure });
  }

  /**
   * One open: transport, initialize, log level. Typed errors; nothing left open on failure.
   * `close()` aborts it, as does `signal` (a stateless call's own).
   */
  async #openOne(signal: AbortSignal | undefined): Promise<OpenedClient> {
    const resolved = this.#withOAuth(resolveServer(this.server, this.config, this.#settings.env));
    this.#credentials = resolved.credentials;
    const connectOptions = this.#connectOptions(signal);
    const noise = this.#stdout.opening(resolved.secrets);
    this.#stderr.opening(resolved.secrets);
    let opened: OpenedClient;
    try {
      opened = await openClient(resolved, this.#settings.identity, connectOptions, { ...this.#clientSetup(), stdoutNoise: noise, stderrTail: this.#stderr.slot });
    } catch (error) {
      throw this.#connectError(error, resolved);
    }
    this.#stdout.opened(noise, resolved.secrets, (message) => this.#warn(message));
    this.#learned ??= learnedEra(opened.client);
    if (this.#closed) {
      this.#end(opened, false);
      throw new RuntimeClosedError(this.server, "runtime closed while connecting");
    }
    this.#listenForChanges(opened);
    const level = this.#loggingLevel;
    if (level !== undefined && canSetLoggingLevel(opened.client)) {
      try {
        await opened.client.setLoggingLevel(level, connectOptions);
      } catch (error) {
        this.#end(opened, false);
        throw this.#connectError(error, resolved);
      }
    }
    return opened;
  }

  /** A modern server sends list changes only on a `subscriptions/listen` stream: open one when someone listens. */
  #listenForChanges(opened: OpenedClient): void {
    if (isLegacyConnection(opened.client)) return;
    const kinds: ListKind[] = this.#callbacks.onListChanged ? ["tools", "resources", "prompts"] : this.#toolsChanged.size > 0 ? ["tools"] : [];
    // In the background: the first request need not wait for the subscription's acknowledgement.
    if (kinds.length > 0) void listenForListChanges(opened.client, kinds);
  }

  #withOAuth(resolved: ResolvedServer): ResolvedServer {
    const oauth = this.#settings.oauth;
    if (oauth === undefined) return resolved;
    this.#oauth ??= oauthSessionFor(this.server, resolved, oauth);
    return withOAuthSession(resolved, this.#oauth);
  }

  #clientSetup(): ClientSetup {
    const callbacks = this.#callbacks;
    const roots = this.roots;
    const runtime = this.#settings.runtime;
    return {
      eras: eraAttempts(this.config.protocol ?? runtime?.protocol, this.#capturedStale ? this.#learned : (this.config.captured ?? this.#learned)),
      maxInputRounds: this.config.maxInputRounds ?? runtime?.maxInputRounds,
      telemetry: resolveTelemetry(this.config.telemetry, runtime?.telemetry),
      maxResponseBytes: this.config.maxResponseBytes ?? runtime?.maxResponseBytes,
      maxRequestStateBytes: this.config.maxRequestStateBytes ?? runtime?.maxRequestStateBytes,
      capabilities: clientCapabilities(callbacks, roots),
      install: (client) =>
        installHandlers(
          client,
          this.server,
          callbacks,
          roots,
          () => this.#toolsChanged.forEach((listener) => listener()),
          (status) => this.taskStatus.publish(status),
          this.#pending,
          () => this.credentials,
        ),
    };
  }

  #connectOptions(signal: AbortSignal | undefined): RequestOptions {
    const timeout = this.#connectTimeout;
    const aborts = signal === undefined ? this.#closing.signal : AbortSignal.any([this.#closing.signal, signal]);
    return timeout === undefined ? { signal: aborts } : { timeout, signal: aborts };
  }

  /** Stops using a connection that broke; `lost` makes the next open retry with backoff. */
  #forget(opened: OpenedClient, lost: boolean): void {
    if (this.#opened !== opened) return;
    this.#opened = undefined;
    if (lost) this.#lost = true;
    this.#end(opened, false);
  }

  /**
   * Closes a client in the background; `close()` waits for every such close. A clean end of
   * a streamable HTTP connection also ends its server-side session (HTTP DELETE).
   */
  #end(opened: OpenedClient, terminate: boolean): void {
    const ending = endClient(opened, terminate).finally(() => {
      untrackChild(pidOf(opened));
      this.#ending.delete(ending);
    });
    this.#ending.add(ending);
  }

  #warn(message: string): void {
    (this.#settings.warn ?? ((text: string) => console.warn(text)))(`server "${this.server}": ${message}`);
  }

  #connectError(error: unknown, resolved: ResolvedServer): McpRuntimeError {
    if (error instanceof McpRuntimeError) return error;
    // Aborted (closed, or a stateless call gave up): the reason is already the typed error.
    if (error instanceof OpenFailure && error.cause instanceof McpRuntimeError) return error.cause;
    const where = resolved.kind === "stdio" ? `could not start ${JSON.stringify(resolved.command)}` : `could not connect over ${resolved.kind}`;
    const cause = probeCause(error instanceof OpenFailure ? error.cause : error);
    const stderr = error instanceof OpenFailure && error.stderr !== "" ? ` (stderr: ${error.stderr})` : "";
    const noise = error instanceof OpenFailure && error.stdoutNoise ? `; it wrote ${error.stdoutNoise.quote(resolved.secrets)}: ${STDOUT_NOISE_HINT}` : "";
    const rpc = resolved.kind === "stdio" ? undefined : httpRpcErrorOf(cause);
    const missing = error instanceof OpenFailure ? error.missingPath : undefined;
    const said = missing ?? (rpc && resolved.kind !== "stdio" ? describeHttpRpcError(rpc, `${resolved.url.origin}${resolved.url.pathname}`) : messageOf(cause));
    const detail = redact(`${where}: ${said}${stderr}${noise}`, resolved.secrets);
    return new ConnectionError(this.server, detail, { cause });
  }
}

/** The timeout options of one level (a server entry, or the runtime's). */
function timeoutsOf(level: { timeout?: number | undefined; resetTimeoutOnProgress?: boolean | undefined; maxTotalTimeout?: number | undefined }) {
  return { timeout: level.timeout, resetTimeoutOnProgress: level.resetTimeoutOnProgress, maxTotalTimeout: level.maxTotalTimeout };
}

/**
 * The first request of a modern start (from the snapshot, no round trip) was refused: the server
 * does not offer the revision (-32022), or answers as a 2025 server does to a request outside a
 * session (HTTP 400 / 404 / 405). Either way it did not run the request: negotiate and resend.
 */
function refusedModernStart(error: unknown): boolean {
  if (isEraRejection(error)) return true;
  const status = httpStatusOf(error);
  return status === 400 || status === 404 || status === 405;
}

/** What an open found out about the server's era, in the shape generated connections carry. */
function learnedEra(client: Client): CapturedProtocol | undefined {
  const revision = client.getNegotiatedProtocolVersion();
  const era = client.getProtocolEra();
  if (revision === undefined || era === undefined) return undefined;
  if (era === "legacy") return { era, revision };
  const discover = client.getDiscoverResult();
  const info = client.getServerVersion();
  const instructions = client.getInstructions();
  return {
    era,
    revision,
    capabilities: (discover?.capabilities ?? client.getServerCapabilities() ?? {}) as Record<string, unknown>,
    ...(info === undefined ? {} : { serverInfo: info as unknown as Record<string, unknown> }),
    ...(instructions === undefined ? {} : { instructions }),
  };
}

function pidOf(opened: OpenedClient): number | undefined {
  return spawnedPid(opened.transport);
}

/** Streamable HTTP: a 404 answer to a request that carried our session id. */
function isSessionGone(error: unknown, opened: OpenedClient): boolean {
  return opened.kind === "http" && httpStatusOf(error) === 404 && opened.transport.sessionId !== undefined;
}

/**
 * HTTP requests that never reached a server (refused, reset) or an SSE endpoint that lost our
 * session: the connection is useless until re-opened. (A stdio loss shows up as `onclose`.)
 */
function isNetworkFailure(error: unknown, opened: OpenedClient): boolean {
  if (opened.kind === "stdio") return false;
  if (error instanceof TypeError) return true; // fetch: "fetch failed" (ECONNREFUSED, ECONNRESET, …)
  return opened.kind === "sse" && error instanceof Error && error.message.startsWith("Error POSTing to endpoint (HTTP 404)");
}

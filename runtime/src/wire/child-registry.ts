/**
 * Stdio children of this process, tracked from the moment they are spawned (not once their
 * server has answered `initialize`), so a child still starting up is never orphaned.
 *
 * - `close()` of a connection ends its child within a short grace (`endStdioChild`), whatever
 *   the server does: stdin EOF, then SIGTERM, then SIGKILL.
 * - When the process exits (`exit`) or is ended by SIGINT / SIGTERM / SIGHUP, every child still
 *   tracked gets SIGTERM (all a signal or exit handler can do synchronously). The signal then
 *   does what it would have done without us: if the app listens to it itself, its handlers
 *   decide (we do not exit); if not, the signal is raised again with our listener removed, so
 *   the process ends by it as it would have.
 */
import type { Transport } from "@modelcontextprotocol/client";
import { CHILD_END_GRACE_MS, ENDING_SIGNALS } from "./child-end.js";

const live = new Set<number>();
/** The pid each stdio transport spawned: the SDK forgets it as soon as its close begins. */
const spawned = new WeakMap<Transport, number>();
const onSignal = new Map<NodeJS.Signals, () => void>();

export function trackChild(pid: number | null | undefined): void {
  // A capture's child is tracked twice, by its early spawn and by the transport that adopts it:
  // hooked again, the process would keep a second set of listeners that `unhook` never removes,
  // and a leftover signal listener swallows the signal (Ctrl-C no longer ends the process).
  if (pid === null || pid === undefined || live.has(pid)) return;
  live.add(pid);
  if (live.size === 1) hook();
}

export function untrackChild(pid: number | null | undefined): void {
  if (pid === null || pid === undefined || !live.delete(pid)) return;
  if (live.size === 0) unhook();
}

/** PIDs tracked now (tests, diagnostics). */
export function trackedChildren(): readonly number[] {
  return [...live];
}

type StdioTransport = Transport & { readonly pid: number | null };

/**
 * The probe siblings of each stdio transport. Negotiating the era of a stdio server, the SDK
 * sends `server/discover` on a sibling it builds with `transport.constructor` from the same
 * parameters (a 2025 server may exit on a request before `initialize`) and reaps it itself,
 * in its own time; the caller's transport starts only after that.
 */
const siblingsOf = new WeakMap<Transport, Set<StdioTransport>>();

/**
 * Tracks the child of a stdio transport as soon as `start()` has spawned it, and the children
 * of the probe siblings the SDK builds from it: a server that never answers the probe is
 * still ended when its owner ends or closes the connection.
 */
export function trackOnSpawn(transport: StdioTransport): void {
  trackStart(transport);
  const siblings = new Set<StdioTransport>();
  siblingsOf.set(transport, siblings);
  const Original = transport.constructor as new (params: unknown) => StdioTransport;
  // Called with `new` by the SDK: a constructor function that returns an object yields it.
  function ProbeSibling(params: unknown): StdioTransport {
    const sibling = new Original(params);
    trackStart(sibling);
    siblings.add(sibling);
    untrackWhenReaped(sibling, siblings);
    return sibling;
  }
  // An own property: the SDK's test for a stdio transport reads the prototype, which is unchanged.
  Object.defineProperty(transport, "constructor", { value: ProbeSibling, configurable: true, writable: true });
}

function trackStart(transport: StdioTransport): void {
  const start = transport.start.bind(transport);
  transport.start = () => {
    const started = start();
    // The SDK spawns synchronously inside start(): the pid is known before the child runs.
    const pid = transport.pid;
    if (pid !== null) spawned.set(transport, pid);
    trackChild(pid);
    return started;
  };
}

/** The SDK reaps a sibling with `_dispose` (or `close`): once that is done, it is no longer ours to end. */
function untrackWhenReaped(sibling: StdioTransport, siblings: Set<StdioTransport>): void {
  const reapers = sibling as unknown as Record<"_dispose" | "close", unknown>;
  for (const method of ["_dispose", "close"] as const) {
    const reap = reapers[method];
    if (typeof reap !== "function") continue;
    reapers[method] = async (...args: unknown[]) => {
      try {
        return await (reap as (...a: unknown[]) => Promise<unknown>).apply(sibling, args);
      } finally {
        siblings.delete(sibling);
        untrackChild(spawned.get(sibling));
      }
    };
  }
}

/** Probe siblings of `transport` whose children may still run. */
export function liveSiblings(transport: Transport): readonly Transport[] {
  return [...(siblingsOf.get(transport) ?? [])];
}

/** The pid of the child `transport` spawned (also after the SDK has begun closing it). */
export function spawnedPid(transport: Transport): number | undefined {
  return spawned.get(transport);
}

/**
 * Ends a stdio child within about `CHILD_END_GRACE_MS` whatever it does: `close` (the SDK's:
 * stdin EOF, then its own slow SIGTERM / SIGKILL steps) starts it; a child still running after
 * the first grace gets SIGTERM, after the second SIGKILL. Resolves once the child is gone (or
 * SIGKILL had its grace too); untracks it either way. Liveness is asked of the OS, not of the
 * SDK: the SDK may already be closing the transport on its own (after a fatal read error).
 */
export async function endStdioChild(pid: number | undefined, close: () => Promise<void>): Promise<void> {
  const closing = close().catch(() => undefined);
  if (pid === undefined) return void (await closing);
  let gone = false;
  for (const [signal, grace] of CHILD_END_GRACE_MS) {
    gone = await goneWithin(pid, grace);
    if (gone) break;
    signalChild(pid, signal);
  }
  if (!gone) await goneWithin(pid, CHILD_END_GRACE_MS.at(-1)?.[1] ?? 0);
  untrackChild(pid);
}

const POLL_MS = 5;

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (isAlive(pid)) {
    if (performance.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === "EPERM";
  }
}

function signalChild(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function endTrackedChildren(): void {
  for (const pid of live) signalChild(pid, "SIGTERM");
  live.clear();
}

function hook(): void {
  process.on("exit", endTrackedChildren);
  for (const signal of ENDING_SIGNALS) {
    const listener = (): void => afterSignal(signal);
    onSignal.set(signal, listener);
    process.on(signal, listener);
  }
}

function unhook(): void {
  process.removeListener("exit", endTrackedChildren);
  for (const [signal, listener] of onSignal) process.removeListener(signal, listener);
  onSignal.clear();
}

/** Children first; then the signal's own effect, unless the app handles the signal itself. */
function afterSignal(signal: NodeJS.Signals): void {
  endTrackedChildren();
  unhook();
  if (process.listenerCount(signal) > 0) return;
  // Nobody else listens: the default action (ending the process by this signal) is what the
  // signal would have done without our listener. Raised again with no listener of ours left.
  process.kill(process.pid, signal);
}

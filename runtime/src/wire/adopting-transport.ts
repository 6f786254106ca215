/**
 * The SDK's stdio transport class for a child spawned before the SDK loaded (early-child.ts): a
 * subclass, so the SDK probes the era in place on it, as a capture's `inPlace` attempts ask.
 */
import type { ChildProcess } from "node:child_process";
import { finished } from "node:stream/promises";
import type { loadStdioSdk } from "./sdk.js";
import type { EarlyChild } from "./early-child.js";

type StdioTransportClass = Awaited<ReturnType<typeof loadStdioSdk>>["StdioClientTransport"];

/** The SDK transport's private state that its own `start()` sets up (read defensively). */
interface StdioInternals {
  _process?: ChildProcess | undefined;
  _readBuffer?: { append(chunk: Buffer): void };
  _stderrStream?: NodeJS.WritableStream | null;
  processReadBuffer?: () => void;
  onerror?: ((error: Error) => void) | undefined;
  onclose?: (() => void) | undefined;
  close(): Promise<void>;
}

/**
 * The SDK's stdio transport, adopting `early`'s child in `start()` with the wiring the SDK's own
 * `start()` gives a child it spawned. An SDK without that private state spawns as usual.
 */
export function adoptingTransport(Base: StdioTransportClass, early: EarlyChild): StdioTransportClass {
  return class AdoptingStdioTransport extends Base {
    override start(): Promise<void> {
      const self = this as unknown as StdioInternals;
      if (self._readBuffer === undefined || typeof self.processReadBuffer !== "function" || !("_process" in self)) {
        void early.dispose();
        return super.start();
      }
      const adopted = early.take();
      if (adopted === undefined) return super.start();
      const child = adopted.child;
      // Spawning threw: the SDK's start() rejects then without reporting to onerror.
      if (child === undefined) return adopted.spawned;
      adopt(self, child, adopted.closed);
      return adopted.spawned.then(
        // Errors after the spawn (a failed kill, say) are reported as the SDK reports them.
        () => void child.on("error", (error) => self.onerror?.(error)),
        (error: unknown) => {
          // It never ran: nothing for close() to wait for (its `close` event came before adoption).
          self._process = undefined;
          self.onerror?.(error as Error);
          throw error;
        },
      );
    }
  };
}

function adopt(self: StdioInternals, child: ChildProcess, closed: Promise<void>): void {
  const readBuffer = self._readBuffer as NonNullable<StdioInternals["_readBuffer"]>;
  self._process = child;
  const stdout = child.stdout;
  // The child may have closed already: the transport closes once it has read all the child wrote.
  const read = stdout === null ? Promise.resolve() : finished(stdout).catch(() => undefined);
  void Promise.all([closed, read]).then(() => {
    self._process = undefined;
    self.onclose?.();
  });
  child.stdin?.on("error", (error) => self.onerror?.(error));
  stdout?.on("data", (chunk: Buffer) => {
    try {
      readBuffer.append(chunk);
      self.processReadBuffer?.();
    } catch (error) {
      self.onerror?.(error as Error);
      self.close().catch(() => undefined);
    }
  });
  stdout?.on("error", (error) => self.onerror?.(error));
  if (self._stderrStream && child.stderr) child.stderr.pipe(self._stderrStream);
}

/**
 * A stdio server spawned before the MCP SDK has loaded (the generator's captures do). Loading the
 * SDK takes ~200 ms of this process's time and a server's own start-up often longer: spawned
 * first, the server starts on another core while the SDK loads, and the SDK's transport then
 * adopts the child instead of spawning its own (adopting-transport.ts).
 *
 * The child is spawned exactly as the SDK would (cross-spawn, its inherited variables under the
 * configured `env`, stdin and stdout piped). Its output is read from the start and held until
 * the transport adopts it: a child that has closed by then (it failed at start-up) is reported
 * with all it wrote.
 */
import type { ChildProcess } from "node:child_process";
import { PassThrough } from "node:stream";
import spawn from "cross-spawn";
import type { ResolvedStdio } from "../connection/resolve-config.js";
import { inheritedEnvironment } from "./inherited-env.js";
import { endStdioChild, trackChild } from "./child-registry.js";

export class EarlyChild {
  readonly #child: ChildProcess | undefined;
  /** Settles when the child has spawned, or with the reason it could not be. */
  readonly #spawned: Promise<void>;
  /** Resolves on the child's `close` (exited, its pipes shut), which may come before adoption. */
  readonly #closed: Promise<void>;
  #taken = false;

  constructor(server: ResolvedStdio) {
    let child: ChildProcess | undefined;
    let failure: unknown;
    try {
      child = spawn(server.command, server.args, {
        env: { ...inheritedEnvironment(), ...server.env },
        stdio: ["pipe", "pipe", server.stderr],
        shell: false,
        windowsHide: process.platform === "win32",
        ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
      });
    } catch (error) {
      failure = error;
    }
    this.#child = child;
    // Listened to at once: an `error` nobody listens to would end this process.
    this.#spawned = child === undefined ? Promise.reject(failure) : new Promise((resolve, reject) => child.once("spawn", resolve).once("error", reject));
    this.#spawned.catch(() => undefined);
    this.#closed = child === undefined ? Promise.resolve() : new Promise((resolve) => child.once("close", () => resolve()));
    if (child !== undefined) {
      child.on("error", () => undefined);
      child.stdin?.on("error", () => undefined);
      // Read from the start: a child's pipes are destroyed when it closes, and unread output with them.
      relayOutput(child, "stdout");
      relayOutput(child, "stderr");
    }
    trackChild(child?.pid);
  }

  /** The child's process id (none when it could not be spawned). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Whether no transport has taken the child yet. */
  get available(): boolean {
    return !this.#taken;
  }

  /** The child for the first transport that asks; later ones (another era's attempt) spawn their own. */
  take(): { child: ChildProcess | undefined; spawned: Promise<void>; closed: Promise<void> } | undefined {
    if (this.#taken) return undefined;
    this.#taken = true;
    return { child: this.#child, spawned: this.#spawned, closed: this.#closed };
  }

  /** Ends the child if no transport adopted it (the open failed or was given up first). */
  async dispose(): Promise<void> {
    if (this.#taken) return;
    this.#taken = true;
    const child = this.#child;
    if (child === undefined) return;
    child.stdout?.resume();
    child.stderr?.resume();
    await endStdioChild(child.pid, async () => void child.stdin?.end());
  }
}

/**
 * Replaces the child's output pipe by a stream that holds what it reads until the transport
 * adopts the child and reads it (the SDK's listeners, and the stdout-noise watch, all read the
 * child's `stdout` / `stderr`).
 */
function relayOutput(child: ChildProcess, name: "stdout" | "stderr"): void {
  const source = child[name];
  if (source === null) return;
  const held = new PassThrough();
  source.on("error", (error) => held.destroy(error));
  source.pipe(held);
  // A pipe that shuts without an end (the spawn failed) ends the held stream too.
  source.once("close", () => held.writableEnded || held.end());
  Object.defineProperty(child, name, { value: held, configurable: true, enumerable: true, writable: true });
}

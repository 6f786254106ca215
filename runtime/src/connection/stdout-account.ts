/**
 * A connection's account of the text that is not JSON-RPC its stdio children wrote on stdout
 * (wire/stdout-noise.ts), across its opens:
 *
 * - a server that answered all the same is told once per connection through `onWarning`: the
 *   client skipped the text, but the same logging can swallow an answer later;
 * - a call that times out after such text arrived (during the call, or during the open it waited
 *   for) says so (timeout-causes.ts): the answer most likely went into, or never came because of,
 *   that output. A timeout with no new noise is left as it is (a banner at start does not explain
 *   a slow tool).
 */
import { StdoutNoise, STDOUT_NOISE_HINT } from "../wire/stdout-noise.js";

export class StdoutAccount {
  /** Offending lines seen over every open of the connection. */
  #lines = 0;
  /** `#lines` when the latest open began: a call that waits for that open counts from there. */
  #atOpen = 0;
  #latest: { noise: StdoutNoise; secrets: readonly string[] } | undefined;
  #warned = false;

  /** A record for an open about to start (the config's secrets are masked in its quote). */
  opening(secrets: readonly string[]): StdoutNoise {
    const noise = new StdoutNoise();
    noise.onLine = () => this.#lines++;
    this.#atOpen = this.#lines;
    this.#latest = { noise, secrets };
    return noise;
  }

  /** The open succeeded: its noise, now or when it first shows, is a warning (once per connection). */
  opened(noise: StdoutNoise, secrets: readonly string[], warn: (message: string) => void): void {
    const tell = (): void => {
      if (this.#warned) return;
      this.#warned = true;
      warn(`wrote ${noise.quote(secrets)}, which the client skipped: ${STDOUT_NOISE_HINT}`);
    };
    if (noise.seen) tell();
    else noise.onFirst = tell;
  }

  /** Where a request starts counting lines: now, or where the open it waits for began. */
  mark(connecting: boolean): number {
    return connecting ? this.#atOpen : this.#lines;
  }

  /** `"<quoted line>": <hint>` when offending lines arrived since `mark`; undefined otherwise. */
  noiseSince(mark: number): string | undefined {
    const latest = this.#latest;
    if (latest === undefined || this.#lines === mark || !latest.noise.seen) return undefined;
    return `${latest.noise.quote(latest.secrets)}: ${STDOUT_NOISE_HINT}`;
  }
}

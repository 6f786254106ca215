/**
 * A connection's account of the text that is not JSON-RPC its stdio children wrote on stdout
 * (wire/stdout-noise.ts), across its opens:
 *
 * - a server that answered all the same is told once per connection through `onWarning`: the
 *   client skipped the text, but the same logging can swallow an answer later;
 * - a call that times out after such text arrived (during the call, or during the open it waited
 *   for) says so: the answer most likely went into, or never came because of, that output. A
 *   timeout with no new noise is left as it is (a banner at start does not explain a slow tool).
 */
import { TimeoutError, type SubjectKind } from "../shared/errors.js";
import { StdoutNoise, STDOUT_NOISE_HINT } from "../wire/stdout-noise.js";
import { TIMEOUT_HINT } from "../wire/failures.js";

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

  /** `running`, whose timeout names the noise that arrived since the call began (since its open began, when it waits for one). */
  explained<T>(running: Promise<T>, connecting: boolean, about: SubjectKind | undefined): Promise<T> {
    const before = connecting ? this.#atOpen : this.#lines;
    return running.catch((error: unknown) => {
      throw this.#explain(error, before, about);
    });
  }

  #explain(error: unknown, before: number, about: SubjectKind | undefined): unknown {
    const latest = this.#latest;
    if (!(error instanceof TimeoutError) || latest === undefined || this.#lines === before || !latest.noise.seen) return error;
    // The noise first, the longer timeout only after: `timed out after 1000 ms, likely because …; if it is only slow, raise it …`.
    const hinted = error.detail.endsWith(` (${TIMEOUT_HINT})`);
    const head = hinted ? error.detail.slice(0, -TIMEOUT_HINT.length - 3) : error.detail;
    const detail = `${head}, likely because it wrote ${latest.noise.quote(latest.secrets)}: ${STDOUT_NOISE_HINT}${hinted ? `; if it is only slow, ${TIMEOUT_HINT}` : ""}`;
    return new TimeoutError(error.server, detail, { tool: error.tool, about, timeout: error.timeout, cause: error.cause });
  }
}

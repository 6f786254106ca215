/**
 * Every input round ends: a call waiting for a callback's answer ends at its timeout, its abort
 * signal and `close()`, with the usual error types, in both eras (a 2025 server-to-client
 * `elicitation/create`; a 2026-07-28 `input_required` result) over stdio and streamable HTTP.
 * The callback's signal aborts then, and an answer it gives afterwards never reaches the server
 * (test/servers/input-rounds.ts records every answer it receives).
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CancelledError, createRuntime, RuntimeClosedError, TimeoutError, type ElicitationResponse, type Runtime } from "../../runtime/src/index.js";
import { repoRoot, startServerScript, type RunningServer } from "../helpers/servers.js";

const SCRIPT = resolve(repoRoot, "test/servers/dist/input-rounds.js");
const ACCEPT: ElicitationResponse = { action: "accept", content: { ok: true } };

type Era = "2025" | "2026";
type Behaviour = "answer" | "never" | "late";

interface Harness {
  runtime: Runtime;
  /** The signal each callback invocation got, in order. */
  signals: AbortSignal[];
  behaviour: Behaviour;
  /** Resolves when a "late" callback has given its answer (after its signal aborted). */
  lateAnswer: Promise<void>;
}

function harness(era: Era, connection: Record<string, unknown>): Harness {
  let answered!: () => void;
  const state: Harness = {
    runtime: undefined as unknown as Runtime,
    signals: [],
    behaviour: "answer",
    lateAnswer: new Promise<void>((done) => (answered = done)),
  };
  const onElicitation = (_request: unknown, source: { signal: AbortSignal }): ElicitationResponse | Promise<ElicitationResponse> => {
    state.signals.push(source.signal);
    if (state.behaviour === "answer") return ACCEPT;
    if (state.behaviour === "never") return new Promise<ElicitationResponse>(() => undefined);
    // Answers as soon as the call gave up: the answer must be dropped, not sent.
    return new Promise<ElicitationResponse>((done) =>
      source.signal.addEventListener("abort", () => {
        done(ACCEPT);
        setImmediate(answered);
      }),
    );
  };
  const protocol = era === "2025" ? "legacy" : "2026-07-28";
  state.runtime = createRuntime({ servers: { rounds: { ...connection, protocol, callbacks: { onElicitation } } as never } });
  return state;
}

async function answersReceived(runtime: Runtime): Promise<unknown[]> {
  const result = await runtime.callTool("rounds", "answers", {});
  return JSON.parse((result.content[0] as { text: string }).text) as unknown[];
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("the call did not fail");
}

const cases: { era: Era; transport: "stdio" | "http" }[] = [
  { era: "2025", transport: "stdio" },
  { era: "2025", transport: "http" },
  { era: "2026", transport: "stdio" },
  { era: "2026", transport: "http" },
];

describe.each(cases)("a call waiting for input, $era era over $transport", ({ era, transport }) => {
  let server: RunningServer | undefined;
  let connection: Record<string, unknown>;
  let shared: Harness;

  beforeAll(async () => {
    if (transport === "http") {
      server = await startServerScript(SCRIPT, ["--era", era, "--http"]);
      connection = { transport: "http", url: server.url };
    } else {
      connection = { transport: "stdio", command: process.execPath, args: [SCRIPT, "--era", era], stderr: "ignore" };
    }
    shared = harness(era, connection);
  });

  afterAll(async () => {
    await shared.runtime.close();
    await server?.stop();
  });

  it("an answer in time reaches the server (the recording works)", async () => {
    shared.behaviour = "answer";
    const result = await shared.runtime.callTool("rounds", "ask", {}, { timeout: 10_000 });
    expect(result.content).toEqual([{ type: "text", text: "answered: accept" }]);
    expect(await answersReceived(shared.runtime)).toHaveLength(1);
  });

  it("a callback that never answers: the call times out, the callback's signal aborts", async () => {
    shared.behaviour = "never";
    const asked = shared.signals.length;
    const error = await failure(shared.runtime.callTool("rounds", "ask", {}, { timeout: 300 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeout).toBe(300);
    expect(shared.signals.length).toBe(asked + 1);
    expect(shared.signals.at(-1)!.aborted).toBe(true);
  });

  it("a callback that never answers: the call's abort signal ends it with CancelledError", async () => {
    shared.behaviour = "never";
    const asked = shared.signals.length;
    const controller = new AbortController();
    const call = failure(shared.runtime.callTool("rounds", "ask", {}, { signal: controller.signal, timeout: 30_000 }));
    while (shared.signals.length === asked) await new Promise((next) => setTimeout(next, 5));
    controller.abort();
    expect(await call).toBeInstanceOf(CancelledError);
    expect(shared.signals.at(-1)!.aborted).toBe(true);
  });

  it("a callback that answers after the timeout: the answer is discarded, never sent", async () => {
    shared.behaviour = "late";
    const before = await answersReceived(shared.runtime);
    const error = await failure(shared.runtime.callTool("rounds", "ask", {}, { timeout: 300 }));
    expect(error).toBeInstanceOf(TimeoutError);
    await shared.lateAnswer;
    expect(await answersReceived(shared.runtime)).toEqual(before);
  });

  it("close() ends a call waiting for an answer with RuntimeClosedError, promptly", async () => {
    const own = harness(era, connection);
    own.behaviour = "never";
    const call = failure(own.runtime.callTool("rounds", "ask", {}, { timeout: 30_000 }));
    while (own.signals.length === 0) await new Promise((next) => setTimeout(next, 5));
    await own.runtime.close();
    expect(await call).toBeInstanceOf(RuntimeClosedError);
    expect(own.signals[0]!.aborted).toBe(true);
  });
});

/**
 * Bounded input: an HTTP response (a JSON body, or one SSE event) over `maxResponseBytes`, and a
 * `requestState` over `maxRequestStateBytes`, each fail the call with one line naming the server
 * and the limit. Against test/servers/hostile-http.ts (bodies that never end) and the 2026-07-28
 * server of test/servers/input-rounds.ts (`big_state`), over HTTP and stdio.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime, InputRoundsExceededError, ProtocolError, ConnectionError } from "../../runtime/src/index.js";
import { repoRoot, startServerScript, type RunningServer } from "../helpers/servers.js";
import { settled } from "./helpers.js";

const HOSTILE = resolve(repoRoot, "test/servers/dist/hostile-http.js");
const ROUNDS = resolve(repoRoot, "test/servers/dist/input-rounds.js");
const LIMIT = 256 * 1024;

describe("an HTTP response over maxResponseBytes", () => {
  let hostile: RunningServer;
  beforeAll(async () => {
    hostile = await startServerScript(HOSTILE, ["--port", "0"]);
  });
  afterAll(() => hostile.stop());

  it.each([
    ["a JSON body that never ends", "/huge-json", "a response"],
    ["an SSE event that never ends", "/huge-event", "an event"],
  ])("%s: the call fails naming the server and the limit", async (_name, path, what) => {
    const url = new URL(path, hostile.url).href;
    const runtime = createRuntime({ servers: { huge: { transport: "http", url, protocol: "legacy", maxResponseBytes: LIMIT } } });
    try {
      const result = await settled(runtime.callTool("huge", "work", {}, { timeout: 20_000 }));
      expect(result.error).toBeInstanceOf(ConnectionError);
      expect((result.error as Error).message).toBe(`server "huge": could not connect over http: the server sent ${what} larger than maxResponseBytes (${LIMIT} bytes)`);
    } finally {
      await runtime.close();
    }
  });
});

describe("a requestState over maxRequestStateBytes", () => {
  let http: RunningServer;
  beforeAll(async () => {
    http = await startServerScript(ROUNDS, ["--era", "2026", "--http"]);
  });
  afterAll(() => http.stop());

  const transports = (): [string, Record<string, unknown>][] => [
    ["http", { transport: "http", url: http.url }],
    ["stdio", { transport: "stdio", command: process.execPath, args: [ROUNDS, "--era", "2026"], stderr: "ignore" }],
  ];

  it("fails the call with ProtocolError naming the server and the limit, over HTTP and stdio; a state within it goes through", async () => {
    for (const [transport, connection] of transports()) {
      let asked = 0;
      const onElicitation = () => {
        asked++;
        return { action: "accept" as const, content: { ok: true } };
      };
      const config = { ...connection, protocol: "2026-07-28", maxRequestStateBytes: LIMIT, maxInputRounds: 1, callbacks: { onElicitation } };
      const runtime = createRuntime({ servers: { rounds: config as never } });
      try {
        const over = await settled(runtime.callTool("rounds", "big_state", { size: LIMIT + 1 }));
        expect(over.error, transport).toBeInstanceOf(ProtocolError);
        expect((over.error as Error).message, transport).toBe(
          `server "rounds" tool "big_state": the server sent a requestState of ${LIMIT + 1} bytes, larger than maxRequestStateBytes (${LIMIT} bytes)`,
        );
        expect(asked, transport).toBe(0); // refused before anything was asked or echoed
        // Within the limit the state is taken: the user is asked, and the server asks again (past maxInputRounds).
        const within = await settled(runtime.callTool("rounds", "big_state", { size: LIMIT }));
        expect(within.error, transport).toBeInstanceOf(InputRoundsExceededError);
        expect(asked, transport).toBe(1);
      } finally {
        await runtime.close();
      }
    }
  });
});

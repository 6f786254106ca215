/**
 * A request that times out quotes what its stdio server wrote on stderr while it waited, over
 * real pipes to test/servers/hostile-stdio.ts: the error-like line written during the call (or,
 * for a call that waited for the connection, during the open), secrets masked; a line written
 * before the call is not quoted, and a server that wrote nothing during the wait gives a plain
 * timeout.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { createRuntime, TimeoutError, type Runtime } from "../../runtime/src/index.js";

const HOSTILE = path.join(repoRoot, "test/servers/dist/hostile-stdio.js");
const SECRET = "db-7c1e-never-printed";
const DB_ERROR = "db: Error: connect ECONNREFUSED 127.0.0.1:9 (token ***)";
const HINT = "raise it with the call's { timeout }, the server's toolTimeouts or timeout, or the runtime's timeout";

const runtimes: Runtime[] = [];
afterAll(() => Promise.all(runtimes.map((runtime) => runtime.close())));

function hostileRuntime(mode: string, timeout: number): Runtime {
  const runtime = createRuntime({
    servers: { db: { transport: "stdio", command: "node", args: [HOSTILE, mode], env: { DB_TOKEN: "${DB_TOKEN}" }, timeout } },
    env: { DB_TOKEN: SECRET },
  });
  runtimes.push(runtime);
  return runtime;
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  if (!(error instanceof Error)) throw new Error("the call did not fail");
  return error;
}

describe("runtime: a timeout quotes the server's stderr from while the request waited", () => {
  const runtime = hostileRuntime("call-logging", 30_000);

  it("a call during which the server logged an error names that line, secret masked", async () => {
    expect((await runtime.listTools("db")).map((tool) => tool.name)).toEqual(["query", "wait"]); // connected: the start-up lines are behind
    const error = await failureOf(runtime.callTool("db", "query", {}, { timeout: 1_000 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(`server "db" tool "query": request timed out after 1000 ms (stderr: ${DB_ERROR}); if it is only slow, ${HINT}`);
    expect(error.message).not.toContain(SECRET);
  });

  it("a call during which the server wrote nothing is a plain timeout: an earlier error line is not its cause", async () => {
    const error = await failureOf(runtime.callTool("db", "wait", {}, { timeout: 1_000 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(`server "db" tool "wait": request timed out after 1000 ms (${HINT})`);
  });

  it("a call that waited for a connection that never opened names what the server logged meanwhile", async () => {
    const mute = hostileRuntime("mute-logging", 3_000);
    const error = await failureOf(mute.callTool("db", "query", {}));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(`server "db" tool "query": request timed out after 3000 ms (while connecting) (stderr: ${DB_ERROR})`);
    expect(error.message).not.toContain(SECRET);
  });
});

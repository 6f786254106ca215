/**
 * `resetTimeoutOnProgress` and `maxTotalTimeout`, with the timeout precedence (call > tool >
 * server > runtime), against server-everything's `trigger-long-running-operation` over stdio
 * (a progress notification every 100 ms for 1.2 s).
 */
import { afterAll, describe, expect, it } from "vitest";
import { createRuntime, TimeoutError } from "../../runtime/src/index.js";
import { EVERYTHING_STDIO } from "../helpers/servers.js";

const LONG = "trigger-long-running-operation";
const WORK = { duration: 1.2, steps: 12 };

describe("a long tool that reports progress", () => {
  // The tool's own entry says: 400 ms, restarted by progress. The runtime's says: never restarted.
  const runtime = createRuntime({
    resetTimeoutOnProgress: false,
    servers: { everything: { ...EVERYTHING_STDIO, stderr: "ignore", toolTimeouts: { [LONG]: { timeout: 400, resetTimeoutOnProgress: true } } } },
  });
  afterAll(() => runtime.close());

  it("runs past its timeout while progress keeps coming (tool level over the runtime's)", async () => {
    await runtime.listTools("everything"); // connected: the bounds below are the request's
    const result = await runtime.callTool("everything", LONG, WORK);
    expect(result.isError).not.toBe(true);
  });

  it("times out at its timeout when the call turns the reset off (call level over the tool's)", async () => {
    const error = await runtime.callTool("everything", LONG, WORK, { resetTimeoutOnProgress: false }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeout).toBe(400);
  });

  it("ends at maxTotalTimeout, which progress does not extend", async () => {
    const error = await runtime.callTool("everything", LONG, WORK, { maxTotalTimeout: 700 }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeout).toBe(700);
    expect((error as Error).message).toBe(`server "everything" tool "${LONG}": request timed out after its maxTotalTimeout of 700 ms`);
  });
});

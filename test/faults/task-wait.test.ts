/**
 * A failed task wait stops its background `tasks/result` loop. The task server's `stuck_job`
 * asks for input (the wait then asks `tasks/result` at once, so the server's questions reach the
 * callbacks) and gets stuck: every read of its status hangs. The wait's status poll times out,
 * the wait fails; the `tasks/result` loop, whose own timeouts only end one attempt, must end too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime, TimeoutError, type Runtime } from "../../runtime/src/index.js";
import { startTasksServer, type RunningServer } from "../helpers/servers.js";
import { settled, sleep } from "./helpers.js";

let server: RunningServer;
let runtime: Runtime;

beforeAll(async () => {
  server = await startTasksServer();
  runtime = createRuntime({ servers: { tasks: { transport: "http", url: server.url } } });
});

afterAll(async () => {
  await runtime?.close();
  await server?.stop();
});

async function stalledReads(): Promise<number> {
  const result = await runtime.callTool("tasks", "stalled_reads", {});
  const [block] = result.content;
  expect(block?.type).toBe("text");
  return Number((block as { text: string }).text);
}

describe("a failed task wait", () => {
  it("stops asking tasks/result once the wait has failed", async () => {
    const handle = await runtime.startTask("tasks", "stuck_job", {});
    const wait = await settled(handle.result({ timeout: 250 }));
    expect(wait.error).toBeInstanceOf(TimeoutError);

    await sleep(300); // requests sent before the failure have reached the server
    const after = await stalledReads();
    await sleep(1_000); // four more of the loop's 250 ms timeouts
    expect(await stalledReads()).toBe(after);
  });
});

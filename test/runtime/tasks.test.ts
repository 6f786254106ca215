/**
 * MCP tasks through the runtime's own API against the task server (test/servers/tasks.ts):
 * a slow task followed to its result, a failing one, a cancelled one, one fetched after the
 * client reconnected (a new runtime, a new MCP session), one whose ttl expires, one whose tool
 * could not ask the user for input (the tool error names the option to set).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime, TaskCancelledError, TaskFailedError, TaskNotFoundError, ToolCallError, type Runtime, type TaskStatus } from "../../runtime/src/index.js";
import { childPids, startTasksServer, TASKS_STDIO, type RunningServer } from "../helpers/servers.js";

const before = new Set(childPids());
let server: RunningServer;
let runtime: Runtime;
const notified: TaskStatus[] = [];

function httpRuntime(): Runtime {
  return createRuntime({ servers: { tasks: { transport: "http", url: server.url } }, callbacks: { onTaskStatus: (status) => notified.push(status) } });
}

beforeAll(async () => {
  server = await startTasksServer();
  runtime = httpRuntime();
});

afterAll(async () => {
  await runtime?.close();
  await server?.stop();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

describe("tasks over streamable HTTP", () => {
  it("follows a slow task through its status changes to its result", async () => {
    const handle = await runtime.startTask("tasks", "slow_report", { topic: "tides", steps: 3, stepMs: 40 }, { ttl: 30_000 });
    expect(handle.tool).toBe("slow_report");
    expect(handle.lastStatus.ttl).toBe(30_000);
    const seen: TaskStatus[] = [];
    for await (const status of handle) seen.push(status);
    expect(seen.at(-1)?.status).toBe("completed");
    expect(seen.slice(0, -1).every((status) => status.status === "working")).toBe(true);
    const result = await handle.result();
    expect(result.structuredContent).toEqual({ topic: "tides", steps: 3 });
    expect(result.text).toBe("Report on tides in 3 steps");
  });

  it("reports status to onTaskStatus and onProgress while waiting", async () => {
    const handle = await runtime.startTask("tasks", "slow_report", { topic: "waves", steps: 2, stepMs: 40 });
    const statuses: string[] = [];
    const messages: string[] = [];
    await handle.result({ onTaskStatus: (status) => statuses.push(status.status), onProgress: (update) => messages.push(update.message ?? "") });
    expect(statuses.at(-1)).toBe("completed");
    expect(messages.at(-1)).toMatch(/^completed/);
    // Without options, the runtime's callback hears them.
    const quiet = await runtime.startTask("tasks", "slow_report", { topic: "calm", steps: 1, stepMs: 0 });
    await quiet.result();
    expect(notified.filter((status) => status.taskId === quiet.taskId).at(-1)?.status).toBe("completed");
  });

  it("a task whose tool cannot ask the user for input ends with the tool error and the option to set", async () => {
    const handle = await runtime.startTask("tasks", "needs_name", {});
    const error = await handle.result().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ToolCallError);
    const [said, hint] = (error as ToolCallError).text.split("\n");
    expect(said).toMatch(/^Client does not support form elicitation/);
    expect(hint).toContain("mcp-codegen: the server asked the user for input (elicitation) and this client has no onElicitation");
    expect(hint).toContain("callbacks: { onElicitation }");
  });

  it("rejects a failed task with TaskFailedError naming the task and the tool's error", async () => {
    const handle = await runtime.startTask("tasks", "failing_job", { reason: "disk full" });
    const error = await handle.result().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TaskFailedError);
    expect((error as TaskFailedError).taskId).toBe(handle.taskId);
    expect((error as Error).message).toBe(`server "tasks" tool "failing_job": task "${handle.taskId}" failed: disk full`);
    expect(handle.lastStatus.status).toBe("failed");
  });

  it("cancels a task on the server", async () => {
    const handle = await runtime.startTask("tasks", "endless_job", { label: "forever" });
    expect((await handle.cancel()).status).toBe("cancelled");
    // Another client asks the server.
    const other = httpRuntime();
    try {
      expect((await (await other.resumeTask("tasks", handle.taskId)).status()).status).toBe("cancelled");
    } finally {
      await other.close();
    }
    await expect(handle.result()).rejects.toBeInstanceOf(TaskCancelledError);
    expect((await runtime.listTasks("tasks")).find((task) => task.taskId === handle.taskId)?.status).toBe("cancelled");
  });

  it("fetches the result of a task after the client reconnected", async () => {
    const first = httpRuntime();
    const started = await first.startTask("tasks", "slow_report", { topic: "orbits", steps: 2, stepMs: 50 });
    await first.close();
    const second = httpRuntime();
    try {
      const resumed = await second.resumeTask("tasks", started.taskId);
      expect(resumed.taskId).toBe(started.taskId);
      expect((await resumed.result()).structuredContent).toEqual({ topic: "orbits", steps: 2 });
    } finally {
      await second.close();
    }
  });

  it("says which task is gone once its ttl has passed", async () => {
    const handle = await runtime.startTask("tasks", "slow_report", { topic: "mayflies", steps: 1, stepMs: 0 }, { ttl: 150 });
    let error: unknown;
    // The server forgets the task 150 ms after it ended: ask until it does.
    while (error === undefined) error = await handle.status().then(() => undefined, (failure: unknown) => failure);
    expect(error).toBeInstanceOf(TaskNotFoundError);
    expect((error as Error).message).toBe(`server "tasks" tool "slow_report": task "${handle.taskId}" is no longer known to the server (its ttl was 150 ms)`);
    await expect(handle.result()).rejects.toThrow(handle.taskId);
    await expect(runtime.resumeTask("tasks", handle.taskId)).rejects.toThrow(`task "${handle.taskId}" is not known to the server`);
  });

  it("calls a task-optional tool plainly, and as a task when started", async () => {
    expect((await runtime.callTool("tasks", "quick_sum", { a: 2, b: 3 })).structuredContent).toEqual({ result: 5 });
    const handle = await runtime.startTask("tasks", "quick_sum", { a: 4, b: 5 });
    expect((await handle.result()).structuredContent).toEqual({ result: 9 });
  });
});

describe("tasks over stdio", () => {
  it("runs, lists and cancels tasks", async () => {
    const stdio = createRuntime({ servers: { tasks: TASKS_STDIO } });
    try {
      const report = await stdio.startTask("tasks", "slow_report", { topic: "stdio", steps: 2, stepMs: 20 });
      const endless = await stdio.startTask("tasks", "endless_job", {});
      expect((await report.result()).text).toBe("Report on stdio in 2 steps");
      await endless.cancel();
      const listed = new Map((await stdio.listTasks("tasks")).map((task) => [task.taskId, task.status]));
      expect(listed.get(report.taskId)).toBe("completed");
      expect(listed.get(endless.taskId)).toBe("cancelled");
    } finally {
      await stdio.close();
    }
  });

  it("refuses to start a task on a tool the server does not run as one", async () => {
    const stdio = createRuntime({ servers: { tasks: TASKS_STDIO } });
    try {
      await expect(stdio.startTask("tasks", "ping")).rejects.toThrow(/server "tasks" tool "ping"/);
    } finally {
      await stdio.close();
    }
  });
});

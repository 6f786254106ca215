/**
 * Generated clients of task tools: the task server (test/servers/tasks.ts, as "jobs") and
 * server-everything's `simulate-research-query` (taskSupport "required"). Generated over
 * stdio, compiled under the strict flags, then called over stdio and streamable HTTP: the
 * method of a task-required tool waits for the typed result, `.start()` gives a handle,
 * `tasks.resume()` finds a task again after a restart, and aborting a call cancels its task.
 * A LangChain agent (scripted model, `createAgent`) calls the task tools in both task modes.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createAgent } from "langchain";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPids, EVERYTHING_STDIO, startEverythingHttp, startTasksServer, TASKS_STDIO, type RunningServer } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { typecheck } from "../helpers/typecheck.js";

const before = new Set(childPids());
let project: string;
let jobsHttp: RunningServer;
let everythingHttp: RunningServer;
// The generated module is loaded at run time; its types are checked by `typecheck` below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let createClient: (options?: any) => any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const clients: any[] = [];

/** A client of the generated module, closed after the tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function client(options?: unknown): any {
  const made = createClient(options);
  clients.push(made);
  return made;
}

const overHttp = () => ({ servers: { jobs: { transport: "http", url: jobsHttp.url }, everything: { transport: "http", url: everythingHttp.url } } });

beforeAll(async () => {
  project = tempProject("tasks");
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { jobs: TASKS_STDIO, everything: EVERYTHING_STDIO }, outDir: "out" }));
  const [result, jobs, everything] = await Promise.all([runCli(["generate"], { cwd: project }), startTasksServer(), startEverythingHttp()]);
  [jobsHttp, everythingHttp] = [jobs, everything];
  expect(result.status, result.stderr).toBe(0);
  ({ createClient } = await import(path.join(project, "out/index.ts")));
});

afterAll(async () => {
  await Promise.all(clients.map((made) => made.close()));
  await Promise.all([jobsHttp?.stop(), everythingHttp?.stop()]);
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

describe("generated clients of task tools", () => {
  it("types task methods, .start and tasks.resume, and only task tools have .start", () => {
    const consumer = path.join(project, "consumer.ts");
    writeFileSync(
      consumer,
      [
        `import { createClient } from "./out/index.js";`,
        `import type { SlowReportOutput } from "./out/jobs/index.js";`,
        `import type { TaskHandle, TaskStatus, ToolResult } from "@mcp-codegen/runtime";`,
        `const mcp = createClient();`,
        `export const report: Promise<ToolResult<SlowReportOutput>> = mcp.jobs.slowReport({ topic: "x" }, { ttl: 1000, onTaskStatus: (status: TaskStatus) => void status.status });`,
        `export const research: Promise<ToolResult<unknown>> = mcp.everything.simulateResearchQuery({ topic: "x" });`,
        `export const started: Promise<TaskHandle<SlowReportOutput>> = mcp.jobs.slowReport.start({ topic: "x" }, { ttl: 1000 });`,
        `export const sum: Promise<TaskHandle<{ result: number }>> = mcp.jobs.quickSum.start({ a: 1, b: 2 });`,
        `export const typed: Promise<TaskHandle<SlowReportOutput>> = mcp.jobs.tasks.resume("slowReport", "id");`,
        `export const untyped: Promise<TaskHandle<unknown>> = mcp.jobs.tasks.resume("id");`,
        `export const listed: Promise<TaskStatus[]> = mcp.jobs.tasks.list();`,
        `export async function steps(handle: TaskHandle<SlowReportOutput>): Promise<number> {`,
        `  for await (const status of handle) void status.statusMessage;`,
        `  return (await handle.result()).structuredContent.steps;`,
        `}`,
        `// @ts-expect-error: ping never runs as a task`,
        `mcp.jobs.ping.start({});`,
        `// @ts-expect-error: a forbidden tool cannot be resumed by name`,
        `mcp.jobs.tasks.resume("ping", "id");`,
        `// @ts-expect-error: onTaskStatus belongs to task-required tools`,
        `mcp.jobs.quickSum({ a: 1, b: 2 }, { onTaskStatus: () => undefined });`,
        `// @ts-expect-error: the topic is required`,
        `mcp.jobs.slowReport.start({});`,
      ].join("\n"),
    );
    expect(typecheck([consumer])).toEqual([]);
  });

  for (const transport of ["stdio", "http"] as const) {
    it(`awaits simulateResearchQuery and a task-required tool's typed result over ${transport}`, async () => {
      const mcp = client(transport === "http" ? overHttp() : undefined);
      const statuses: string[] = [];
      const research = await mcp.everything.simulateResearchQuery({ topic: "tides" }, { onTaskStatus: (status: { status: string }) => statuses.push(status.status) });
      expect(research.text).toContain("# Research Report: tides");
      expect(statuses.at(-1)).toBe("completed");
      const report = await mcp.jobs.slowReport({ topic: "tides", steps: 2, stepMs: 10 });
      expect(report.structuredContent).toEqual({ topic: "tides", steps: 2 });
      // A task-optional tool called plainly stays a plain call.
      expect((await mcp.jobs.quickSum({ a: 1, b: 2 })).structuredContent).toEqual({ result: 3 });
    });

    it(`answers the elicitation an ambiguous research query asks for mid-task over ${transport}`, async () => {
      const questions: string[] = [];
      const mcp = client({
        ...(transport === "http" ? overHttp() : {}),
        // With an elicitation handler server-everything lists more tools than at generation.
        driftGuard: "off",
        callbacks: {
          onElicitation: (request: { message: string }) => {
            questions.push(request.message);
            return { action: "accept", content: { interpretation: "snake" } };
          },
        },
      });
      const statuses: string[] = [];
      const research = await mcp.everything.simulateResearchQuery({ topic: "python", ambiguous: true }, { onTaskStatus: (status: { status: string }) => statuses.push(status.status) });
      expect(questions).toEqual([expect.stringContaining(`"python" could have multiple interpretations`)]);
      expect(statuses).toContain("input_required");
      expect(research.text).toContain("# Research Report: python (snake)");
    });
  }

  it("starts a task, restarts the runtime, resumes the task by id and gets its typed result", async () => {
    const first = createClient(overHttp());
    const handle = await first.jobs.slowReport.start({ topic: "restarts", steps: 3, stepMs: 30 });
    await first.close();
    const second = client(overHttp());
    const resumed = await second.jobs.tasks.resume("slowReport", handle.taskId);
    expect(resumed.tool).toBe("slow_report");
    expect((await resumed.result()).structuredContent).toEqual({ topic: "restarts", steps: 3 });
    const untyped = await second.jobs.tasks.resume(handle.taskId);
    expect((await untyped.result()).text).toBe("Report on restarts in 3 steps");
    expect((await second.jobs.tasks.list()).some((task: { taskId: string }) => task.taskId === handle.taskId)).toBe(true);
  });

  for (const [server, method, args] of [
    ["jobs", "endlessJob", { label: "abort me" }],
    ["everything", "simulateResearchQuery", { topic: "aborted" }],
  ] as const) {
    it(`aborting the call's signal cancels the ${server} task on the server`, async () => {
      const mcp = client(overHttp());
      const controller = new AbortController();
      let taskId: string | undefined;
      const call = mcp[server][method](args, {
        signal: controller.signal,
        onTaskStatus: (status: { taskId: string; status: string }) => {
          taskId = status.taskId;
          if (status.status === "working") controller.abort();
        },
      });
      await expect(call).rejects.toMatchObject({ name: "CancelledError" });
      expect(taskId).toBeDefined();
      // The server says so.
      const handle = await mcp[server].tasks.resume(taskId);
      expect((await handle.status()).status).toBe("cancelled");
    });
  }

  it("a LangChain agent waits for a task tool's result, or collects it by task id in handle mode", async () => {
    const mcp = client(overHttp());
    const waiting = await mcp.jobs.getTools();
    const model = fakeModel()
      .respondWithTools([{ name: "slow_report", args: { topic: "agents", steps: 2, stepMs: 10 }, id: "call-report" }])
      .respondWithTools([{ name: "failing_job", args: { reason: "no luck" }, id: "call-fail" }])
      .respond(new AIMessage("Done."));
    const events: { name: string; data: { status?: string } }[] = [];
    const callbacks = [{ handleCustomEvent: (name: string, data: { status?: string }) => void events.push({ name, data }) }];
    const result = await createAgent({ model, tools: waiting }).invoke({ messages: [new HumanMessage("report")] }, { callbacks });
    const messages = result.messages as BaseMessage[];
    const report = toolMessage(messages, "call-report");
    expect(report.content).toEqual([{ type: "text", text: "Report on agents in 2 steps" }]);
    // The artifact: typed structured content, and the task in the result's _meta.
    expect(report.artifact).toMatchObject({ structuredContent: { topic: "agents", steps: 2 }, _meta: { "io.modelcontextprotocol/related-task": { taskId: expect.any(String) } } });
    // Status changes reached the run's callbacks.
    expect(events.filter((event) => event.name === "mcp_task_status").map((event) => event.data.status)).toContain("completed");
    const failed = toolMessage(messages, "call-fail");
    expect(failed.status).toBe("error");
    expect(failed.content).toEqual([{ type: "text", text: "no luck" }]);

    const handing = await mcp.jobs.getTools({ taskMode: "handle" });
    expect(handing.map((tool: { name: string }) => tool.name)).toContain("task_result");
    const handModel = fakeModel()
      .respondWithTools([{ name: "slow_report", args: { topic: "later", steps: 1, stepMs: 10 }, id: "call-start" }])
      .respond((history: BaseMessage[]) => {
        const started = toolMessage(history, "call-start").artifact as { structuredContent: { taskId: string } };
        return new AIMessage({ content: "", tool_calls: [{ name: "task_result", args: { taskId: started.structuredContent.taskId }, id: "call-result" }] });
      })
      .respond(new AIMessage("Collected."));
    const handed = await createAgent({ model: handModel, tools: handing }).invoke({ messages: [new HumanMessage("start, then collect")] });
    const handedMessages = handed.messages as BaseMessage[];
    expect(toolMessage(handedMessages, "call-start").content).toEqual([{ type: "text", text: expect.stringContaining("Started task") }]);
    const collected = toolMessage(handedMessages, "call-result");
    expect(collected.artifact).toMatchObject({ structuredContent: { topic: "later", steps: 1 } });
  });
});

function toolMessage(messages: BaseMessage[], id: string): ToolMessage {
  const found = messages.find((message): message is ToolMessage => ToolMessage.isInstance(message) && message.tool_call_id === id);
  if (!found) throw new Error(`no ToolMessage for ${id}`);
  return found;
}

/**
 * Test MCP server "tasks": tools that run as MCP tasks (SDK task support, in-memory task store).
 *
 * - `slow_report` (taskSupport "required"): a few timed steps, then a structured result;
 * - `failing_job` (required): ends as a failed task with a tool error;
 * - `endless_job` (required): works until it is cancelled (or its ttl passes);
 * - `quick_sum` (optional): a task when asked for one, a plain call otherwise;
 * - `stuck_job` (required): asks for input (`input_required`), then its status can no longer be
 *   read: every later `tasks/get` and `tasks/result` about it hangs (a server stuck mid-task);
 * - `stalled_reads` (plain): how many such reads are hanging or have hung so far;
 * - `ping` (forbidden): a plain tool.
 *
 * One task store serves every session: a task outlives the connection that started it, so a
 * client that reconnects (a new MCP session) can still follow it and fetch its result. A
 * task's ttl is the one the client asked for (default 60 s); the store forgets a task when it
 * passes. Work loops read the task's status before each step and stop once it is terminal.
 *
 * Usage: node tasks.js [--stdio] [--port N]   (HTTP on 127.0.0.1 unless --stdio; port 0 = random)
 */
import { InMemoryTaskStore, type CreateTaskRequestHandlerExtra, type TaskStore } from "@modelcontextprotocol/sdk/experimental/tasks";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CallToolResult, Result, Task } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import { serveMcpOverHttp } from "./http-host.js";

/** How often clients are told to poll, in ms: small, so tests run fast. */
const POLL_INTERVAL = 50;
const DEFAULT_TTL = 60_000;
/** An endless job still ends after this long, so a forgotten task never keeps the process busy. */
const ENDLESS_LIMIT_MS = 10 * 60_000;

/** The in-memory store with sessions ignored: every session sees every task. */
function sharedStore(): TaskStore & { cleanup(): void; stall(taskId: string): void; stalledReads(): number } {
  const store = new InMemoryTaskStore();
  const stalled = new Set<string>();
  let reads = 0;
  return {
    createTask: (params, requestId, request) => store.createTask(params, requestId, request),
    getTask: (taskId) => {
      if (!stalled.has(taskId)) return store.getTask(taskId);
      reads++;
      return new Promise(() => undefined);
    },
    stall: (taskId) => void stalled.add(taskId),
    stalledReads: () => reads,
    storeTaskResult: (taskId, status, result) => store.storeTaskResult(taskId, status, result),
    getTaskResult: (taskId) => store.getTaskResult(taskId),
    updateTaskStatus: (taskId, status, statusMessage) => store.updateTaskStatus(taskId, status, statusMessage),
    listTasks: (cursor) => store.listTasks(cursor),
    cleanup: () => store.cleanup(),
  };
}

const store = sharedStore();

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Updates and results go to the shared store, then a best-effort `notifications/tasks/status`
 * on the session that started the task (it may have ended since: the task goes on).
 */
class TaskRun {
  constructor(
    readonly server: McpServer,
    readonly taskId: string,
  ) {}

  /** False once the task was cancelled, failed or forgotten (ttl): the work stops. */
  async active(): Promise<boolean> {
    const task = await store.getTask(this.taskId);
    return task !== null && (task.status === "working" || task.status === "input_required");
  }

  async status(message: string): Promise<void> {
    if (!(await this.active())) return;
    await store.updateTaskStatus(this.taskId, "working", message);
    await this.#notify();
  }

  /** `input_required`, told to the client; from then on the task's status can no longer be read. */
  async askThenStall(message: string): Promise<void> {
    await store.updateTaskStatus(this.taskId, "input_required", message);
    await this.#notify();
    store.stall(this.taskId);
  }

  async finish(status: "completed" | "failed", result: Result): Promise<void> {
    if (!(await this.active())) return;
    await store.storeTaskResult(this.taskId, status, result);
    await this.#notify();
  }

  async #notify(): Promise<void> {
    const task = await store.getTask(this.taskId);
    if (task === null) return;
    await this.server.server.notification({ method: "notifications/tasks/status", params: task }).catch(() => undefined);
  }
}

async function createTask(extra: CreateTaskRequestHandlerExtra): Promise<Task> {
  return store.createTask({ ttl: extra.taskRequestedTtl ?? DEFAULT_TTL, pollInterval: POLL_INTERVAL }, extra.requestId, {
    method: "tools/call",
  });
}

/** Starts `work` in the background and answers `tools/call` with the task. */
async function startTask(server: McpServer, extra: CreateTaskRequestHandlerExtra, work: (run: TaskRun) => Promise<void>): Promise<{ task: Task }> {
  const task = await createTask(extra);
  const run = new TaskRun(server, task.taskId);
  work(run).catch((error: unknown) => {
    console.error(`task ${task.taskId} broke:`, error);
  });
  return { task };
}

async function taskOf(taskId: string): Promise<Task> {
  const task = await store.getTask(taskId);
  if (task === null) throw new Error(`Task ${taskId} not found`);
  return task;
}

/** The getTask / getTaskResult handlers every task tool shares. */
const FOLLOW = {
  getTask: async (_args: unknown, extra: { taskId: string }) => taskOf(extra.taskId),
  getTaskResult: async (_args: unknown, extra: { taskId: string }) => (await store.getTaskResult(extra.taskId)) as CallToolResult,
};

function structured<T extends Record<string, unknown>>(text: string, value: T): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: value };
}

function registerTaskTools(server: McpServer): void {
  server.experimental.tasks.registerToolTask(
    "slow_report",
    {
      description: "Write a report on a topic in timed steps (runs as a task).",
      inputSchema: {
        topic: z.string().describe("What the report is about"),
        steps: z.number().int().min(1).max(50).optional().describe("Number of steps, 3 when absent"),
        stepMs: z.number().int().min(0).max(5000).optional().describe("Duration of each step in ms, 100 when absent"),
      },
      outputSchema: { topic: z.string(), steps: z.number().int() },
      execution: { taskSupport: "required" },
    },
    {
      createTask: ({ topic, steps = 3, stepMs = 100 }, extra) =>
        startTask(server, extra, async (run) => {
          for (let step = 1; step <= steps; step++) {
            await run.status(`step ${step} of ${steps}`);
            await pause(stepMs);
          }
          await run.finish("completed", structured(`Report on ${topic} in ${steps} steps`, { topic, steps }));
        }),
      ...FOLLOW,
    },
  );
  server.experimental.tasks.registerToolTask(
    "failing_job",
    {
      description: "A job that fails after its first step (runs as a task).",
      inputSchema: { reason: z.string().describe("Why it fails") },
      execution: { taskSupport: "required" },
    },
    {
      createTask: ({ reason }, extra) =>
        startTask(server, extra, async (run) => {
          await run.status("starting");
          await pause(20);
          await run.finish("failed", { content: [{ type: "text", text: reason }], isError: true });
        }),
      ...FOLLOW,
    },
  );
  server.experimental.tasks.registerToolTask(
    "endless_job",
    {
      description: "Works until it is cancelled (runs as a task).",
      inputSchema: { label: z.string().optional().describe("A name for the job") },
      execution: { taskSupport: "required" },
    },
    {
      createTask: ({ label = "job" }, extra) =>
        startTask(server, extra, async (run) => {
          const started = Date.now();
          for (let tick = 1; await run.active(); tick++) {
            if (Date.now() - started > ENDLESS_LIMIT_MS) return run.finish("failed", { content: [{ type: "text", text: "gave up" }], isError: true });
            if (tick % 10 === 1) await run.status(`${label}: tick ${tick}`);
            await pause(20);
          }
        }),
      ...FOLLOW,
    },
  );
  server.experimental.tasks.registerToolTask(
    "stuck_job",
    {
      description: "Asks for input, then gets stuck: its status can no longer be read (runs as a task).",
      inputSchema: {},
      execution: { taskSupport: "required" },
    },
    {
      createTask: (_args, extra) =>
        startTask(server, extra, async (run) => {
          await pause(20);
          await run.askThenStall("waiting for an answer");
        }),
      ...FOLLOW,
    },
  );
  server.experimental.tasks.registerToolTask(
    "needs_name",
    {
      description: "Asks the user for a name (runs as a task); a client that cannot be asked gets the SDK's refusal as the tool's error.",
      inputSchema: {},
      execution: { taskSupport: "required" },
    },
    {
      createTask: (_args, extra) =>
        startTask(server, extra, async (run) => {
          try {
            const answer = await server.server.elicitInput({ message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } });
            await run.finish("completed", { content: [{ type: "text", text: `answered: ${answer.action}` }] });
          } catch (error) {
            await run.finish("completed", { content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }], isError: true });
          }
        }),
      ...FOLLOW,
    },
  );
  server.registerTool("stalled_reads", { description: "How many reads of a stuck task's status hang or hung.", inputSchema: {} }, () => ({
    content: [{ type: "text", text: String(store.stalledReads()) }],
  }));
  server.experimental.tasks.registerToolTask(
    "quick_sum",
    {
      description: "Add two numbers (a task when the client asks for one).",
      inputSchema: { a: z.number(), b: z.number() },
      outputSchema: { result: z.number() },
      execution: { taskSupport: "optional" },
    },
    {
      createTask: ({ a, b }, extra) =>
        startTask(server, extra, async (run) => {
          await pause(20);
          await run.finish("completed", structured(String(a + b), { result: a + b }));
        }),
      ...FOLLOW,
    },
  );
}

function createTasksServer(): McpServer {
  const server = new McpServer(
    { name: "tasks", version: "1.0.0" },
    {
      capabilities: { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
      taskStore: store,
    },
  );
  registerTaskTools(server);
  server.registerTool("ping", { description: "Answer pong (never a task).", inputSchema: {} }, () => ({ content: [{ type: "text", text: "pong" }] }));
  return server;
}

if (process.argv.includes("--stdio")) {
  const server = createTasksServer();
  await server.connect(new StdioServerTransport());
  const shutdown = (): void => {
    store.cleanup();
    void server.close().finally(() => process.exit(0));
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
} else {
  await serveMcpOverHttp({ createSession: () => ({ server: createTasksServer() }), portEnv: "TASKS_PORT", defaultPort: 0 });
}

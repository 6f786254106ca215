/**
 * Tasks for generated clients: `.start()` on the methods of task-capable tools (arguments
 * validated with the tool's input schema) and `mcp.<server>.tasks` (`resume`, `list`).
 */
import { ConfigError } from "../../shared/runtime-errors.js";
import { runtimeInternals, type Runtime, type RuntimeInternals } from "../runtime-api.js";
import { runtimeOf, type Session } from "../session.js";
import type { ToolDescriptor } from "../../shared/types.js";
import { checkedArguments } from "../typed-calls.js";
import type { McpTaskHandle } from "./handle.js";
import { listTasks, resumeTask, startToolTask, type TaskLink } from "./run.js";
import type { ServerTasks, TaskHandle, TaskStartOptions } from "./types.js";

/** Starts `tool` as a task with arguments checked by its input schema. */
export async function startTypedTask<I, O>(
  target: Runtime | Session,
  server: string,
  tool: ToolDescriptor<I, O>,
  args: I | undefined,
  options?: TaskStartOptions,
): Promise<TaskHandle<O>> {
  const { link, server: name } = linkOf(target, server);
  const input = checkedArguments(name, tool as ToolDescriptor<unknown, unknown>, args);
  return startToolTask(link, { name: tool.name, descriptor: tool as ToolDescriptor<unknown, O> }, input, options);
}

/** `mcp.<server>.tasks` of a generated client: `tools` is its tool table. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function serverTasks<T extends Record<string, ToolDescriptor<any, any>>>(target: Runtime | Session, server: string, tools: T): ServerTasks<T> {
  const resume = (first: string, second?: string): Promise<McpTaskHandle> => {
    const { link, server: name } = linkOf(target, server);
    if (second === undefined) return resumeTask(link, first);
    const tool = Object.hasOwn(tools, first) ? tools[first] : undefined;
    if (!tool) return Promise.reject(new ConfigError(name, `no tool ${JSON.stringify(first)} in the generated client (to resume task ${JSON.stringify(second)})`));
    return resumeTask(link, second, { name: tool.name, descriptor: tool });
  };
  return {
    resume: resume as ServerTasks<T>["resume"],
    list: () => listTasks(linkOf(target, server).link),
  };
}

/** The task link of the server (a session answers for its own server). */
function linkOf(target: Runtime | Session, server: string): { link: TaskLink; server: string } {
  const runtime = runtimeOf(target);
  const name = target === runtime ? server : (target as Session).server;
  return { link: internalsOf(runtime, name).taskLink(name), server: name };
}

function internalsOf(runtime: Runtime, server: string): RuntimeInternals {
  const internals = runtimeInternals(runtime);
  if (!internals) throw new ConfigError(server, "tasks need a runtime made by createRuntime");
  return internals;
}

/**
 * Server text never reaches `Object.prototype` (issue 28 point 1). The hostile-names server uses
 * every name of the vocabulary (`__proto__`, `constructor`, `prototype`, `toString`,
 * `hasOwnProperty`, `valueOf`, `__defineGetter__`) for its tools, their input properties, `$defs`,
 * `x-mcp-header` parameters and annotations, its prompts and their arguments, its resources and
 * a template's variables. Generated with every target, the code is used the way an app uses it,
 * over a real stdio pipe: typed calls, the runtime's dynamic calls, LangChain, AI SDK and OpenAI
 * Agents tools, prompts, resources, the drift guard. Every tool is reached by its own name (the
 * server's own log says which tool it ran) and `Object.prototype` is the same afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RunContext } from "@openai/agents";
import { HOSTILE_NAMES } from "../servers/hostile-vocabulary.js";
import { childPids } from "../helpers/servers.js";
import { callLog, calls, expectPrototypeUnchanged, generateHostile, hostileServer, modelName, prototypeState, vocabularyArguments } from "./generated.js";

const before = new Set(childPids());
const prototypeBefore = prototypeState();
const log = callLog();
const args = vocabularyArguments(HOSTILE_NAMES);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let mcp: any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let server: any;
let stderr: string;

beforeAll(async () => {
  const generated = await generateHostile("hostile-vocabulary", { hostile: hostileServer("vocabulary", "hostile") }, { approval: { destructive: true } });
  stderr = generated.stderr;
  server = await import(`${generated.dir}/hostile/index.ts`);
  const index = await import(`${generated.dir}/index.ts`);
  mcp = index.createClient({ servers: { hostile: hostileServer("vocabulary", "hostile", log) }, onWarning: () => {} });
});

afterAll(async () => {
  await mcp?.close();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

/** The server's echo of a call (which tool it ran, the arguments it got), wherever a framework put its text. */
function echoed(output: unknown): { tool: string; arguments: Record<string, unknown> } {
  const found = findEcho(output);
  if (found === undefined) throw new Error(`no echo in ${JSON.stringify(output)}`);
  return found;
}

function findEcho(output: unknown): { tool: string; arguments: Record<string, unknown> } | undefined {
  if (typeof output === "string") {
    try {
      const parsed = JSON.parse(output);
      return parsed !== null && typeof parsed === "object" && "tool" in parsed ? parsed : findEcho(parsed);
    } catch {
      return undefined;
    }
  }
  if (output === null || typeof output !== "object") return undefined;
  for (const value of Object.values(output)) {
    const found = findEcho(value);
    if (found) return found;
  }
  return undefined;
}

function expectEveryArgument(received: Record<string, unknown>): void {
  for (const name of HOSTILE_NAMES) expect(Object.hasOwn(received, name) && received[name], name).toBe(`value of ${name}`);
}

describe("a server whose every name is an Object member", () => {
  it("generates without a type failure, each name kept as an ordinary name", () => {
    expect(stderr).not.toMatch(/typed as unknown|json-schema-to-typescript failed|left out/);
    expect(stderr).toContain('tool "hostile/__proto__": model-facing name __proto___2 in every target ("__proto__" is no usable key in a framework\'s tool map)');
    const raw = Object.values(server.tools).map((tool) => (tool as { name: string }).name);
    expect(raw.sort()).toEqual([...HOSTILE_NAMES].sort());
    // The emitted approvals literal has `__proto__` as an own key, not as its prototype.
    expect(Object.getPrototypeOf(server.approvals)).toBe(Object.prototype);
    for (const name of HOSTILE_NAMES) expect(Object.hasOwn(server.approvals, name) && server.approvals[name], name).toBe(true);
  });

  it("typed calls reach each tool by its own name, with every hostile argument as an own key", async () => {
    for (const [method, tool] of Object.entries(server.tools) as [string, { name: string }][]) {
      const result = await mcp.hostile[method]({ ...args });
      const echo = echoed(result.text);
      expect(echo.tool, method).toBe(tool.name);
      expectEveryArgument(echo.arguments);
    }
  });

  it("the runtime's dynamic calls reach each tool by its raw name", async () => {
    for (const name of HOSTILE_NAMES) {
      const result = await mcp.runtime.callTool("hostile", name, { ...args });
      expect(echoed(result.content[0].text).tool).toBe(name);
    }
  });

  it("LangChain tools: one per name, each running its own tool", async () => {
    const tools = await mcp.getTools();
    expect(tools.map((tool: { name: string }) => tool.name).sort()).toEqual(HOSTILE_NAMES.map(modelName).sort());
    for (const name of HOSTILE_NAMES) {
      const tool = tools.find((candidate: { name: string }) => candidate.name === modelName(name));
      expect(echoed(await tool.invoke({ ...args })).tool).toBe(name);
    }
  });

  it("AI SDK tools: a tool set with each name as an own key, each running its own tool", async () => {
    const tools = await mcp.getAiSdkTools();
    expect(Object.keys(tools).sort()).toEqual(HOSTILE_NAMES.map(modelName).sort());
    expect(Object.getPrototypeOf(tools)).toBeNull();
    for (const name of HOSTILE_NAMES) {
      const output = await tools[modelName(name)].execute({ ...args }, { toolCallId: `call-${name}`, messages: [] });
      expect(echoed(output.text).tool).toBe(name);
      expectEveryArgument(echoed(output.text).arguments);
    }
  });

  it("OpenAI Agents tools: one per name, each running its own tool", async () => {
    const tools = await mcp.getAgentsTools();
    expect(tools.map((tool: { name: string }) => tool.name).sort()).toEqual(HOSTILE_NAMES.map(modelName).sort());
    for (const name of HOSTILE_NAMES) {
      const tool = tools.find((candidate: { name: string }) => candidate.name === modelName(name));
      expect(echoed(await tool.invoke(new RunContext(), JSON.stringify(args))).tool).toBe(name);
    }
  });

  it("prompts: each by its own name, with hostile argument names", async () => {
    for (const name of HOSTILE_NAMES) {
      const { messages } = await mcp.runtime.getPrompt("hostile", name, { ...args });
      const echo = JSON.parse(messages[0].content.text);
      expect(echo.prompt).toBe(name);
      expectEveryArgument(echo.arguments);
    }
    const messages = await mcp.hostile.prompts.proto({ ...args });
    expect(JSON.parse(String(messages[0].content)).prompt).toBe("__proto__");
  });

  it("resources and a template whose variables are the vocabulary", async () => {
    const [proto] = await mcp.hostile.resources.proto();
    expect(proto.uri).toBe("hostile://resource/__proto__");
    const [constructor] = await mcp.hostile.resources.constructor2();
    expect(constructor.uri).toBe("hostile://resource/constructor");
    const [templated] = await mcp.hostile.resources.proto2({ ...args });
    expect(templated.uri).toBe(`hostile://template/${HOSTILE_NAMES.map((name) => encodeURIComponent(`value of ${name}`)).join("/")}`);
  });

  it("the drift guard finds no drift", async () => {
    const report = await mcp.hostile.verify();
    expect(report.changes ?? []).toEqual([]);
  });

  it("every call (typed, dynamic, LangChain, AI SDK, Agents) reached the server under its own name, and Object.prototype is unchanged", () => {
    const ran = calls(log).map((call) => call.tool);
    for (const name of HOSTILE_NAMES) expect(ran.filter((tool) => tool === name).length, name).toBe(5);
    expectPrototypeUnchanged(prototypeBefore);
    expect(({} as Record<string, unknown>)["type"]).toBeUndefined();
    expect(({} as Record<string, unknown>)["x-mcp-header"]).toBeUndefined();
  });
});

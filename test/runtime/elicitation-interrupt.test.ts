/**
 * `elicitation: "interrupt"`: inside a `createAgent` graph with a checkpointer, a tool whose
 * server asks for input (server-everything's 2025 `elicitation/create`, and the SDK 2.x
 * 2026-07-28 test server's multi round-trip `input_required`; over stdio and streamable HTTP on
 * 127.0.0.1) stops the graph with a typed `ElicitationInterrupt`, and
 * `Command({ resume })` answers the server: once in the same process, once after the runtime,
 * the model and the graph are made anew over a copy of the checkpointer's stored state.
 */
import { afterAll, describe, expect, expectTypeOf, it } from "vitest";
import { createAgent } from "langchain";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { childPids, EVERYTHING_STDIO, startEverythingHttp } from "../helpers/servers.js";
import { eraStdio, startEraHttp } from "../era/servers.js";
import {
  createRuntime,
  type ElicitationInterrupt,
  type ElicitationRequest,
  type ElicitationResume,
  type Runtime,
  type RuntimeServerConfig,
} from "../../runtime/src/index.js";

const TOOL = "trigger-elicitation-request";
const before = new Set(childPids());
const stops: (() => Promise<void>)[] = [];
const transports: Record<string, () => Promise<RuntimeServerConfig>> = {
  stdio: async () => EVERYTHING_STDIO,
  http: async () => {
    const server = await startEverythingHttp();
    stops.push(server.stop);
    return { transport: "http", url: server.url };
  },
};

afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

function runtimeFor(config: RuntimeServerConfig, onElicitation?: (request: ElicitationRequest) => ElicitationResume): Runtime {
  return createRuntime({ servers: { everything: config }, elicitation: "interrupt", ...(onElicitation ? { callbacks: { onElicitation } } : {}) });
}

/** The agent of one "process": its own runtime's tool and a model scripted from `script` on. */
async function agentOf(runtime: Runtime, checkpointer: MemorySaver, script: "ask" | "finish") {
  const tools = (await runtime.getTools("everything")).filter((tool) => tool.name === TOOL);
  const model = script === "ask" ? fakeModel().respondWithTools([{ name: TOOL, args: {}, id: "call-ask" }]).respond(new AIMessage("Thanks, Ada.")) : fakeModel().respond(new AIMessage("Thanks, Ada."));
  return createAgent({ model, tools, checkpointer });
}

/** What a persistent checkpointer would have kept: its stored bytes, in a new saver. */
function restored(saver: MemorySaver): MemorySaver {
  const copy = new MemorySaver();
  copy.storage = structuredClone(saver.storage);
  copy.writes = structuredClone(saver.writes);
  return copy;
}

function interruptOf(result: unknown): ElicitationInterrupt {
  const interrupts = (result as { __interrupt__?: { value: unknown }[] }).__interrupt__ ?? [];
  expect(interrupts).toHaveLength(1);
  return interrupts[0]!.value as ElicitationInterrupt;
}

function answeredWith(messages: BaseMessage[]): unknown {
  const message = messages.find((m): m is ToolMessage => ToolMessage.isInstance(m) && m.tool_call_id === "call-ask");
  if (!message) throw new Error("no ToolMessage for call-ask");
  const text = (message.content as { type: string; text?: string }[]).map((block) => block.text ?? "").join("\n");
  return JSON.parse(text.slice(text.indexOf("Raw result: ") + "Raw result: ".length));
}

const RESUME: ElicitationResume = { action: "accept", content: { name: "Ada", integer: 7 } };

describe.each(Object.keys(transports))("elicitation as a LangGraph interrupt over %s", (kind) => {
  it("interrupts with the typed payload and resumes in the same process", async () => {
    const runtime = runtimeFor(await transports[kind]!());
    try {
      const agent = await agentOf(runtime, new MemorySaver(), "ask");
      const thread = { configurable: { thread_id: `${kind}-same` } };
      const first = await agent.invoke({ messages: [new HumanMessage("ask me")] }, thread);
      const payload = interruptOf(first);
      expectTypeOf(payload).toEqualTypeOf<ElicitationInterrupt>();
      expect(payload).toMatchObject({ type: "mcp_elicitation", server: "everything", tool: TOOL, mode: "form", message: "Please provide inputs for the following fields:" });
      if (payload.mode !== "form") throw new Error("form mode expected");
      expect(Object.keys(payload.requestedSchema.properties)).toEqual(expect.arrayContaining(["name", "integer"]));

      const done = await agent.invoke(new Command({ resume: RESUME }), thread);
      const messages = done.messages as BaseMessage[];
      // The server got the answer (defaults of the schema filled in for the fields left out).
      expect(answeredWith(messages)).toMatchObject({ action: "accept", content: { name: "Ada", integer: 7, number: 3.14 } });
      expect(messages.at(-1)?.text).toBe("Thanks, Ada.");
    } finally {
      await runtime.close();
    }
  });

  it("resumes after the runtime and the graph are made anew from the checkpointer", async () => {
    const config = await transports[kind]!();
    const thread = { configurable: { thread_id: `${kind}-restart` } };
    const saver = new MemorySaver();
    const firstRuntime = runtimeFor(config);
    let payload: ElicitationInterrupt;
    try {
      const agent = await agentOf(firstRuntime, saver, "ask");
      payload = interruptOf(await agent.invoke({ messages: [new HumanMessage("ask me")] }, thread));
    } finally {
      await firstRuntime.close();
    }
    expect(payload).toMatchObject({ server: "everything", tool: TOOL, mode: "form" });

    const secondRuntime = runtimeFor(config);
    try {
      const agent = await agentOf(secondRuntime, restored(saver), "finish");
      const done = await agent.invoke(new Command({ resume: { action: "decline" } satisfies ElicitationResume }), thread);
      const messages = done.messages as BaseMessage[];
      expect(answeredWith(messages)).toEqual({ action: "decline" });
      expect(messages.at(-1)?.text).toBe("Thanks, Ada.");
    } finally {
      await secondRuntime.close();
    }
  });

  it("interrupts with a URL-mode payload when the option is set on the server", async () => {
    const url = "https://example.invalid/authorize?state=1";
    const runtime = createRuntime({ servers: { everything: { ...(await transports[kind]!()), elicitation: "interrupt" } } });
    try {
      const tools = (await runtime.getTools("everything")).filter((tool) => tool.name === "trigger-url-elicitation");
      const model = fakeModel().respondWithTools([{ name: "trigger-url-elicitation", args: { url, elicitationId: "el-1" }, id: "call-url" }]).respond(new AIMessage("Opened."));
      const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
      const thread = { configurable: { thread_id: `${kind}-url` } };
      const payload = interruptOf(await agent.invoke({ messages: [new HumanMessage("authorize")] }, thread));
      expect(payload).toEqual({ type: "mcp_elicitation", server: "everything", tool: "trigger-url-elicitation", mode: "url", message: expect.any(String), url, elicitationId: "el-1" });
      const done = await agent.invoke(new Command({ resume: { action: "accept" } satisfies ElicitationResume }), thread);
      expect(JSON.stringify((done.messages as BaseMessage[]).find((m) => ToolMessage.isInstance(m))?.content)).toContain("User completed the URL elicitation flow");
    } finally {
      await runtime.close();
    }
  });

  it("a resume value that is no answer fails the tool call with a line naming server and tool", async () => {
    const runtime = runtimeFor(await transports[kind]!());
    try {
      const agent = await agentOf(runtime, new MemorySaver(), "ask");
      const thread = { configurable: { thread_id: `${kind}-bad` } };
      interruptOf(await agent.invoke({ messages: [new HumanMessage("ask me")] }, thread));
      // createAgent's tool node hands a tool's exception to the model as an error ToolMessage.
      const done = await agent.invoke(new Command({ resume: "yes" }), thread);
      const message = (done.messages as BaseMessage[]).find((m): m is ToolMessage => ToolMessage.isInstance(m) && m.tool_call_id === "call-ask");
      expect(message?.status).toBe("error");
      expect(message?.text).toContain(`server "everything" tool "${TOOL}": the resume value must be { action: "accept" | "decline" | "cancel", content? }, got "yes"`);
    } finally {
      await runtime.close();
    }
  });

  it("outside a graph, calls still go to onElicitation", async () => {
    const seen: ElicitationRequest[] = [];
    const runtime = runtimeFor(await transports[kind]!(), (request) => (seen.push(request), { action: "decline" }));
    try {
      const result = await runtime.callTool("everything", TOOL);
      expect(JSON.stringify(result.content)).toContain("User declined");
      expect(seen).toHaveLength(1);
    } finally {
      await runtime.close();
    }
  });
});

/** 2026-07-28: the question comes as an `input_required` result (multi round-trip), not a request. */
const modern: Record<string, () => Promise<RuntimeServerConfig>> = {
  stdio: async () => ({ ...eraStdio("modern"), protocol: "2026-07-28" }),
  http: async () => {
    const server = await startEraHttp("modern");
    stops.push(server.stop);
    return { transport: "http", url: server.url, protocol: "2026-07-28" };
  },
};

describe.each(Object.keys(modern))("multi round-trip input as a LangGraph interrupt over %s", (kind) => {
  async function orderAgent(runtime: Runtime, checkpointer: MemorySaver, script: "ask" | "finish") {
    const tools = (await runtime.getTools("era")).filter((tool) => tool.name === "confirm_order");
    const done = new AIMessage("Ordered.");
    const model = script === "ask" ? fakeModel().respondWithTools([{ name: "confirm_order", args: { item: "tea" }, id: "call-order" }]).respond(done) : fakeModel().respond(done);
    return createAgent({ model, tools, checkpointer });
  }

  function orderResult(messages: BaseMessage[]): unknown {
    return messages.find((m): m is ToolMessage => ToolMessage.isInstance(m) && m.tool_call_id === "call-order")?.artifact;
  }

  it("interrupts with the typed payload and resumes in the same process, then after a restart", async () => {
    const config = await modern[kind]!();
    const saver = new MemorySaver();
    const make = () => createRuntime({ servers: { era: config }, elicitation: "interrupt" });

    // Same process: interrupt, resume, the server's structured result.
    const runtime = make();
    try {
      const agent = await orderAgent(runtime, saver, "ask");
      const thread = { configurable: { thread_id: `${kind}-modern-same` } };
      const payload = interruptOf(await agent.invoke({ messages: [new HumanMessage("order tea")] }, thread));
      expect(payload).toEqual({
        type: "mcp_elicitation",
        server: "era",
        tool: "confirm_order",
        mode: "form",
        message: "Order tea?",
        requestedSchema: { type: "object", properties: { confirm: { type: "boolean", description: "Yes, order it" } }, required: ["confirm"] },
      });
      const done = await agent.invoke(new Command({ resume: { action: "accept", content: { confirm: true } } satisfies ElicitationResume }), thread);
      // The server also checked that its requestState came back unchanged (else isError).
      expect(orderResult(done.messages as BaseMessage[])).toMatchObject({ structuredContent: { item: "tea", confirmed: true } });

      // The next thread is interrupted here, and resumed by a new runtime and graph.
      const next = await orderAgent(runtime, saver, "ask");
      interruptOf(await next.invoke({ messages: [new HumanMessage("order tea")] }, { configurable: { thread_id: `${kind}-modern-restart` } }));
    } finally {
      await runtime.close();
    }
    const restarted = make();
    try {
      const agent = await orderAgent(restarted, restored(saver), "finish");
      const done = await agent.invoke(new Command({ resume: { action: "accept", content: { confirm: false } } satisfies ElicitationResume }), { configurable: { thread_id: `${kind}-modern-restart` } });
      expect(orderResult(done.messages as BaseMessage[])).toMatchObject({ structuredContent: { item: "tea", confirmed: false } });
      expect((done.messages as BaseMessage[]).at(-1)?.text).toBe("Ordered.");
    } finally {
      await restarted.close();
    }
  });
});

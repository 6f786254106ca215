/**
 * The OpenAI Agents SDK target as the SDK is used: `Runner.run()` with a scripted fake model
 * provider calls generated tools against the real notes server over stdio; a tool error comes
 * back to the model through the tool's errorFunction; a destructive tool interrupts the run for
 * approval, approved once and rejected once. Tracing is off: nothing leaves the machine.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { Agent, Runner, Usage, setTracingDisabled, type Model, type ModelProvider, type ModelRequest, type ModelResponse } from "@openai/agents";
import { childPids, NOTES_STDIO } from "../helpers/servers.js";
import { generateNotes } from "./generated.js";
import type { AgentsTool } from "../../runtime/src/openai-agents.js";

setTracingDisabled(true);

type Step = { name: string; args: unknown } | { text: string };

/** A provider whose model plays `steps` in order, and remembers every request. */
function scripted(steps: Step[]): ModelProvider & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  let turn = 0;
  const model: Model = {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      requests.push(request);
      const step = steps[Math.min(turn++, steps.length - 1)]!;
      const output =
        "text" in step
          ? [{ type: "message" as const, role: "assistant" as const, status: "completed" as const, content: [{ type: "output_text" as const, text: step.text }] }]
          : [{ type: "function_call" as const, callId: `call-${turn}`, name: step.name, arguments: JSON.stringify(step.args), status: "completed" as const }];
      return { usage: new Usage(), output, responseId: `r${turn}` };
    },
    getStreamedResponse() {
      throw new Error("not streamed");
    },
  };
  return { requests, getModel: () => model };
}

const before = new Set(childPids());
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let mcp: any;

beforeAll(async () => {
  const dir = await generateNotes("agents", { targets: ["openai-agents"], approval: { destructive: true }, modelSchema: "openai-strict" });
  const generated = await import(`${dir}/index.ts`);
  mcp = generated.createClient({ servers: { notes: NOTES_STDIO } });
});

afterAll(async () => {
  await mcp?.close();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

describe("OpenAI Agents SDK target", () => {
  it("runs an agent whose tool calls reach the real server; a tool error goes back to the model", async () => {
    const tools: AgentsTool[] = await mcp.getAgentsTools();
    expect(tools.map((tool) => [tool.name, tool.strict]).sort()).toEqual([["delete_note", true], ["read_note", true], ["snapshot_note", true], ["write_note", true]]);
    // The strict projection: every property required, the optional one nullable, objects closed.
    const write = tools.find((tool) => tool.name === "write_note")!;
    expect(write.parameters).toMatchObject({ required: ["tags", "text", "title"], additionalProperties: false });
    const provider = scripted([{ name: "read_note", args: { title: "welcome" } }, { name: "read_note", args: { title: "missing" } }, { text: "done" }]);
    const agent = new Agent({ name: "notes", instructions: "Use the notes tools.", tools, model: "fake" });
    const result = await new Runner({ modelProvider: provider, tracingDisabled: true }).run(agent, "read the welcome note");
    expect(result.finalOutput).toBe("done");
    const seen = JSON.stringify(provider.requests[1]!.input);
    expect(seen).toContain("Hello from the notes server.");
    expect(JSON.stringify(provider.requests[2]!.input)).toContain('no note titled \\"missing\\"');
  });

  it("interrupts for a tool that needs approval: approved it runs (nulls mapped back), rejected it does not", async () => {
    const tools: AgentsTool[] = await mcp.getAgentsTools();
    const provider = scripted([{ name: "write_note", args: { title: "a", text: "b", tags: null } }, { text: "written" }]);
    const agent = new Agent({ name: "notes", tools, model: "fake" });
    const runner = new Runner({ modelProvider: provider, tracingDisabled: true });
    const first = await runner.run(agent, "write");
    expect(first.interruptions.map((item) => item.name)).toEqual(["write_note"]);
    first.state.approve(first.interruptions[0]!);
    const approved = await runner.run(agent, first.state);
    expect(approved.finalOutput).toBe("written");
    expect((await mcp.notes.readNote({ title: "a" })).structuredContent.text).toBe("b");

    const denyProvider = scripted([{ name: "delete_note", args: { title: "welcome" } }, { text: "kept" }]);
    const denying = new Runner({ modelProvider: denyProvider, tracingDisabled: true });
    const asked = await denying.run(agent, "delete");
    expect(asked.interruptions.map((item) => item.name)).toEqual(["delete_note"]);
    asked.state.reject(asked.interruptions[0]!);
    const rejected = await denying.run(agent, asked.state);
    expect(rejected.finalOutput).toBe("kept");
    expect((await mcp.notes.readNote({ title: "welcome" })).structuredContent.text).toBe("Hello from the notes server.");
    // A read-only tool never asks.
    expect(await tools.find((tool) => tool.name === "read_note")!.needsApproval({} as never, { title: "x" } as never, "id")).toBe(false);
  });

  it("types the factory", () => {
    expectTypeOf<AgentsTool>().toHaveProperty("invoke");
  });
});

/**
 * A target not configured adds nothing to the output (no import, no byte): the default and an
 * explicit `targets: ["langchain"]` give the same files, with no trace of the other targets; an
 * AI SDK-only or Agents-only module imports no LangChain package. And the LangChain target's
 * approvals: `interruptOn(tools)` gives `humanInTheLoopMiddleware` its entries under the tools' names.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { NOTES_STDIO } from "../helpers/servers.js";
import { generateNotes } from "./generated.js";
import { interruptOn } from "../../runtime/src/index.js";

function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts")) out[path.relative(dir, full)] = readFileSync(full, "utf8").split("\n").slice(3).join("\n").replace(/\.tmp\/[\w-]+/g, ".tmp/project"); // without the banner's hash line and the temp folder's name
    }
  };
  walk(dir);
  return out;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const clients: any[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe("targets not configured", () => {
  it("add nothing: the default equals targets: [\"langchain\"], and names neither framework", async () => {
    const byDefault = files(await generateNotes("default", {}));
    const explicit = files(await generateNotes("langchain", { targets: ["langchain"] }));
    for (const file of Object.keys(byDefault)) expect(explicit[file], file).toBe(byDefault[file]);
    const text = Object.values(byDefault).join("\n");
    expect(text).not.toMatch(/ai-sdk|AiSdk|openai-agents|AgentsTool/);
  });

  it.each([["ai-sdk"], ["openai-agents"]])("a %s-only module imports no LangChain package", async (target) => {
    const text = Object.values(files(await generateNotes(`only-${target}`, { targets: [target] }))).join("\n");
    expect(text).not.toContain("@langchain/");
    expect(text).not.toContain("DynamicStructuredTool");
    expect(text).toContain(`@mcp-codegen/runtime/${target}`);
  });
});

describe("LangChain approvals", () => {
  it("pauses a destructive tool in humanInTheLoopMiddleware and runs a read-only one", async () => {
    const generated = await import(`${await generateNotes("hitl", { approval: { destructive: true } })}/index.ts`);
    const mcp = generated.createClient({ servers: { notes: NOTES_STDIO } });
    clients.push(mcp);
    const tools = await mcp.getTools();
    expect(interruptOn(tools)).toEqual({ delete_note: true, read_note: false, snapshot_note: false, write_note: true });
    const model = fakeModel()
      .respondWithTools([{ name: "read_note", args: { title: "welcome" }, id: "c1" }])
      .respondWithTools([{ name: "delete_note", args: { title: "welcome" }, id: "c2" }])
      .respond(new AIMessage("done"));
    // langchain's middleware types do not compile under exactOptionalPropertyTypes: the agent is used untyped here.
    const hitl = (entries: Record<string, boolean>) => (humanInTheLoopMiddleware as (options: unknown) => never)({ interruptOn: entries });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const agent: any = createAgent({ model, tools, middleware: [hitl(interruptOn(tools))], checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "t1" } };
    const paused = await agent.invoke({ messages: [{ role: "user", content: "read then delete" }] }, config);
    expect(JSON.stringify(paused.__interrupt__ ?? [])).toContain("delete_note");
    await agent.invoke(new Command({ resume: { decisions: [{ type: "reject", message: "no" }] } }), config);
    expect((await mcp.notes.readNote({ title: "welcome" })).structuredContent.text).toBe("Hello from the notes server.");
  });
});

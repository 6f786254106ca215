/**
 * No target drops a tool (issue 28 point 5): server `a` lists `rm.rf`, `rm_rf`, `rm-rf` and
 * `search`, server `b` lists `search` (the hostile-names server over stdio, `clashes` and `search`
 * modes). One naming pass decides every target's names: `rm_rf` keeps its name, `rm.rf` (also
 * `rm_rf` for model providers) becomes `rm_rf_2`, and across servers each `search` gets its
 * server's prefix. `generate` reports each rename once; the generated AI SDK `ToolSet` types
 * declare each name once and agree with the run-time keys (a consumer compiles against them);
 * every tool of every target reaches its own server's own tool.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RunContext } from "@openai/agents";
import { childPids } from "../helpers/servers.js";
import { typecheck } from "../helpers/typecheck.js";
import { generateHostile, hostileServer } from "./generated.js";
import { MultiServerMCPClient } from "../../runtime/src/adapters/compat/index.js";

const before = new Set(childPids());
const servers = { a: hostileServer("clashes", "a"), b: hostileServer("search", "b") };
/** Per model-facing name across both servers: the server and raw tool it must reach. */
const MERGED: Record<string, [server: string, tool: string]> = {
  "rm-rf": ["a", "rm-rf"],
  rm_rf: ["a", "rm_rf"],
  rm_rf_2: ["a", "rm.rf"],
  a__search: ["a", "search"],
  b__search: ["b", "search"],
};
/** The same for the OpenAI Agents target, whose names have no `-`. */
const MERGED_AGENTS: Record<string, [server: string, tool: string]> = {
  rm_rf: ["a", "rm_rf"],
  rm_rf_2: ["a", "rm-rf"],
  rm_rf_3: ["a", "rm.rf"],
  a__search: ["a", "search"],
  b__search: ["b", "search"],
};
let dir: string;
let stderr: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let mcp: any;
const warnings: string[] = [];

beforeAll(async () => {
  ({ dir, stderr } = await generateHostile("hostile-naming", servers));
  const index = await import(`${dir}/index.ts`);
  mcp = index.createClient({ servers, onWarning: (message: string) => warnings.push(message) });
});

afterAll(async () => {
  await mcp?.close();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

function echoOf(output: unknown): { server: string; tool: string } {
  const text = JSON.stringify(output);
  const match = /\{\\"server\\":\\"(\w+)\\",\\"tool\\":\\"([^\\]+)\\"/.exec(text) ?? /\{"server":"(\w+)","tool":"([^"]+)"/.exec(text);
  if (!match) throw new Error(`no echo in ${text}`);
  return { server: match[1]!, tool: match[2]! };
}

describe("tools whose names clash once made safe, on one server and across two", () => {
  it("generate reports each renamed tool once", () => {
    const count = (text: string) => stderr.split(text).length - 1;
    expect(count('tool "a/rm.rf": model-facing name rm_rf_2 in every target ("rm.rf" and "rm_rf" are both "rm_rf" for model providers)')).toBe(1);
    expect(count('tool "a/search": model-facing name a__search among every server\'s tools')).toBe(1);
    expect(count('tool "b/search": model-facing name b__search among every server\'s tools')).toBe(1);
    expect(count('tool "a/rm-rf": OpenAI Agents name rm_rf_2')).toBe(1);
    expect(count('tool "a/rm.rf": OpenAI Agents name rm_rf_3')).toBe(1);
    expect(count("model-facing name") + count("OpenAI Agents name")).toBe(5);
  });

  it("the generated ToolSet types declare each name once and match the run-time keys", () => {
    const consumer = path.join(dir, "..", "consumer.ts");
    writeFileSync(
      consumer,
      `import { createClient } from "./generated/index.js";
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const mcp = createClient();
const a = await mcp.a.getAiSdkTools();
const all = await mcp.getAiSdkTools();
export const own: Exactly<keyof typeof a, "rm-rf" | "rm_rf" | "rm_rf_2" | "search"> = true;
export const merged: Exactly<keyof typeof all, ${Object.keys(MERGED).map((name) => JSON.stringify(name)).join(" | ")}> = true;
`,
    );
    expect(typecheck([consumer])).toEqual([]);
  }, 120_000);

  it("typed client: each method reaches its own tool", async () => {
    expect(echoOf(await mcp.a.rmRf({ path: "x" }))).toEqual({ server: "a", tool: "rm-rf" });
    expect(echoOf(await mcp.a.rmRf2({ path: "x" }))).toEqual({ server: "a", tool: "rm.rf" });
    expect(echoOf(await mcp.a.rmRf3({ path: "x" }))).toEqual({ server: "a", tool: "rm_rf" });
    expect(echoOf(await mcp.b.search({ path: "x" }))).toEqual({ server: "b", tool: "search" });
  });

  it("AI SDK: one server's set and the merged set hold every tool under its own key", async () => {
    const own = await mcp.a.getAiSdkTools();
    expect(Object.keys(own).sort()).toEqual(["rm-rf", "rm_rf", "rm_rf_2", "search"]);
    const all = await mcp.getAiSdkTools();
    expect(Object.keys(all).sort()).toEqual(Object.keys(MERGED).sort());
    for (const [name, [server, tool]] of Object.entries(MERGED)) {
      expect(echoOf(await all[name].execute({ path: "x" }, { toolCallId: name, messages: [] })), name).toEqual({ server, tool });
    }
  });

  it("LangChain: every tool under its own name, each reaching its own tool", async () => {
    const tools = await mcp.getTools();
    expect(tools.map((tool: { name: string }) => tool.name).sort()).toEqual(Object.keys(MERGED).sort());
    for (const tool of tools) expect(echoOf(await tool.invoke({ path: "x" })), tool.name).toEqual({ server: MERGED[tool.name]![0], tool: MERGED[tool.name]![1] });
  });

  it("OpenAI Agents (whose SDK turns `-` into `_`): every tool under its own name, each reaching its own tool", async () => {
    const own = await mcp.a.getAgentsTools();
    expect(own.map((tool: { name: string }) => tool.name).sort()).toEqual(["rm_rf", "rm_rf_2", "rm_rf_3", "search"]);
    const tools = await mcp.getAgentsTools();
    expect(tools.map((tool: { name: string }) => tool.name).sort()).toEqual(Object.keys(MERGED_AGENTS).sort());
    for (const tool of tools) {
      const [server, raw] = MERGED_AGENTS[tool.name]!;
      expect(echoOf(await tool.invoke(new RunContext(), JSON.stringify({ path: "x" }))), tool.name).toEqual({ server, tool: raw });
    }
  });
});

describe("the compat MultiServerMCPClient", () => {
  it("keeps the peer's names where providers accept them, and names the rest safely, with a warning", async () => {
    const compatWarnings: string[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((message: unknown) => void compatWarnings.push(String(message)));
    const compat = new MultiServerMCPClient({ mcpServers: { a: { transport: "stdio", command: servers.a.command, args: servers.a.args } }, prefixToolNameWithServerName: false });
    try {
      const tools = await compat.getTools();
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      // The peer would name the second tool "rm.rf", which model providers refuse (and with it every request of the agent).
      expect([...byName.keys()].sort()).toEqual(["rm-rf", "rm_rf", "rm_rf_2", "search"]);
      for (const [name, tool] of [["rm-rf", "rm-rf"], ["rm_rf", "rm_rf"], ["rm_rf_2", "rm.rf"], ["search", "search"]] as const) {
        expect(echoOf(await byName.get(name)!.invoke({ path: "x" })), name).toEqual({ server: "a", tool });
      }
      expect(compatWarnings).toEqual(['server "a": LangChain tool "rm.rf" is named "rm_rf_2" ("rm.rf" and "rm_rf" are both "rm_rf" for model providers)']);
    } finally {
      warn.mockRestore();
      await compat.close();
    }
  });
});


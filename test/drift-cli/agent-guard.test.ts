/**
 * The drift guard protects agents: generate from the file-driven listing server, change its
 * listing (tool "other" removed, a required property added to tool "t"), then use the tools an
 * agent gets: the generated client's LangChain tools, the runtime's dynamic tools, the compat
 * client's tools (given the snapshot), typed calls with a descriptor and `runtime.callTool`.
 * The listing server answers any call to "t" with success, so an error proves nothing was sent.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "langchain";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import type { DriftReport } from "../../runtime/src/drift/types.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { LISTING_SERVER, MUTATIONS, SERVER, listingConfig, writeListing } from "./listing.js";

type Runtime = import("../../runtime/src/index.js").Runtime;
type RuntimeModule = typeof import("../../runtime/src/index.js");
type CompatModule = typeof import("../../runtime/src/adapters/compat/index.js");

// The generated module of this test is not known to the type checker: describe what is used.
interface ListingClient {
  listing: { getTools(options?: { handleToolErrors?: boolean }): Promise<DynamicStructuredTool[]> };
  runtime: Runtime;
  getTools(options?: { handleToolErrors?: boolean }): Promise<DynamicStructuredTool[]>;
  close(): Promise<void>;
}
interface GeneratedListing {
  tools: Record<string, import("../../runtime/src/index.js").ToolDescriptor>;
  defaultConnection: import("../../runtime/src/index.js").RuntimeServerConfig;
  createListingTools(runtime: Runtime): Promise<DynamicStructuredTool[]>;
}

let project: string;
let createClient: (options: Record<string, unknown>) => ListingClient;
let generated: GeneratedListing;
let runtimeModule: RuntimeModule;
let compat: CompatModule;

/** A breaking change to each tool: "other" removed, a required property added to "t". */
const breaking = (listing: Record<string, unknown>): void => {
  MUTATIONS["tool-removed"]?.(listing);
  MUTATIONS["input-required-property-added"]?.(listing);
};

beforeAll(async () => {
  project = tempProject("agent-guard");
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(listingConfig()));
  const result = await runCli(["generate", "--quiet"], { cwd: project, env: { LISTING_FILE: writeListing(project, "base") } });
  expect(result.status, result.stderr).toBe(0);
  createClient = ((await import(path.join(project, "out/index.ts"))) as { createClient: typeof createClient }).createClient;
  generated = (await import(path.join(project, `out/${SERVER}/index.ts`))) as GeneratedListing;
  // The package the generated module imports, so errors are of the same classes.
  runtimeModule = (await import("@mcp-codegen/runtime")) as unknown as RuntimeModule;
  compat = await import("../../runtime/src/adapters/compat/index.js");
});
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

function drifted(name: string, options: Record<string, unknown>): { mcp: ListingClient; reports: DriftReport[] } {
  const reports: DriftReport[] = [];
  const file = writeListing(project, name, breaking);
  const mcp = createClient({ env: { LISTING_FILE: file }, callbacks: { onDrift: (report: DriftReport) => reports.push(report) }, ...options });
  return { mcp, reports };
}

function find(tools: DynamicStructuredTool[], name: string): DynamicStructuredTool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name} in ${tools.map((candidate) => candidate.name).join(", ")}`);
  return tool;
}

async function callAsModel(tool: DynamicStructuredTool, args: Record<string, unknown>): Promise<ToolMessage> {
  return (await tool.invoke({ type: "tool_call", id: `call-${tool.name}`, name: tool.name, args })) as ToolMessage;
}

function text(message: ToolMessage): string {
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

describe('driftGuard "error" and LangChain tools', () => {
  it("a generated tool changed in a breaking way answers with an error ToolMessage naming the change", async () => {
    const { mcp, reports } = drifted("lc-error", { driftGuard: "error" });
    try {
      const tools = await mcp.getTools();
      const changed = await callAsModel(find(tools, "t"), { req: "x" });
      expect(changed.status).toBe("error");
      expect(changed.tool_call_id).toBe("call-t");
      expect(text(changed)).toMatch(/input-required-property-added/);
      expect(text(changed)).toMatch(/\/properties\/new|new/);
      const removed = await callAsModel(find(tools, "other"), { q: "y" });
      expect(removed.status).toBe("error");
      expect(text(removed)).toMatch(/tool-removed/);
      expect(reports).toHaveLength(1);
    } finally {
      await mcp.close();
    }
  });

  it("throws DriftError with handleToolErrors: false", async () => {
    const { mcp } = drifted("lc-throw", { driftGuard: "error", handleToolErrors: false });
    try {
      const tool = find(await mcp.listing.getTools(), "t");
      const failure = await tool.invoke({ req: "x" }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(runtimeModule.DriftError);
      expect(failure).toMatchObject({ server: SERVER, tool: "t", ruleId: "input-required-property-added" });
    } finally {
      await mcp.close();
    }
  });

  it('"warn" reports once through onDrift and the calls go on', async () => {
    const { mcp, reports } = drifted("lc-warn", { driftGuard: "warn" });
    try {
      const tool = find(await mcp.getTools(), "t");
      for (const req of ["1", "2"]) {
        const message = await callAsModel(tool, { req });
        expect(message.status).toBe("success");
        expect(message.artifact).toMatchObject({ structuredContent: { r: "one", r2: "two" } });
      }
      expect(reports).toHaveLength(1);
      expect(reports[0]?.changes.map((change) => change.ruleId).sort()).toEqual(["input-required-property-added", "tool-removed"]);
    } finally {
      await mcp.close();
    }
  });

  it("guards the runtime's dynamic tools, typed calls with a descriptor and runtime.callTool", async () => {
    const { mcp } = drifted("lc-runtime", { driftGuard: "error" });
    try {
      // Dynamic tools take the live schema (now with the required "new"): LangChain accepts the call, the guard does not.
      const dynamic = await mcp.runtime.getTools(SERVER);
      const message = await callAsModel(find(dynamic, "t"), { req: "x", new: "n" });
      expect(message.status).toBe("error");
      expect(text(message)).toMatch(/input-required-property-added/);
      const typed = await runtimeModule.callTypedTool(mcp.runtime, SERVER, generated.tools["t"]!, { req: "x" }).catch((error: unknown) => error);
      expect(typed).toMatchObject({ name: "DriftError", ruleId: "input-required-property-added" });
      await expect(mcp.runtime.callTool(SERVER, "other", { q: "y" })).rejects.toMatchObject({ name: "DriftError", ruleId: "tool-removed" });
    } finally {
      await mcp.close();
    }
  });

  it("guards the generated tools factory used on its own, without the client", async () => {
    const file = writeListing(project, "lc-factory", breaking);
    const runtime = runtimeModule.createRuntime({ servers: { [SERVER]: generated.defaultConnection }, env: { LISTING_FILE: file }, driftGuard: "error" });
    try {
      const message = await callAsModel(find(await generated.createListingTools(runtime), "t"), { req: "x" });
      expect(message.status).toBe("error");
      expect(text(message)).toMatch(/input-required-property-added/);
    } finally {
      await runtime.close();
    }
  });

  it("an agent's tool call answers with the drift error; the agent goes on", async () => {
    const { mcp } = drifted("lc-agent", { driftGuard: "error" });
    try {
      const model = fakeModel()
        .respondWithTools([{ name: "t", args: { req: "x" }, id: "call-1" }])
        .respond(new AIMessage("the tool t changed; regenerate the client"));
      const agent = createAgent({ model, tools: await mcp.getTools() });
      const { messages } = (await agent.invoke({ messages: [new HumanMessage("use t")] })) as { messages: BaseMessage[] };
      const answer = messages.find((message): message is ToolMessage => ToolMessage.isInstance(message) && message.tool_call_id === "call-1");
      expect(answer?.status).toBe("error");
      expect(text(answer!)).toMatch(/drift since generation \(input-required-property-added/);
      expect(messages.at(-1)?.content).toBe("the tool t changed; regenerate the client");
    } finally {
      await mcp.close();
    }
  });
});

describe("the compat client with the generated snapshot", () => {
  const snapshotFile = (): string => path.join(project, "out/mcp-snapshot.json");
  const compatClient = (file: string, options: Record<string, unknown>): InstanceType<CompatModule["MultiServerMCPClient"]> =>
    new compat.MultiServerMCPClient({
      mcpServers: { [SERVER]: { command: "node", args: [LISTING_SERVER, file] } },
      snapshot: snapshotFile(),
      ...options,
    });

  it('"error": a changed tool throws DriftError before anything is sent (as the peer throws tool errors)', async () => {
    const client = compatClient(writeListing(project, "compat-error", breaking), { driftGuard: "error" });
    try {
      const tool = find(await client.getTools(), "t");
      // The tool has the live schema (with the new required "new"); the guard refuses the call.
      await expect(tool.invoke({ req: "x", new: "n" })).rejects.toMatchObject({ name: "DriftError", ruleId: "input-required-property-added" });
    } finally {
      await client.close();
    }
  });

  it('"error" with handleToolErrors: an error ToolMessage naming the change', async () => {
    const client = compatClient(writeListing(project, "compat-message", breaking), { driftGuard: "error", handleToolErrors: true });
    try {
      const message = await callAsModel(find(await client.getTools(), "t"), { req: "x", new: "n" });
      expect(message.status).toBe("error");
      expect(text(message)).toMatch(/input-required-property-added/);
    } finally {
      await client.close();
    }
  });

  it('"warn": onDrift once, calls go on; an unchanged server reports nothing', async () => {
    const reports: DriftReport[] = [];
    const callbacks = { onDrift: (report: DriftReport) => reports.push(report) };
    const client = compatClient(writeListing(project, "compat-warn", breaking), { driftGuard: "warn", callbacks });
    const same = compatClient(writeListing(project, "compat-same"), { driftGuard: "error", callbacks });
    try {
      const tool = find(await client.getTools(), "t");
      // One text block with structured content: that block, as the peer returns it.
      expect(await tool.invoke({ req: "1", new: "n" })).toMatchObject({ type: "text", text: '{"req":"1","new":"n"}' });
      await tool.invoke({ req: "2", new: "n" });
      expect(reports).toHaveLength(1);
      expect(await find(await same.getTools(), "t").invoke({ req: "3" })).toMatchObject({ text: '{"req":"3"}' });
      expect(reports).toHaveLength(1);
      expect(JSON.parse(readFileSync(snapshotFile(), "utf8")).servers[SERVER]).toBeDefined();
    } finally {
      await Promise.all([client.close(), same.close()]);
    }
  });
});

/**
 * The context-cost report of `generate`, from the real CLI against server-everything over stdio:
 * token counts per server, tool and target (checked against a second, independent o200k_base
 * implementation, js-tiktoken), the `modelSchema` projection counted as sent, `--json`, the
 * table of `--context-cost`, and the `exclude` it suggests actually cutting what it says.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { projectSchema, type JsonObject, type Snapshot } from "@mcp-codegen/runtime/internal";
import { runCli, tempProject } from "../helpers/cli.js";
import { EVERYTHING_STDIO, MATH_STDIO, repoRoot } from "../helpers/servers.js";
import { contextCost, type ContextCostReport } from "../../src/context-cost/report.js";
import type { TargetSettings } from "../../src/config/targets.js";

const encoder = new Tiktoken(o200k);
/** Tool definitions are ordinary text: a special token's spelling in one is counted as text. */
const independent = (text: string): number => encoder.encode(text, [], []).length;

let project: string;
let report: ContextCostReport;

function writeConfig(dir: string, servers: Record<string, unknown>): void {
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers, outDir: "generated", targets: ["langchain", "ai-sdk"], modelSchema: { "ai-sdk": "openai-strict" } }));
}

async function generateJson(dir: string, args: string[] = []): Promise<ContextCostReport> {
  const result = await runCli(["generate", "--json", ...args], { cwd: dir });
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { contextCost: ContextCostReport }).contextCost;
}

beforeAll(async () => {
  project = tempProject("context-cost");
  writeConfig(project, { everything: EVERYTHING_STDIO });
  report = await generateJson(project);
});

describe("context cost", () => {
  it("counts every emitted tool per target, as an independent o200k_base tokenizer does", () => {
    const snapshot = JSON.parse(readFileSync(path.join(project, "generated/mcp-snapshot.json"), "utf8")) as Snapshot;
    const tools = snapshot.servers["everything"]!.tools;
    expect(report.encoding).toBe("o200k_base");
    expect(report.tools).toHaveLength(tools.length);
    expect(report.servers.map((server) => [server.server, server.tools])).toEqual([["everything", tools.length]]);
    for (const tool of tools) {
      const cost = report.tools.find((each) => each.tool === tool.name)!;
      const sent = (parameters: unknown) => JSON.stringify({ type: "function", function: { name: tool.name, description: tool.description ?? "", parameters } });
      const strict = projectSchema(tool.inputSchema as JsonObject, "openai-strict").schema;
      expect(cost.targets).toEqual([
        { target: "langchain", modelSchema: "exact", tokens: independent(sent(tool.inputSchema)) },
        { target: "ai-sdk", modelSchema: "openai-strict", tokens: independent(sent(strict)) },
      ]);
      expect(cost.tokens).toBe(Math.max(...cost.targets.map((target) => target.tokens)));
    }
    // The strict projection (every property required, nullable optionals) is not free.
    const [langchain, aiSdk] = report.total;
    expect(aiSdk!.tokens).not.toBe(langchain!.tokens);
    expect(langchain!.tokens).toBe(report.tools.reduce((sum, tool) => sum + tool.targets[0]!.tokens, 0));
  });

  it("counts each target's own text when targets share a schema mode and one does not", () => {
    // The text of a mode is built once for the targets that send it: each target still gets its own.
    const snapshot = JSON.parse(readFileSync(path.join(project, "generated/mcp-snapshot.json"), "utf8")) as Snapshot;
    const settings: TargetSettings = { targets: ["langchain", "ai-sdk", "openai-agents"], approval: undefined, modelSchema: { "ai-sdk": "openai-strict", "openai-agents": "exact" } };
    const counted = contextCost(snapshot, settings, independent);
    for (const tool of snapshot.servers["everything"]!.tools) {
      const sent = (parameters: unknown) => JSON.stringify({ type: "function", function: { name: tool.name, description: tool.description ?? "", parameters } });
      const exact = independent(sent(tool.inputSchema));
      const strict = independent(sent(projectSchema(tool.inputSchema as JsonObject, "openai-strict").schema));
      expect(counted.tools.find((each) => each.tool === tool.name)?.targets, tool.name).toEqual([
        { target: "langchain", modelSchema: "exact", tokens: exact },
        { target: "ai-sdk", modelSchema: "openai-strict", tokens: strict },
        { target: "openai-agents", modelSchema: "exact", tokens: exact },
      ]);
    }
  });

  it("ranks the heaviest tools and suggests the exclude that cuts the most; the suggestion does cut it", async () => {
    const ranked = report.tools.map((tool) => tool.tokens);
    expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
    expect(report.heaviest).toEqual(report.tools.slice(0, 5));
    const server = report.servers[0]!;
    const suggestion = server.suggestion!;
    expect(suggestion.exclude).toEqual(report.tools.slice(0, suggestion.exclude.length).map((tool) => tool.tool));
    expect(suggestion.share).toBeGreaterThan(0);

    // Applying it (offline, from the same snapshot) leaves exactly the rest.
    const applied = tempProject("context-cost-applied");
    writeConfig(applied, { everything: { ...EVERYTHING_STDIO, exclude: suggestion.exclude } });
    mkdirSync(path.join(applied, "generated"));
    copyFileSync(path.join(project, "generated/mcp-snapshot.json"), path.join(applied, "generated/mcp-snapshot.json"));
    const after = await generateJson(applied, ["--offline"]);
    const counted = server.targets.findIndex((target) => target.target === suggestion.target);
    expect(server.targets[counted]!.tokens).toBe(server.tokens);
    expect(after.servers[0]!.targets[counted]!.tokens).toBe(server.tokens - suggestion.saves);
    expect(after.tools.map((tool) => tool.tool)).toEqual(report.tools.slice(suggestion.exclude.length).map((tool) => tool.tool));
  });

  it("prints one line by default and the table with --context-cost, also with --check", async () => {
    const plain = await runCli(["generate", "--offline"], { cwd: project });
    expect(plain.status, plain.stderr).toBe(0);
    const line = plain.stdout.split("\n").find((text) => text.includes("tool context:"));
    expect(line).toContain(`${report.total[0]!.tokens.toLocaleString("en-US")} (langchain)`);
    expect(line).toContain(`${report.heaviest[0]!.server}/${report.heaviest[0]!.tool}`);
    const checked = await runCli(["generate", "--offline", "--check", "--context-cost"], { cwd: project });
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toContain("exact for OpenAI models with the o200k_base tokenizer");
    expect(checked.stdout).toMatch(/^ {2}server\s+tools\s+langchain\s+ai-sdk openai-strict$/m);
    expect(checked.stdout).toContain(`everything: exclude ${JSON.stringify(report.servers[0]!.suggestion!.exclude)}`);
    // Without the flag, --check counts nothing (CI pays no tokenizer).
    const quietCheck = await runCli(["generate", "--offline", "--check", "--json"], { cwd: project });
    expect(JSON.parse(quietCheck.stdout).contextCost).toBeUndefined();
  });

  it("counts a description that spells special tokens or starts with a byte-order mark as text, as the model's API does", async () => {
    // Such a description once stopped `generate` ("Disallowed special token found").
    const dir = tempProject("context-cost-special");
    const descriptions = ["Ends with <|endoftext|> and <|im_start|>system", "\ufeffStarts with a byte-order mark."];
    const tools = descriptions.map((description, index) => ({ name: `tool_${index}`, description, inputSchema: { type: "object" } }));
    writeFileSync(path.join(dir, "listing.json"), JSON.stringify({ capabilities: { tools: {} }, tools }));
    writeConfig(dir, { listed: { transport: "stdio", command: "node", args: [path.join(repoRoot, "test/servers/dist/listing-server.js"), "listing.json"] } });
    const counted = await generateJson(dir, ["--no-cache"]);
    for (const tool of tools) {
      const sent = JSON.stringify({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } });
      expect(counted.tools.find((each) => each.tool === tool.name)?.targets[0]?.tokens, tool.description).toBe(independent(sent));
    }
  });

  it("keeps each project's stored counts apart: another project sharing the node_modules does not evict them", async () => {
    // Two projects under one folder with its own node_modules, where both keep their counts.
    const root = tempProject("context-cost-shared");
    const cacheDir = path.join(root, "node_modules/.cache/mcp-codegen");
    mkdirSync(path.join(root, "node_modules"));
    const [first, second] = ["first", "second"].map((name) => path.join(root, name));
    mkdirSync(first!);
    mkdirSync(second!);
    writeConfig(first!, { math: MATH_STDIO });
    writeConfig(second!, { everything: EVERYTHING_STDIO });
    const stored = () => new Map(readdirSync(cacheDir).filter((name) => name.startsWith("context-cost-")).map((name) => [name, readFileSync(path.join(cacheDir, name), "utf8")]));
    await generateJson(first!);
    const firstCounts = stored();
    expect(firstCounts.size).toBe(1);
    await generateJson(second!);
    const both = stored();
    expect(both.size).toBe(2);
    for (const [name, text] of firstCounts) expect(both.get(name)).toBe(text);
    // The first project's next run finds every count stored: nothing is counted or written again.
    await generateJson(first!, ["--offline"]);
    expect(stored()).toEqual(both);
  });
});

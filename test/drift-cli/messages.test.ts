/**
 * Messages that tell the truth (issue 29.5), through the built CLI, offline (`diff` of snapshot
 * files): nothing compared is not "No drift"; `diff` on a missing file says to check the path
 * (not to run generate); `--format github` also writes the markdown report to
 * `$GITHUB_STEP_SUMMARY` when it is set.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";

const tool = (name: string, properties: Record<string, unknown>) => ({ name, inputSchema: { type: "object", properties }, hash: `h-${name}-${Object.keys(properties).join()}` });
const server = (tools: unknown[]) => ({ protocolVersion: "2025-11-25", serverInfo: { name: "s", version: "1" }, capabilities: { tools: {} }, tools, resources: [], resourceTemplates: [], prompts: [], hash: JSON.stringify(tools) });

describe("diff and check messages", () => {
  let dir: string;
  beforeAll(() => {
    dir = tempProject("messages");
    writeFileSync(path.join(dir, "empty.json"), JSON.stringify({ format: 1, servers: {} }));
    writeFileSync(path.join(dir, "old.json"), JSON.stringify({ format: 1, servers: { s: server([tool("t", { a: { type: "string" }, b: { type: "string" } })]) } }));
    writeFileSync(path.join(dir, "new.json"), JSON.stringify({ format: 1, servers: { s: server([tool("t", { a: { type: "string" } })]) } }));
  });

  it("nothing compared says so, in every format, instead of No drift", async () => {
    const text = await runCli(["diff", "empty.json", "empty.json"], { cwd: dir });
    expect(text).toMatchObject({ status: 0, stdout: "Nothing compared: no server to check.\n" });
    const markdown = await runCli(["diff", "empty.json", "empty.json", "--format", "markdown"], { cwd: dir });
    expect(markdown.stdout).toBe("## MCP schema drift\n\nNothing compared: no server to check.\n");
    const github = await runCli(["diff", "empty.json", "empty.json", "--format", "github"], { cwd: dir, env: { GITHUB_STEP_SUMMARY: undefined } });
    expect(github.stdout).toBe("::notice title=MCP drift::Nothing compared: no server to check.\n");
  });

  it("a check that could not compare any server says nothing was compared", async () => {
    const project = tempProject("messages-check");
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { gone: { command: "mcp-codegen-no-such-command" } }, outDir: "out" }));
    const result = await runCli(["check"], { cwd: project });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("Nothing compared: no server could be checked (1 failed).\n");
    expect(result.stdout).not.toContain("No drift");
  });

  it("diff on a missing file names it and says to check the path, not to run generate", async () => {
    const result = await runCli(["diff", "missing.json", "new.json"], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/missing\.json.*file not found \(`diff` compares two existing snapshot files: check the path\)/);
    expect(result.stderr).not.toContain("generate");
  });

  it("--format github writes annotations to stdout and the markdown report to $GITHUB_STEP_SUMMARY", async () => {
    const summary = path.join(dir, "step-summary.md");
    writeFileSync(summary, "earlier step\n");
    const result = await runCli(["diff", "old.json", "new.json", "--format", "github"], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^::error title=MCP drift%3A input-property-removed \(breaking\)::\[s\] tool "t"/);
    const written = readFileSync(summary, "utf8");
    expect(written.startsWith("earlier step\n## MCP schema drift\n")).toBe(true); // appended, as GitHub expects
    expect(written).toContain('| 🔴 breaking | `input-property-removed` | tool "t" | /inputSchema/properties/b | Input property "b" was removed |');
  });
});

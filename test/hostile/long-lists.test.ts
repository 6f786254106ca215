/**
 * Lists as long as a hostile server makes them: a description of 200,000 lines, a page of
 * 200,000 items, 200,000 tools removed at once, 200,000 findings in one string. Spreading such a
 * list into a call's arguments throws "Maximum call stack size exceeded" (V8 allows ~130,000);
 * the code appends them with `pushAll` instead, and a scan of the sources keeps it so.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalFileText } from "../../runtime/src/shared/canonical-json.js";
import { collectPages } from "../../runtime/src/connection/listing.js";
import { diffSnapshots } from "../../runtime/src/drift/diff.js";
import { runAudit } from "../../src/audit/engine.js";
import { contextCost } from "../../src/context-cost/report.js";
import { resolveTargets } from "../../src/config/targets.js";
import { server, snapshot, tool } from "../drift/builder.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { repoRoot } from "../helpers/servers.js";

const LONG = 200_000;

/** Calls that take a list as arguments: each is one argument per item. */
const SPREAD_CALL = /\.(?:push|unshift)\(\s*\.\.\.|Math\.(?:max|min)\([^)]*\.\.\.|String\.fromC(?:harCode|odePoint)\([^)]*\.\.\./;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : file.endsWith(".ts") ? [file] : [];
  });
}

describe("lists of any length", () => {
  it("are never spread into a call's arguments in src/ or runtime/src/", () => {
    const offending = [...sourceFiles(path.join(repoRoot, "src")), ...sourceFiles(path.join(repoRoot, "runtime/src"))].flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (SPREAD_CALL.test(line) ? [`${path.relative(repoRoot, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offending).toEqual([]);
    // The scan sees what it is for.
    for (const line of ["out.push(...items);", "lines.unshift( ...more)", "Math.max(0, ...counts)", "String.fromCodePoint(...codes)"]) expect(SPREAD_CALL.test(line), line).toBe(true);
  });

  it("generate writes a tool whose description has 200,000 lines", async () => {
    const project = tempProject("long-lists");
    mkdirSync(path.join(project, "out"));
    const description = Array.from({ length: LONG }, (_, index) => `line ${index}`).join("\n");
    const listed = snapshot({ s: server({ tools: [tool("t", { type: "object", properties: { p: { type: "string", description } } }, { description })] }) });
    writeFileSync(path.join(project, "out/mcp-snapshot.json"), canonicalFileText(listed));
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { s: { transport: "stdio", command: "unused" } }, outDir: "out" }));
    const result = await runCli(["generate", "--offline", "--no-cache"], { cwd: project });
    expect(result.stderr).not.toContain("Maximum call stack size");
    expect(result.status).toBe(0);
    const types = readFileSync(path.join(project, "out/s/types.ts"), "utf8");
    expect(types).toContain(` * line ${LONG - 1}\n`);
  });

  it("a page of 200,000 items is collected", async () => {
    const items = await collectPages("s", "tools", async () => ({ items: Array.from({ length: LONG }, (_, index) => index) }));
    expect(items.length).toBe(LONG);
  });

  it("200,000 tools removed at once are 200,000 drift changes", () => {
    const many = server({ tools: Array.from({ length: LONG }, (_, index) => tool(`t${index}`)) });
    const report = diffSnapshots(snapshot({ s: many }), snapshot({ s: server() }));
    expect(report.changes.length).toBe(LONG);
  });

  it("one string with 200,000 findings of one rule", () => {
    const { findings } = runAudit(snapshot({ s: server({ tools: [tool("t", { type: "object" }, { description: "id_rsa ".repeat(LONG) })] }) }));
    expect(findings.filter((finding) => finding.ruleId === "credential-file-mention").length).toBe(LONG);
  });

  it("the context cost of a server with 200,000 tools", () => {
    const many = server({ tools: Array.from({ length: LONG }, (_, index) => tool(`t${index}`)) });
    const report = contextCost(snapshot({ s: many }), resolveTargets({}), () => 1);
    expect(report.tools.length).toBe(LONG);
    expect(report.servers[0]?.tokens).toBe(LONG);
  });
});

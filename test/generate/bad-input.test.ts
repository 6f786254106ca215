/**
 * Bad input: every failure exits 2 with one line naming what is at fault, and leaves the
 * existing snapshot and generated files exactly as they were.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { runCli, tempProject, treeHashes } from "../helpers/cli.js";

const HANG_MARKER = `mcp-codegen-hang-${process.pid}`;

/** A project holding a copy of generated-example (snapshot + modules) and a broken config. */
function projectWith(servers: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const project = tempProject("bad");
  cpSync(path.join(repoRoot, "generated-example"), path.join(project, "generated-example"), { recursive: true });
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers, outDir: "generated-example", ...extra }));
  return project;
}

async function expectCleanFailure(project: string, pattern: RegExp, env: Record<string, string | undefined> = {}) {
  const before = treeHashes(path.join(project, "generated-example"));
  const result = await runCli(["generate"], { cwd: project, env });
  expect(result.status).toBe(2);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(treeHashes(path.join(project, "generated-example"))).toEqual(before);
  return lines[0] ?? "";
}

describe("generate with bad input", () => {
  beforeAll(() => {
    expect(readdirSync(path.join(repoRoot, "generated-example"))).toContain("mcp-snapshot.json");
  });

  it("unknown transport", async () => {
    const project = projectWith({ math: { transport: "carrier-pigeon", command: "node" } });
    await expectCleanFailure(project, /servers\.math\.transport.*unknown transport/);
  });

  it("missing command", async () => {
    const project = projectWith({ math: { transport: "stdio", args: ["x.js"] } });
    await expectCleanFailure(project, /servers\.math\.command/);
  });

  it("missing environment variable, named without any value", async () => {
    const project = projectWith({
      weather: { transport: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer ${MCP_CODEGEN_TEST_TOKEN}" } },
    });
    const line = await expectCleanFailure(project, /server "weather".*MCP_CODEGEN_TEST_TOKEN is not set/, { MCP_CODEGEN_TEST_TOKEN: undefined });
    expect(line).not.toContain("Bearer");
  });

  it("a literal secret in auth is refused before anything runs, naming the key, not the value", async () => {
    const project = projectWith({
      weather: { transport: "http", url: "http://127.0.0.1:9/mcp", auth: { type: "client_credentials", clientId: "ci", clientSecret: "literal-secret-value" } },
    });
    const line = await expectCleanFailure(project, /servers\.weather\.auth\.clientSecret: write the secret as a \$\{VAR\} placeholder/);
    expect(line).not.toContain("literal-secret-value");
  });

  it("a server that fails to start", async () => {
    const project = projectWith({ math: { transport: "stdio", command: "node", args: ["does-not-exist.js"] } });
    await expectCleanFailure(project, /server "math"/);
  });

  it("a server that hangs, and its process does not outlive the generator", async () => {
    const hang = `setInterval(() => {}, 1000); // ${HANG_MARKER}`;
    const project = projectWith({ math: { transport: "stdio", command: "node", args: ["-e", hang], timeout: 1500 } });
    await expectCleanFailure(project, /server "math".*no answer within 1500 ms/);
    expect(processesWith(HANG_MARKER)).toEqual([]);
  });

  it("a secret never reaches the error line", async () => {
    const secret = "s3cr3t-value-that-must-not-leak";
    const project = projectWith({
      math: { transport: "stdio", command: "node", args: ["-e", "console.error(process.argv[1]); process.exit(3)", "${MCP_CODEGEN_SECRET}"] },
    });
    const line = await expectCleanFailure(project, /server "math"/, { MCP_CODEGEN_SECRET: secret });
    expect(line).not.toContain(secret);
  });
});

function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(marker)) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

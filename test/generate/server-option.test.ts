/**
 * `generate --server` on a project with no snapshot yet (issue 29.2): the named servers are
 * captured and generated, the index holds only what the snapshot holds, the other servers are
 * never contacted (their command would fail the run, or leave a mark), and a later `--server`
 * adds to the snapshot without contacting the first again. Real SDK 1.x stdio servers.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");

const listing = (tool: string) => ({ capabilities: { tools: {} }, tools: [{ name: tool, inputSchema: { type: "object", properties: {} } }] });

describe("generate --server on a new project", () => {
  let dir: string;
  beforeAll(() => {
    dir = tempProject("server-option");
    writeFileSync(path.join(dir, "alpha.json"), JSON.stringify(listing("alpha_tool")));
    writeFileSync(path.join(dir, "beta.json"), JSON.stringify(listing("beta_tool")));
    // Started, "gamma" would write a file; it must never be started.
    const gamma = { transport: "stdio", command: "node", args: ["-e", "require('fs').writeFileSync('gamma-started', ''); process.exit(1)"] };
    const servers = {
      alpha: { transport: "stdio", command: "node", args: [LISTING_SERVER, "alpha.json"] },
      beta: { transport: "stdio", command: "node", args: [LISTING_SERVER, "beta.json"] },
      gamma,
    };
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers, outDir: "out" }));
  });

  it("generates only the named server; the index and snapshot hold only it; the others are not started", async () => {
    const result = await runCli(["generate", "--server", "alpha"], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    const snapshot = JSON.parse(readFileSync(path.join(dir, "out/mcp-snapshot.json"), "utf8"));
    expect(Object.keys(snapshot.servers)).toEqual(["alpha"]);
    const index = readFileSync(path.join(dir, "out/index.ts"), "utf8");
    expect(index).toContain("alpha");
    expect(index).not.toContain("beta");
    expect(index).not.toContain("gamma");
    expect(existsSync(path.join(dir, "out/alpha/index.ts"))).toBe(true);
    expect(existsSync(path.join(dir, "out/beta"))).toBe(false);
    expect(existsSync(path.join(dir, "gamma-started"))).toBe(false);
  });

  it("a later --server adds to it, keeping the first as committed (not contacted again)", async () => {
    // Were alpha captured again, its new tool would show.
    writeFileSync(path.join(dir, "alpha.json"), JSON.stringify(listing("alpha_changed")));
    const result = await runCli(["generate", "--server", "beta"], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    const snapshot = JSON.parse(readFileSync(path.join(dir, "out/mcp-snapshot.json"), "utf8"));
    expect(Object.keys(snapshot.servers)).toEqual(["alpha", "beta"]);
    expect(snapshot.servers.alpha.tools.map((tool: { name: string }) => tool.name)).toEqual(["alpha_tool"]);
    const index = readFileSync(path.join(dir, "out/index.ts"), "utf8");
    expect(index).toContain("beta");
    expect(index).not.toContain("gamma");
    expect(existsSync(path.join(dir, "gamma-started"))).toBe(false);
  });
});

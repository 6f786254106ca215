/**
 * What `generate` prints, through the built CLI: per-server lines and totals, `--quiet`,
 * `--json`; every failing server with its cause in one run (exit 2); every config problem;
 * usage errors exit 2.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";
import { MATH_STDIO, repoRoot } from "../helpers/servers.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");

/** An HTTP server that answers everything with 401, and a port nothing listens on. */
let unauthorized: Server;
let closedPort: number;
beforeAll(async () => {
  unauthorized = createServer((_req, res) => res.writeHead(401, { "content-type": "text/plain" }).end("no"));
  await new Promise<void>((resolve) => unauthorized.listen(0, "127.0.0.1", resolve));
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => new Promise((resolve) => unauthorized.close(resolve)));

function project(config: unknown): string {
  const dir = tempProject("cli-output");
  writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify(config));
  return dir;
}

describe("generate output", () => {
  it("prints a line per server and the totals; --quiet prints nothing; --json the report", async () => {
    const dir = project({ servers: { math: MATH_STDIO }, outDir: "gen" });
    const plain = await runCli(["generate"], { cwd: dir, env: { CI: "1" } });
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/^✔ math: 4 tools, 4 resources, 1 template, 1 prompt \(\d+(\.\d)? m?s\)$/m);
    expect(plain.stdout).toMatch(/^✔ 1 server \(4 tools, 4 resources, 1 template, 1 prompt\) → gen\/: \d+ changed, \d+ unchanged, in .+ \(online\)\.$/m);
    expect(plain.stdout).not.toMatch(/\u001b\[/); // no colour in a pipe

    const quiet = await runCli(["generate", "--quiet"], { cwd: dir });
    expect(quiet).toMatchObject({ status: 0, stdout: "", stderr: "" });

    const json = await runCli(["generate", "--json"], { cwd: dir });
    expect(json.status).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ version: 1, ok: true, mode: "online", outDir: "gen", servers: [{ name: "math", source: "live", tools: 4, resources: 4, resourceTemplates: 1, prompts: 1, warnings: 0 }] });
    expect(report.servers[0].ms).toBeGreaterThan(0);
    expect(report.files.every((file: { status: string }) => file.status === "unchanged")).toBe(true);
  });

  it("reports every failing server with its cause in one run, and exits 2", async () => {
    const unauthorizedUrl = `http://127.0.0.1:${(unauthorized.address() as AddressInfo).port}/mcp`;
    const dir = project({
      servers: {
        refused: { url: `http://127.0.0.1:${closedPort}/mcp` },
        // The SDK's SSE transport keeps only the network error's text: the code is read from it.
        sse: { transport: "sse", url: `http://127.0.0.1:${closedPort}/sse` },
        blocked: { url: "http://127.0.0.1:1/mcp" },
        missing: { command: "no-such-mcp-server-command" },
        locked: { url: unauthorizedUrl, headers: { Authorization: "Bearer ${SECRET_TOKEN}" } },
        nowhere: { url: "http://nothing.invalid/mcp" },
        notls: { url: `https://127.0.0.1:${(unauthorized.address() as AddressInfo).port}/mcp` },
        math: MATH_STDIO,
      },
    });
    const result = await runCli(["generate"], { cwd: dir, env: { CI: "1", SECRET_TOKEN: "very-secret-value-123" } });
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toEqual([
      `mcp-codegen: server "blocked": cannot capture: port 1 is blocked by fetch (a "bad port" in the Fetch standard): use another port`,
      `mcp-codegen: server "locked": cannot capture: HTTP 401 from ${unauthorizedUrl}: no (unauthorized: check the Authorization header or the server's auth)`,
      `mcp-codegen: server "missing": cannot capture: command not found: no-such-mcp-server-command`,
      expect.stringMatching(/^mcp-codegen: server "notls": cannot capture: TLS error from 127\.0\.0\.1:\d+: /),
      `mcp-codegen: server "nowhere": cannot capture: DNS lookup failed for nothing.invalid` + (lines[4]?.endsWith("(temporary failure)") ? " (temporary failure)" : ""),
      `mcp-codegen: server "refused": cannot capture: connection refused 127.0.0.1:${closedPort}`,
      `mcp-codegen: server "sse": cannot capture: connection refused 127.0.0.1:${closedPort}`,
    ]);
    expect(result.stdout + result.stderr).not.toContain("very-secret-value-123");
    expect(result.stdout).toMatch(/^✔ math: /m); // the good server was captured all the same

    const json = await runCli(["generate", "--json"], { cwd: dir, env: { SECRET_TOKEN: "x" } });
    expect(json.status).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ version: 1, ok: false, errors: expect.arrayContaining([{ message: expect.stringMatching(/^server "missing": .*command not found/) }]) });
  });

  it("reports a schema warning on every run (written, current, --no-cache, --json), each server's line once", async () => {
    const dir = tempProject("cli-warnings");
    const listing = { capabilities: { tools: {} }, tools: [{ name: "t", inputSchema: { type: "object", properties: { x: { type: "string", not: { const: "a" } } } } }] };
    writeFileSync(path.join(dir, "listing.json"), JSON.stringify(listing));
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { listing: { command: "node", args: [LISTING_SERVER, "listing.json"] } }, outDir: "gen" }));
    const warning = 'warning: tool "listing/t" /inputSchema/properties/x/not: not is not expressed in the TS type (the Zod schema checks it at run time) [keyword-not-in-type]';
    for (const args of [["generate"], ["generate"], ["generate", "--no-cache"], ["generate", "--offline"]]) {
      const result = await runCli(args, { cwd: dir, env: { CI: "1" } });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr.trim().split("\n"), args.join(" ")).toEqual([warning]);
      expect(result.stdout.match(/^✔ listing: /gm), result.stdout).toHaveLength(1);
      expect(result.stdout).toMatch(/1 warning\) → gen\//);
    }
    const json = await runCli(["generate", "--json", "--no-cache"], { cwd: dir });
    const report = JSON.parse(json.stdout);
    expect(report.servers[0].warnings).toBe(1);
    expect(report.warnings).toEqual([{ rule: "keyword-not-in-type", subject: 'tool "listing/t"', pointer: "/inputSchema/properties/x/not", message: expect.stringMatching(/^not is not expressed/) }]);
  });

  it("lists every config problem with its key path and a suggestion for typos", async () => {
    const dir = project({ servers: { math: { transport: "stdio", comand: "node" }, web: { url: 3 } }, outdir: "gen" });
    const result = await runCli(["generate"], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toEqual([
      'mcp-codegen: codegen.config.json: outdir: unknown key (did you mean "outDir"?)',
      'mcp-codegen: codegen.config.json: servers.math.comand: unknown key (did you mean "command"?)',
      "mcp-codegen: codegen.config.json: servers.math.command: missing (expected string)",
      "mcp-codegen: codegen.config.json: servers.web: cannot tell how to connect: give command (stdio) or url (streamable HTTP, with SSE fallback)",
    ]);
  });

  it("suggests the value or rule id a typo meant, with its key path: transport, drift.accept", async () => {
    const typo = project({ servers: { math: { ...MATH_STDIO, transport: "stdoi" } }, outDir: "gen" });
    const transport = await runCli(["generate"], { cwd: typo });
    expect(transport.status).toBe(2);
    expect(transport.stderr).toBe(
      'mcp-codegen: codegen.config.json: servers.math.transport: unknown transport; expected one of stdio, http, streamable_http, streamable-http, sse (got "stdoi": did you mean "stdio"?)\n',
    );
    const accept = { accept: [{ server: "math", ruleId: "descripton-changed", reason: "reviewed" }] };
    const dir = project({ servers: { math: MATH_STDIO }, outDir: "gen", drift: accept });
    for (const command of ["generate", "check"]) {
      const result = await runCli([command], { cwd: dir });
      expect(result.status, command).toBe(2);
      expect(result.stderr, command).toBe('mcp-codegen: codegen.config.json: drift.accept[0].ruleId: unknown drift rule id "descripton-changed" (did you mean "description-changed"?)\n');
    }
  });

  it.each([
    [["generate", "--chek"], /unknown option '--chek'/],
    [["chek"], /unknown command 'chek'/],
    [["check", "--fail-on", "nope"], /argument 'nope' is invalid/],
    [["generate", "--server"], /argument missing/],
  ])("usage error %j exits 2 with commander's message", async (args, message) => {
    const result = await runCli(args, { cwd: tempProject("cli-usage") });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("--help and --version exit 0", async () => {
    for (const args of [["--help"], ["generate", "--help"], ["--version"]]) {
      const result = await runCli(args, { cwd: tempProject("cli-help") });
      expect(result.status, args.join(" ")).toBe(0);
    }
  });
});

/**
 * Hostile transports: real server processes and sockets that crash, break the protocol, send
 * too much or too deep, or answer HTTP the wrong way. Each gives `generate` one
 * line naming the server and what happened, exit 2, and overwrites nothing.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, startServerScript, type RunningServer } from "../helpers/servers.js";
import { expectCleanFailure, projectWithOutput } from "../helpers/failure.js";
import { runCli } from "../helpers/cli.js";
import { resolveConfig } from "../../src/config/load.js";
import { captureServers } from "../../src/capture/capture.js";

const SERVERS = path.join(repoRoot, "test/servers/dist");
const LISTING_SERVER = path.join(SERVERS, "listing-server.js");

function hostileStdio(mode: string, ...rest: string[]): Record<string, unknown> {
  return { transport: "stdio", command: "node", args: [path.join(SERVERS, "hostile-stdio.js"), mode, ...rest] };
}

describe("hostile stdio servers", () => {
  it("a server that crashes half-way through a paged listing", async () => {
    const project = projectWithOutput("crash", { crashy: { transport: "stdio", command: "node", args: [LISTING_SERVER, "listing.json"] } });
    const resources = Array.from({ length: 5 }, (_, index) => ({ uri: `r://${index}`, name: `r${index}` }));
    const listing = { capabilities: { resources: {} }, resources, paging: { pageSize: 2, crashAt: { list: "resources", page: 2 } } };
    writeFileSync(path.join(project, "listing.json"), JSON.stringify(listing));
    // The lists are captured in parallel: the crash is reported by whichever request was still pending.
    const line = await expectCleanFailure(project, /server "crashy": cannot capture: .*Connection closed during resources\/(templates\/)?list \(page [12]\)/);
    expect(line).toContain("(stderr: listing-server: crashing on page 2 of resources)");
  });

  it("a server that writes a line that is not JSON instead of its answer", async () => {
    // The SDK client skips stdout lines that are not JSON (servers that log there); the capture reads them beside it and names the line.
    const project = projectWithOutput("nonjson", { chatty: hostileStdio("non-json") }, { timeout: 2_000 });
    await expectCleanFailure(
      project,
      /server "chatty": no answer within 2000 ms, likely because it wrote text that is not JSON-RPC on stdout \("Server ready on port 8080 \(this line is not JSON\)"\): a stdio server must write only JSON-RPC messages on stdout and log to stderr .*; if it is only slow, raise `timeout` in the config: at the top level, or in servers\.chatty$/,
    );
  });

  it("a server that writes JSON that is not JSON-RPC", async () => {
    const project = projectWithOutput("notrpc", { odd: hostileStdio("not-jsonrpc") }, { timeout: 2_000 });
    // A JSON logger's line is noise too (the SDK reports it only as a schema error): quoted like any other.
    await expectCleanFailure(project, /server "odd": no answer within 2000 ms, likely because it wrote text that is not JSON-RPC on stdout \("\{"hello":"world","id":1\}"\): a stdio server must write only JSON-RPC messages on stdout and log to stderr .*; if it is only slow, raise `timeout` in the config: at the top level, or in servers\.odd$/);
  });

  it("a server that hangs says, at the deadline, what its stderr last said, secrets masked: after the handshake and during it", async () => {
    for (const mode of ["hang-logging", "mute-logging"]) {
      const project = projectWithOutput(mode, { db: { ...hostileStdio(mode), env: { DB_TOKEN: "${DB_TOKEN}" } } }, { timeout: 1_500 });
      const line = await expectCleanFailure(project, /^mcp-codegen: server "db": no answer within 1500 ms \(stderr: db: Error: connect ECONNREFUSED 127\.0\.0\.1:9 \(token \*\*\*\)\); if it is only slow, raise `timeout` in the config: at the top level, or in servers\.db$/, ["generate"], { DB_TOKEN: "tok-5ecret-6789" });
      expect(line).not.toContain("5ecret");
    }
  });

  it("a server whose answer breaks the protocol's schema", async () => {
    const project = projectWithOutput("badresult", { odd: hostileStdio("bad-result") });
    await expectCleanFailure(project, /server "odd": cannot capture: invalid result \(\/tools: .*expected array.*\) during tools\/list \(page 1\)$/);
  });

  it("tools that break the protocol's schema are named with a pointer inside each, the first three told and the rest counted", async () => {
    // As @modelcontextprotocol/server-gitlab 2025.4.25 lists its tools when npm gives it Zod 4.
    const project = projectWithOutput("untyped", { odd: hostileStdio("untyped-inputs") });
    const line = await expectCleanFailure(project, /server "odd": cannot capture: invalid result \(tool "tool_0" \/inputSchema\/type: .*expected "object".*; and 6 more\) during tools\/list \(page 1\)$/);
    // Server text in the line: quoted, shortened, on one line.
    expect(line).toContain(`; tool "odd \\"name\\"/\\n${"x".repeat(47)}…" /inputSchema/type: `);
    expect(line).toContain('; tool "tool_2" /inputSchema/type: ');
    expect(line).not.toContain("tool_3");
  });

  it("a number too large for a double inside a property schema breaks the protocol's schema", async () => {
    // Valid JSON text that parses as Infinity, which the protocol's schema refuses.
    const project = projectWithOutput("hugenumber", { odd: hostileStdio("huge-number") });
    await expectCleanFailure(project, /server "odd": cannot capture: invalid result \(tool "sized" \/inputSchema\/properties\/size: .*\) during tools\/list \(page 1\)$/);
  });

  it("a listing of 50 MB stops at the size cap, which names how to raise it", async () => {
    // A long deadline: the SDK buffers the message (quadratically) up to the cap, slowly on a busy machine.
    const project = projectWithOutput("huge", { huge: hostileStdio("huge", "50") }, { timeout: 300_000 });
    await expectCleanFailure(project, /^mcp-codegen: server "huge": listing is larger than 16 MiB, over the cap `maxListingBytes: 16777216`; raise it in codegen\.config/);
  }, 300_000);

  it("the size cap is the config's: a 3 MB listing fails under maxListingBytes 1,000,000", async () => {
    const project = projectWithOutput("size", { big: { ...hostileStdio("huge", "3"), maxListingBytes: 1_000_000 } });
    await expectCleanFailure(project, /server "big": listing is larger than 1000000 bytes, over the cap `maxListingBytes: 1000000`/);
  });

  it("a raised size cap lets one message through that is larger than the SDK's own 10 MiB default", async () => {
    const config = resolveConfig({ servers: { big: { ...hostileStdio("huge", "12"), maxListingBytes: 32 * 1024 * 1024 } } }, path.join(repoRoot, "codegen.config.json"));
    const captured = await captureServers(config);
    expect(captured.servers["big"]?.tools).toHaveLength(12);
  }, 300_000);

  it("a schema nested 10,000 deep stops at the depth cap, which names how to raise it", async () => {
    const project = projectWithOutput("deep", { deep: hostileStdio("deep", "10000") });
    await expectCleanFailure(project, /server "deep": tool "deep" nests more than 100 levels deep \(at \/inputSchema\/properties\/a\/.*…\), over the cap `maxSchemaDepth: 100`; raise it/);
  });

  it("the depth cap is the config's: 60 nested objects fail by default and pass with maxSchemaDepth 200", async () => {
    const failing = projectWithOutput("depth", { deep: hostileStdio("deep", "60") });
    await expectCleanFailure(failing, /server "deep": tool "deep" nests more than 100 levels deep/);
    const raised = projectWithOutput("depth", { deep: hostileStdio("deep", "60") }, { maxSchemaDepth: 200 });
    const result = await runCli(["generate"], { cwd: raised });
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(path.join(raised, "out/mcp-snapshot.json"), "utf8")).toContain('"name": "deep"');
  });
});

describe("hostile HTTP endpoints", () => {
  let endpoint: RunningServer;
  beforeAll(async () => {
    endpoint = await startServerScript(path.join(SERVERS, "hostile-http.js"), ["--port", "0"]);
  });
  afterAll(() => endpoint.stop());

  const http = (route: string) => ({ transport: "http", url: `${endpoint.url}/${route}` });

  it.each([
    // The server's own words (its plain-text body), then what the status usually means.
    ["401", /server "locked": cannot capture: HTTP 401 from \S+\/401: refused with 401 \(unauthorized: /],
    ["403", /server "locked": cannot capture: HTTP 403 from \S+\/403: refused with 403 \(forbidden: the server refused this client/],
    ["500", /server "locked": cannot capture: HTTP 500 from \S+\/500: refused with 500$/m],
  ])("an endpoint answering %s", async (status, pattern) => {
    await expectCleanFailure(projectWithOutput(`http${status}`, { locked: http(status) }), pattern);
  });

  it("a redirect loop", async () => {
    await expectCleanFailure(projectWithOutput("loop", { locked: http("loop") }), /server "locked": .*redirect/);
  });

  it("an endpoint that accepts the connection and never answers", async () => {
    await expectCleanFailure(projectWithOutput("hang", { locked: http("hang") }, { timeout: 1_500 }), /server "locked": no answer within 1500 ms \(raise `timeout`/);
  });
});

/**
 * A 2025-era HTTP server that answers the 2026-07-28 probe (`server/discover`) with HTTP 500, as
 * `@cyanheads/git-mcp-server` does for a method it does not know: `protocol: "auto"` (the default)
 * then connects with the 2025 handshake, in the runtime and in `generate`, instead of failing on
 * the probe. A pinned 2026-07-28 has no fallback. Real HTTP on 127.0.0.1 (test/servers/echo-credentials.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRuntime } from "../../runtime/src/index.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { startEchoServer, type EchoServer } from "../servers/echo-credentials.js";

let server: EchoServer;
beforeAll(async () => {
  server = await startEchoServer();
});
afterAll(async () => {
  await server.close();
});

describe("a probe answered with HTTP 500", () => {
  test("the runtime falls back to the 2025 handshake", async () => {
    const runtime = createRuntime({ servers: { s: { transport: "http", url: `${server.origin}/mcp/discover-500` } }, reconnect: { retries: 0 } });
    try {
      expect((await runtime.listTools("s")).map((tool) => tool.name)).toEqual(["whoami"]);
    } finally {
      await runtime.close();
    }
  });

  test("generate captures the server as a 2025 one; pinned to 2026-07-28 it fails naming the answer", async () => {
    const dir = tempProject("probe-500");
    const write = (protocol?: string) =>
      writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { s: { transport: "http", url: `${server.origin}/mcp/discover-500`, ...(protocol ? { protocol } : {}) } }, outDir: "out" }));
    write();
    const generated = await runCli(["generate"], { cwd: dir });
    expect(generated.status, generated.stderr).toBe(0);
    const snapshot = JSON.parse(readFileSync(path.join(dir, "out/mcp-snapshot.json"), "utf8")) as { servers: { s: { era: string; tools: { name: string }[] } } };
    expect(snapshot.servers.s.era).toBe("legacy");
    expect(snapshot.servers.s.tools.map((tool) => tool.name)).toEqual(["whoami"]);
    write("2026-07-28");
    const pinned = await runCli(["generate"], { cwd: dir });
    expect(pinned.status).toBe(2);
    expect(pinned.stderr).toMatch(/HTTP 500/);
  });
});

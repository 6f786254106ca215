/**
 * Messages that tell the truth when a server cannot start (issue 29.5), through the built CLI:
 * a stdio server that crashes at start shows its exit code and its last stderr lines (not
 * "Connection closed" or the EPIPE of a write that raced the exit); every missing environment variable of a server is named at once.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";

/** `generate` in a fresh project whose one stdio server, `name`, runs `script` with `node -e`. */
async function generateWithServer(name: string, script: string) {
  const dir = tempProject(`crash-${name}`);
  writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { [name]: { command: "node", args: ["-e", script] } }, outDir: "out", timeout: 60_000 }));
  return runCli(["generate"], { cwd: dir, env: { CI: "1" } });
}

describe("servers that cannot start", () => {
  it("a crash at start names the exit code and the last stderr lines", async () => {
    const result = await generateWithServer("db", "console.error('loading config'); console.error('warn: no cache'); console.error('fatal: DATABASE_URL is not set'); process.exit(3)");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('server "db": cannot capture: the server exited with code 3 (last stderr lines: loading config | warn: no cache | fatal: DATABASE_URL is not set)');
  });

  it("a crash with an uncaught exception names its message and first frame, not the frames that end its output", async () => {
    const result = await generateWithServer("dt", "console.error('starting'); const webidl = { util: {} }; function cacheStorage() { webidl.util.markAsUncloneable(); } cacheStorage();");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/server "dt": cannot capture: the server exited with code 1 \(last stderr lines: TypeError: webidl\.util\.markAsUncloneable is not a function \| at cacheStorage \(\[eval\]:1:\d+\)\)/);
  });

  it("every missing environment variable of a server is named in one line", async () => {
    const dir = tempProject("missing-env");
    const server = { command: "node", args: ["server.js", "--token=${API_TOKEN}"], env: { DB_URL: "${DB_URL}", REGION: "${REGION:-eu}", KEY: "${API_KEY}" } };
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { svc: server }, outDir: "out" }));
    const result = await runCli(["generate"], { cwd: dir, env: { CI: "1", API_TOKEN: undefined, DB_URL: undefined, API_KEY: undefined, REGION: undefined } });
    expect(result.status).toBe(2);
    const line = result.stderr.split("\n").find((text) => text.includes('server "svc"')) ?? "";
    expect(line).toMatch(/environment variables API_TOKEN, DB_URL, API_KEY are not set \(used in servers\.svc\.args\[1\], servers\.svc\.env\.DB_URL, servers\.svc\.env\.KEY\)/);
    expect(line).not.toContain("REGION"); // it has a default
  });
});

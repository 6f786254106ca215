/**
 * The bundled command collects garbage once while a capture waits for a server that is still
 * starting (src/idle-collection.ts); the library never does, nor does an offline run. Real CLI
 * processes and a real listing server behind a wrapper that delays its start; a preload records
 * each time the command takes V8's `gc` (through `vm.runInNewContext`) and each call of it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";
import { repoRoot } from "../helpers/servers.js";
import { collectWhileWaiting } from "../../src/idle-collection.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");
/** Far longer than the SDK, the emitters, the formatter and the tokenizer take to load. */
const START_DELAY_MS = 2_000;

const PRELOAD = `import vm from "node:vm";
import { syncBuiltinESMExports } from "node:module";
import { appendFileSync } from "node:fs";
const original = vm.runInNewContext;
vm.runInNewContext = function (code, ...rest) {
  const value = original.call(this, code, ...rest);
  if (code !== "gc") return value;
  appendFileSync(process.env.COLLECT_LOG, "taken\\n");
  return (...args) => { appendFileSync(process.env.COLLECT_LOG, "collected\\n"); return value(...args); };
};
syncBuiltinESMExports();
`;
const WRAPPER = `setTimeout(async () => { await import(${JSON.stringify(pathToFileURL(LISTING_SERVER).href)}); }, ${START_DELAY_MS});
`;

function project(): { dir: string; env: Record<string, string>; log: () => string[] } {
  const dir = tempProject("idle-collection");
  const log = path.join(dir, "collect.log");
  writeFileSync(log, "");
  writeFileSync(path.join(dir, "preload.mjs"), PRELOAD);
  writeFileSync(path.join(dir, "wrapper.mjs"), WRAPPER);
  const tools = [{ name: "lookup", description: "Look a word up.", inputSchema: { type: "object", properties: { word: { type: "string" } } } }];
  writeFileSync(path.join(dir, "listing.json"), JSON.stringify({ capabilities: { tools: {} }, tools }));
  const server = { transport: "stdio", command: process.execPath, args: ["wrapper.mjs", "listing.json"] };
  writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { slow: server }, outDir: "out", timeout: 20_000 }));
  return {
    dir,
    env: { NODE_OPTIONS: `--import ${pathToFileURL(path.join(dir, "preload.mjs")).href}`, COLLECT_LOG: log },
    log: () => readFileSync(log, "utf8").split("\n").filter(Boolean),
  };
}

describe("a full garbage collection while a capture waits", () => {
  it("is made once by the bundled command while its server starts, and never offline", async () => {
    const { dir, env, log } = project();
    const live = await runCli(["generate", "--no-cache", "--quiet"], { cwd: dir, env });
    expect(live.status, live.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, "out/mcp-snapshot.json"), "utf8")).servers.slow.tools).toHaveLength(1);
    expect(log()).toEqual(["taken", "collected"]);
    writeFileSync(path.join(dir, "collect.log"), "");
    const offline = await runCli(["generate", "--offline", "--no-cache", "--quiet"], { cwd: dir, env });
    expect(offline.status, offline.stderr).toBe(0);
    expect(log()).toEqual([]);
  });

  it("is never made by the library: an application's heap is the application's", () => {
    collectWhileWaiting();
    expect(runInNewContext("typeof gc")).toBe("undefined");
  });
});

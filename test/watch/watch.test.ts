/**
 * `generate --watch` as a real child process: a config edit regenerates, a server's
 * `notifications/tools/list_changed` regenerates (a 2026-07-28 server's too, sent on the
 * `subscriptions/listen` stream the watch opens), and Ctrl-C (SIGINT) at any moment of a run
 * leaves generated files that match the snapshot, no temporary file, and no server process.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, runCli, tempProject } from "../helpers/cli.js";
import { EVERYTHING_STDIO } from "../helpers/servers.js";
import { baseListing, LISTING_SERVER } from "../drift-cli/listing.js";
import { startEraHttp } from "../era/servers.js";
import { createRuntime } from "../../runtime/src/index.js";

interface WatchProcess {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  /** Resolves with the first new output line matching `pattern`. */
  next(pattern: RegExp): Promise<string>;
  exited: Promise<number | null>;
}

/** Three runs under a loaded machine (the whole suite in parallel) take long: generous limits. */
const WAIT_MS = 120_000;
const TEST_MS = 240_000;

const started: WatchProcess[] = [];
afterEach(() => {
  for (const watch of started.splice(0)) watch.child.kill("SIGKILL");
});

function project(): { dir: string; listing: string; config: string } {
  const dir = tempProject("watch");
  const listing = path.join(dir, "listing.json");
  writeFileSync(listing, JSON.stringify(baseListing()));
  const config = path.join(dir, "codegen.config.json");
  writeFileSync(config, JSON.stringify({ servers: { listing: { command: "node", args: [LISTING_SERVER, listing, "--notify"] } }, outDir: "gen" }));
  return { dir, listing, config };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Run lines (✔ or ✖) printed so far. */
const runLines = (watch: WatchProcess) => watch.lines.filter((line) => /^\[[\d:]+\] [✔✖] /.test(line));

function startWatch(dir: string): WatchProcess {
  const child = spawn(process.execPath, [CLI, "generate", "--watch"], { cwd: dir, env: { ...process.env, CI: "1" } });
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void; from: number }[] = [];
  const onLine = (line: string) => {
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.pattern.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  createInterface({ input: child.stdout }).on("line", onLine);
  createInterface({ input: child.stderr }).on("line", onLine);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const watch: WatchProcess = {
    child,
    lines,
    // The limit only turns a missing line into a readable failure (with the output so far).
    next: (pattern) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} in:\n${lines.join("\n")}`)), WAIT_MS);
        waiters.push({ pattern, resolve: (line) => (clearTimeout(timer), resolve(line)), from: lines.length });
      }),
    exited,
  };
  started.push(watch);
  return watch;
}

function withTool(name: string): unknown {
  const listing = baseListing();
  listing["tools"].push({ name, description: `Tool ${name}.`, inputSchema: { type: "object", properties: {} } });
  return listing;
}

/** Server processes still running for this project's listing file. */
function serversRunningFor(listing: string): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(listing);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function tempFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true }).map(String).filter((file) => file.endsWith(".tmp"));
}

describe("generate --watch", () => {
  it("regenerates when the config changes and when a server's tool list changes", async () => {
    const { dir, listing, config } = project();
    const watch = startWatch(dir);
    await watch.next(/✔ generated: 1 server/);

    // A config edit: a second server.
    const edited = JSON.parse(readFileSync(config, "utf8"));
    edited.servers.second = edited.servers.listing;
    const configRun = watch.next(/codegen\.config\.json changed: 2 servers/);
    writeFileSync(config, JSON.stringify(edited));
    await configRun;
    expect(readFileSync(path.join(dir, "gen/second/index.ts"), "utf8")).toContain("createSecondClient");

    // The listing file is no script (not watched): only the server's notification reports it.
    const notified = watch.next(/✔ "(listing|second)" tools changed \(tools: \+brand_new\): 2 servers, .*changed/);
    writeFileSync(listing, JSON.stringify(withTool("brand_new")));
    await notified;
    expect(readFileSync(path.join(dir, "gen/listing/index.ts"), "utf8")).toContain("brandNew");

    watch.child.kill("SIGINT");
    expect(await watch.exited).toBe(0);
    expect(serversRunningFor(listing)).toEqual([]);
  }, TEST_MS);

  // Ctrl-C while capturing, while emitting, while writing: the tree is the old one or the new one.
  for (const delayMs of [0, 700, 1500, 2500]) {
    it(`Ctrl-C ${delayMs} ms into a run leaves files that match the snapshot`, async () => {
      const { dir, listing, config } = project();
      const watch = startWatch(dir);
      await watch.next(/✔ generated: 1 server/);
      writeFileSync(listing, JSON.stringify(withTool(`interrupted_${delayMs}`)));
      writeFileSync(config, readFileSync(config, "utf8")); // and touch the config
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      watch.child.kill("SIGINT");
      expect(await watch.exited).toBe(0);

      expect(tempFiles(dir)).toEqual([]);
      expect(serversRunningFor(listing)).toEqual([]);
      const consistent = await runCli(["generate", "--offline", "--check"], { cwd: dir });
      expect(consistent.status, consistent.stdout + consistent.stderr).toBe(0);
    }, TEST_MS);
  }

  it("regenerates when a 2026-07-28 server's tool list changes (subscriptions/listen)", async () => {
    const era = await startEraHttp("modern", { mutable: true });
    // Another client changes the server's tools, as a deployment would.
    const other = createRuntime({ servers: { era: { transport: "http", url: era.url } }, onWarning: () => undefined });
    try {
      const dir = tempProject("watch-modern");
      writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { era: { transport: "http", url: era.url } }, outDir: "gen" }));
      const watch = startWatch(dir);
      await watch.next(/✔ generated: 1 server/);
      expect(JSON.parse(readFileSync(path.join(dir, "gen/mcp-snapshot.json"), "utf8")).servers.era).toMatchObject({ protocolVersion: "2026-07-28" });

      let heard = false;
      const notified = watch.next(/✔ "era" tools changed \(tools: \+late_0/).then((line) => ((heard = true), line));
      // The watch opens its listen stream after the run's capture: a change made before the
      // server registered it reaches nobody, so add tools until one is heard (a cap on attempts).
      for (let attempt = 0; !heard && attempt < 10; attempt++) {
        await other.callTool("era", "add_tool", { name: `late_${attempt}` });
        await Promise.race([notified, sleep(1_000)]);
      }
      expect(await notified).toMatch(/1 server/);
      expect(readFileSync(path.join(dir, "gen/era/index.ts"), "utf8")).toContain("late_0");
      watch.child.kill("SIGINT");
      expect(await watch.exited).toBe(0);
    } finally {
      await other.close();
      await era.stop();
    }
  }, TEST_MS);

  it("server-everything, which announces list_changed after every connect: one run in 30 s without an edit", async () => {
    const dir = tempProject("watch-everything");
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { everything: EVERYTHING_STDIO }, outDir: "gen" }));
    const watch = startWatch(dir);
    await watch.next(/✔ generated: 1 server/);
    await sleep(30_000);
    expect(runLines(watch), watch.lines.join("\n")).toHaveLength(1);
    watch.child.kill("SIGINT");
    expect(await watch.exited).toBe(0);
  }, TEST_MS);

  it.each([
    ["codegen.config.ts", (config: unknown) => `export default ${JSON.stringify(config)};\n`],
    ["codegen.config.mjs", (config: unknown) => `export default ${JSON.stringify(config)};\n`],
  ])("an edit of %s: one run, with the edit applied", async (name, render) => {
    const dir = tempProject("watch-ext");
    const listing = path.join(dir, "listing.json");
    writeFileSync(listing, JSON.stringify(baseListing()));
    const server = { command: "node", args: [LISTING_SERVER, listing, "--notify"] };
    writeFileSync(path.join(dir, name), render({ servers: { listing: server }, outDir: "gen" }));
    const watch = startWatch(dir);
    await watch.next(/✔ generated: 1 server/);

    const edited = watch.next(new RegExp(`${name.replace(/\./g, "\\.")} changed: 2 servers`));
    writeFileSync(path.join(dir, name), render({ servers: { listing: server, second: server }, outDir: "gen" }));
    await edited;
    expect(readFileSync(path.join(dir, "gen/second/index.ts"), "utf8")).toContain("createSecondClient");
    await sleep(3_000); // time for a second run, were there one
    expect(runLines(watch), watch.lines.join("\n")).toHaveLength(2);
    watch.child.kill("SIGINT");
    expect(await watch.exited).toBe(0);
  }, TEST_MS);

  it("a server removed from the config: its client closes and its child process ends", async () => {
    const dir = tempProject("watch-remove");
    const [kept, removed] = ["kept.json", "removed.json"].map((file) => path.join(dir, file)) as [string, string];
    for (const file of [kept, removed]) writeFileSync(file, JSON.stringify(baseListing()));
    const config = path.join(dir, "codegen.config.json");
    const serverFor = (file: string) => ({ command: "node", args: [LISTING_SERVER, file, "--notify"] });
    writeFileSync(config, JSON.stringify({ servers: { kept: serverFor(kept), removed: serverFor(removed) }, outDir: "gen" }));
    const watch = startWatch(dir);
    await watch.next(/✔ generated: 2 servers/);
    expect(serversRunningFor(removed)).toHaveLength(1);

    const edited = watch.next(/codegen\.config\.json changed: 1 server/);
    writeFileSync(config, JSON.stringify({ servers: { kept: serverFor(kept) }, outDir: "gen" }));
    await edited;
    for (let waited = 0; serversRunningFor(removed).length > 0 && waited < 10_000; waited += 100) await sleep(100);
    expect(serversRunningFor(removed)).toEqual([]);
    expect(serversRunningFor(kept)).toHaveLength(1); // the kept server's connection stays open
    watch.child.kill("SIGINT");
    expect(await watch.exited).toBe(0);
  }, TEST_MS);
});

/**
 * `npm run test:real`: mcp-codegen against popular MCP servers from npm that nobody here wrote
 * (test/real/servers.ts, pinned versions). Not part of `npm test` or CI: it installs packages
 * from the npm registry and takes minutes.
 *
 *  1. install every server into its own folder of a scratch folder outside the repository
 *     (`--ignore-scripts`: no browser or binary downloads from elsewhere);
 *  2. one project per server, each generated alone by the built CLI (`dist/cli/bin.js generate`);
 *  3. one strict NodeNext `tsc` over every project's generated code;
 *  4. `check` of each project against its live server, and the generated client's `verify()`
 *     through the runtime: any change (or failure) is false drift;
 *  5. fidelity: each tool's Zod input and output schemas against Ajv on generated instances (valid values
 *     and near misses); a disagreement where the Zod emitter gave no warning counts;
 *  6. one summary line: servers listed / tools / compile errors / disagreements / false drift /
 *     warning lines per server, after a line per server.
 *
 * A server with an HTTP mode (`http` in servers.ts) runs once more as `<key>-<transport>`: started
 * here on a free port of 127.0.0.1 (refused unless `ss` shows it listening on loopback only),
 * configured by URL, and stopped by its pid after its check and verify, or when the run ends.
 *
 * Flags: `--keep` keeps the scratch folder (its path is printed; test/real/corpus.ts finds the
 * snapshots), `--dir <path>` uses another one, `--only a,b` runs only those servers (`mobile`:
 * all its runs; `mobile-http`: that run), `--http` only the runs over HTTP. A server already installed in the scratch folder at its pinned version is reused.
 * Exits 1 when a listed server fails to compile, disagrees or drifts; 0 otherwise.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import type { Json } from "../../runtime/src/shared/canonical-json.js";
import type { JsonObject } from "../../runtime/src/shared/snapshot.js";
import { inheritedEnvironment } from "../../runtime/src/wire/inherited-env.js";
import { zodAgainstAjv } from "../fuzz/check.js";
import { instancesArbitrary } from "../fuzz/instances.js";
import { instancesFor } from "../schema/helpers.js";
import { repoRoot } from "../helpers/servers.js";
import { defaultScratchDir, projectsDir } from "./corpus.js";
import { type HttpMode, REAL_SERVERS, SKIPPED, type RealServer } from "./servers.js";

const CLI = path.join(repoRoot, "dist/cli/bin.js");
const TSC = path.join(repoRoot, "node_modules/typescript/bin/tsc");
const CAPTURE_TIMEOUT_MS = 60_000;
const PARALLEL = 2;

interface Options {
  keep: boolean;
  dir: string;
  only: string[] | undefined;
  http: boolean;
}

/** One way to run a server: over stdio under its own key, or in one of its HTTP modes as `<key>-<transport>`. */
interface Run {
  key: string;
  server: RealServer;
  http?: HttpMode;
}

function runsOf(server: RealServer): Run[] {
  return [{ key: server.key, server }, ...(server.http ?? []).map((http) => ({ key: `${server.key}-${http.transport}`, server, http }))];
}

interface ServerOutcome {
  key: string;
  listed: boolean;
  failure?: string;
  tools: number;
  warningLines: number;
  unavailable: string[];
  drift?: number;
  disagreements: number;
  ajvSkipped: number;
}

function parseOptions(argv: readonly string[]): Options {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index === -1 ? undefined : argv[index + 1];
  };
  const only = value("--only");
  return { keep: argv.includes("--keep"), dir: path.resolve(value("--dir") ?? defaultScratchDir()), only: only?.split(","), http: argv.includes("--http") };
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Longest one server's install may take before it is given up (that server is then "not installed"). */
const INSTALL_LIMIT_MS = 8 * 60_000;

/**
 * Each server in its own folder (one slow or broken package holds up no other), a few at a time;
 * a folder that already holds the pinned version is reused.
 */
async function installAll(dir: string, servers: readonly RealServer[]): Promise<Map<string, string>> {
  const failures = new Map<string, string>();
  await inPool(servers, 3, async (server) => {
    const folder = path.join(dir, "servers", server.key);
    const installed = path.join(folder, "node_modules", server.package, "package.json");
    if (existsSync(installed) && (JSON.parse(readFileSync(installed, "utf8")) as { version?: string }).version === server.version) return;
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "package.json"), `${JSON.stringify({ name: `real-${server.key}`, private: true, dependencies: { [server.package]: server.version } }, null, 2)}\n`);
    const started = performance.now();
    const failure = await npmInstall(folder);
    if (failure) failures.set(server.key, failure);
    log(`  installed ${server.package}@${server.version}: ${failure ?? "ok"} (${Math.round((performance.now() - started) / 1000)} s)`);
  });
  return failures;
}

/** `npm install --ignore-scripts` in `folder`; a failure's last line, or undefined. Ended by its pid at the limit. */
function npmInstall(folder: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["install", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: folder, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      stderr += `\ninstall took longer than ${INSTALL_LIMIT_MS / 60_000} min`;
      child.kill("SIGTERM");
    }, INSTALL_LIMIT_MS);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve(status === 0 ? undefined : `not installed: ${npmCause(stderr) || `npm exited with ${status}`}`);
    });
  });
}

/** The server's executable script: its package's `bin` (the one named `name`, by default `server.bin`, when there are several). */
function binOf(dir: string, server: RealServer, name = server.bin): string {
  const root = path.join(dir, "servers", server.key, "node_modules", server.package);
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { bin?: string | Record<string, string> };
  const bins = typeof manifest.bin === "string" ? { main: manifest.bin } : (manifest.bin ?? {});
  const chosen = name ? bins[name] : Object.values(bins)[0];
  if (!chosen) throw new Error(`${server.package} has no executable${name ? ` named ${name}` : ""}`);
  return path.join(root, chosen);
}

/** A run's own folder for the server's files (`{scratch}`). */
function scratchOf(dir: string, key: string): string {
  const scratch = path.join(dir, "work", key);
  mkdirSync(scratch, { recursive: true });
  return scratch;
}

/** `{scratch}` (and `{port}`, when given) filled in an argument or env value. */
function filler(scratch: string, port?: number): (text: string) => string {
  return (text) => {
    const filled = text.replaceAll("{scratch}", scratch);
    return port === undefined ? filled : filled.replaceAll("{port}", String(port));
  };
}

function fillEnv(env: Record<string, string>, fill: (text: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, fill(value)]));
}

/** The config entry of a run over stdio: the product starts the server itself. */
function stdioEntry(dir: string, run: Run): Record<string, unknown> {
  const fill = filler(scratchOf(dir, run.key));
  return {
    transport: "stdio",
    command: process.execPath,
    args: [binOf(dir, run.server), ...(run.server.args ?? []).map(fill)],
    ...(run.server.env ? { env: fillEnv(run.server.env, fill) } : {}),
  };
}

/** One project per run: its config, and the repository's node_modules for the generated code's imports. */
function writeProject(dir: string, key: string, entry: Record<string, unknown>): string {
  const projects = projectsDir(dir);
  const project = path.join(projects, key);
  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  // The corpus writes its dummy credentials as values on purpose: acknowledged, as a user would, so the warning lines count the servers' own.
  const warnings = { "literal-secret": "off" };
  writeFileSync(path.join(project, "codegen.config.json"), `${JSON.stringify({ servers: { [key]: entry }, outDir: "generated", timeout: CAPTURE_TIMEOUT_MS, warnings }, null, 2)}\n`);
  return project;
}

/** Longest an HTTP server may take from its start to accepting connections. */
const LISTEN_LIMIT_MS = 60_000;

/** The servers this run started to serve HTTP, by run key, until stopped. */
const httpChildren = new Map<string, ChildProcess>();

/**
 * Starts a run's server in its HTTP mode on a free port of 127.0.0.1 and waits until it accepts
 * connections; refuses it (stopped) unless every socket it listens on is loopback. Its URL.
 */
async function startHttp(dir: string, run: Run, http: HttpMode): Promise<string> {
  const port = await freePort();
  const scratch = scratchOf(dir, run.key);
  const fill = filler(scratch, port);
  // The environment a stdio server gets from the product; stdin stays open (some servers end with it).
  const child = spawn(process.execPath, [binOf(dir, run.server, http.bin ?? run.server.bin), ...(http.args ?? run.server.args ?? []).map(fill)], {
    cwd: scratch,
    env: { ...inheritedEnvironment(), ...fillEnv({ ...run.server.env, ...http.env }, fill) },
    stdio: ["pipe", "pipe", "pipe"],
  });
  httpChildren.set(run.key, child);
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const said = () => (output.trim() ? `; its output: ${output.trim().replace(/\s+/g, " ").slice(-400)}` : "");
  const deadline = performance.now() + LISTEN_LIMIT_MS;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited (${child.exitCode ?? child.signalCode}) before listening on port ${port}${said()}`);
    if (performance.now() > deadline) throw new Error(`not listening on 127.0.0.1:${port} after ${LISTEN_LIMIT_MS / 1000} s${said()}`);
    await sleep(200);
  }
  const addresses = listeningAddresses(child.pid ?? 0, port);
  log(`  started ${run.key}: pid ${child.pid} listens on ${addresses.join(", ")}`);
  if (!addresses.every((address) => /^(127\.[\d.]+|\[::1\]|\[::ffff:127\.[\d.]+\]):\d+$/.test(address))) throw new Error(`listens on ${addresses.join(", ")}: not loopback only`);
  return `http://127.0.0.1:${port}${http.path}`;
}

/** A port of 127.0.0.1 free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const done = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}

/** Where `ss` sees the process `pid` listen, and whatever listens on `port`: `address:port` each. */
function listeningAddresses(pid: number, port: number): string[] {
  const result = spawnSync("ss", ["-Hltnp"], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`cannot tell where it listens: ss ${result.error?.message ?? `exited with ${result.status}`}`);
  const local = result.stdout
    .split("\n")
    .filter((line) => line.includes(`pid=${pid},`) || line.split(/\s+/)[3]?.endsWith(`:${port}`))
    .map((line) => line.split(/\s+/)[3] ?? "");
  return [...new Set(local)].sort();
}

/** Stops a run's HTTP server by its pid: SIGTERM, SIGKILL after 5 s. */
async function stopHttp(key: string): Promise<void> {
  const child = httpChildren.get(key);
  httpChildren.delete(key);
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  if ((await Promise.race([exited, sleep(5000, "late")])) === "late") {
    child.kill("SIGKILL");
    await exited;
  }
}

function prepareProjectsRoot(dir: string): void {
  const projects = projectsDir(dir);
  mkdirSync(projects, { recursive: true });
  writeFileSync(path.join(projects, "package.json"), '{ "name": "mcp-codegen-real-projects", "private": true, "type": "module" }\n');
  const modules = path.join(projects, "node_modules");
  const target = path.join(repoRoot, "node_modules");
  // A link an earlier run left (from another checkout, perhaps since removed) points here again.
  try {
    if (readlinkSync(modules) !== target) unlinkSync(modules);
  } catch {
    // not a link, or absent
  }
  if (!existsSync(modules)) symlinkSync(target, modules, "dir");
}

function runCli(args: string[], cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CI: "1", NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function generateOne(dir: string, run: Run): Promise<ServerOutcome> {
  const outcome: ServerOutcome = { key: run.key, listed: false, tools: 0, warningLines: 0, unavailable: [], disagreements: 0, ajvSkipped: 0 };
  let project: string;
  try {
    const entry = run.http ? { transport: run.http.transport, url: await startHttp(dir, run, run.http), ...(run.http.headers ? { headers: run.http.headers } : {}) } : stdioEntry(dir, run);
    project = writeProject(dir, run.key, entry);
  } catch (error) {
    return { ...outcome, failure: (error as Error).message };
  }
  const result = await runCli(["generate"], project);
  outcome.warningLines = result.stderr.split("\n").filter((line) => line.startsWith("warning")).length;
  if (result.status !== 0) return { ...outcome, failure: lastLine(result.stderr) };
  const snapshot = readSnapshot(project);
  const entry = snapshot?.servers[run.key];
  outcome.listed = entry !== undefined;
  outcome.tools = entry?.tools.length ?? 0;
  outcome.unavailable = Object.values(entry?.unavailable ?? {}).map((list) => `${list.method} ${list.code}`);
  return outcome;
}

interface SnapshotFile {
  servers: Record<string, { tools: { name: string; inputSchema: JsonObject; outputSchema?: JsonObject }[]; unavailable?: Record<string, { method: string; code: number | string }> }>;
}

function readSnapshot(project: string): SnapshotFile | undefined {
  const file = path.join(project, "generated/mcp-snapshot.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as SnapshotFile) : undefined;
}

/** npm's line that says why (`npm error 404 Not Found - GET …`), not its closing pointer to the log file. */
function npmCause(stderr: string): string {
  const lines = stderr.trim().split("\n").filter((line) => !/A complete log of this run can be found in/.test(line));
  const telling = [/could not be found|No matching version|Could not resolve|ETARGET/, /\d{3} Not Found|ENOTFOUND|ECONNREFUSED/, /\bcode E\w+/];
  for (const pattern of telling) {
    const line = lines.find((candidate) => pattern.test(candidate));
    if (line !== undefined) return line.replace(/^npm error\s+/, "").replace(/\s+/g, " ");
  }
  return lines.at(-1) ?? "";
}

function lastLine(text: string): string {
  return text.trim().split("\n").at(-1) ?? "";
}

/** One strict NodeNext program over every listed project's generated code: the errors per project. */
function compileAll(dir: string, keys: readonly string[]): Map<string, number> {
  const projects = projectsDir(dir);
  const tsconfig = {
    compilerOptions: {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2022",
      noEmit: true,
      skipLibCheck: true,
      types: ["node"],
    },
    include: keys.map((key) => `${key}/generated/**/*.ts`),
  };
  writeFileSync(path.join(projects, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
  const result = spawnSync(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: projects, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const errors = new Map<string, number>();
  for (const line of result.stdout.split("\n")) {
    const match = /^([^/]+)\/generated\/.*error TS\d+/.exec(line);
    if (match?.[1]) errors.set(match[1], (errors.get(match[1]) ?? 0) + 1);
  }
  if (result.status !== 0 && errors.size === 0) log(`test:real: tsc failed: ${lastLine(result.stdout + result.stderr)}`);
  return errors;
}

/**
 * Changes `check` reports against the live server (no server changed between generate and check:
 * each is false drift), and a server it could not check counts as one.
 */
async function checkOne(dir: string, key: string): Promise<number> {
  const result = await runCli(["check", "--format", "json", "--fail-on", "safe"], path.join(projectsDir(dir), key));
  try {
    const report = JSON.parse(result.stdout) as { changes: unknown[]; failures?: { message: string }[] };
    for (const failure of report.failures ?? []) log(`test:real: check of ${key} failed: ${failure.message}`);
    return report.changes.length + (report.failures?.length ?? 0);
  } catch {
    log(`test:real: check of ${key} failed: ${lastLine(result.stderr)}`);
    return 1;
  }
}

/**
 * Changes the generated client's `verify()` reports against the live server, at run time through
 * the runtime (its own listing and drift guard, not the CLI's capture): each is false drift, and
 * so is a failure.
 */
async function verifyOne(dir: string, key: string): Promise<number> {
  const index = path.join(projectsDir(dir), key, "generated/index.ts");
  const { createClient } = (await import(pathToFileURL(index).href)) as { createClient(options?: Record<string, unknown>): { verify(): Promise<{ changes: unknown[] }>; close(): Promise<void> } };
  const client = createClient({ driftGuard: "off", timeout: 60_000, onWarning: () => undefined });
  try {
    const { changes } = await client.verify();
    if (changes.length > 0) log(`test:real: verify() of ${key}: ${JSON.stringify(changes[0]).slice(0, 300)}`);
    return changes.length;
  } catch (error) {
    log(`test:real: verify() of ${key} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await client.close();
  }
}

/** Zod against Ajv on each tool's input and output schema: schemas with a disagreement, and schemas Ajv cannot compile. */
function fidelity(project: string, key: string): { disagreements: number; ajvSkipped: number } {
  const tools = readSnapshot(project)?.servers[key]?.tools ?? [];
  let disagreements = 0;
  let ajvSkipped = 0;
  const schemas = tools.flatMap((tool) => [
    { name: `${tool.name} input`, schema: tool.inputSchema },
    ...(tool.outputSchema === undefined ? [] : [{ name: `${tool.name} output`, schema: tool.outputSchema }]),
  ]);
  for (const { name, schema } of schemas) {
    const draft = typeof schema["$schema"] === "string" && /2020-12|2019-09/.test(schema["$schema"]) ? "2020-12" : "draft-07";
    const instances: Json[] = [...instancesFor(schema), ...fc.sample(instancesArbitrary(schema, 1), { numRuns: 20, seed: 29 }).flat()];
    const verdicts = zodAgainstAjv({ draft, schema }, instances);
    if (!verdicts) ajvSkipped++;
    else if (verdicts.disagreements.length > 0) {
      disagreements++;
      log(`  disagreement: ${key}/${name}: ${JSON.stringify(verdicts.disagreements[0]).slice(0, 300)}`);
    }
  }
  return { disagreements, ajvSkipped };
}

async function inPool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  // A server's key selects its HTTP runs too (`--only mobile --http`); a run's own key (`mobile-http`) selects that run.
  const runs = REAL_SERVERS.flatMap(runsOf).filter((run) => (!options.only || options.only.includes(run.key) || options.only.includes(run.server.key)) && (!options.http || run.http));
  const servers = [...new Set(runs.map((run) => run.server))];
  log(`test:real: scratch folder ${options.dir}${options.keep ? " (kept)" : " (removed at the end; --keep keeps it)"}`);
  for (const skipped of SKIPPED) log(`test:real: skipped ${skipped.package}: ${skipped.why}`);
  mkdirSync(options.dir, { recursive: true });
  log(`test:real: installing ${servers.length} servers from npm into ${path.join(options.dir, "servers")} (--ignore-scripts)…`);
  const notInstalled = await installAll(options.dir, servers);
  prepareProjectsRoot(options.dir);
  // An HTTP server left running by a failure or a signal that ends the run early goes with it.
  process.once("exit", () => httpChildren.forEach((child) => child.kill("SIGKILL")));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(1));
  const outcomes = await inPool(runs, PARALLEL, async (run) => {
    const failure = notInstalled.get(run.server.key);
    const outcome = failure ? { key: run.key, listed: false, failure, tools: 0, warningLines: 0, unavailable: [], disagreements: 0, ajvSkipped: 0 } : await generateOne(options.dir, run);
    if (!outcome.listed) await stopHttp(run.key);
    log(`  generated ${run.key}: ${outcome.listed ? `${outcome.tools} tools, ${outcome.warningLines} warning lines${outcome.unavailable.length ? `, unavailable: ${outcome.unavailable.join(", ")}` : ""}` : `not listed: ${outcome.failure}`}`);
    return outcome;
  });
  const listed = outcomes.filter((outcome) => outcome.listed);
  const compileErrors = listed.length > 0 ? compileAll(options.dir, listed.map((outcome) => outcome.key)) : new Map<string, number>();
  await inPool(listed, PARALLEL, async (outcome) => {
    outcome.drift = (await checkOne(options.dir, outcome.key)) + (await verifyOne(options.dir, outcome.key));
    await stopHttp(outcome.key);
    Object.assign(outcome, fidelity(path.join(projectsDir(options.dir), outcome.key), outcome.key));
  });
  log("");
  log("server | listed | tools | warning lines | compile errors | false drift | disagreements");
  for (const outcome of outcomes) {
    log(`${outcome.key} | ${outcome.listed ? "yes" : `no (${outcome.failure})`} | ${outcome.tools} | ${outcome.warningLines} | ${compileErrors.get(outcome.key) ?? 0} | ${outcome.drift ?? "-"} | ${outcome.disagreements}${outcome.ajvSkipped ? ` (${outcome.ajvSkipped} schemas Ajv cannot compile)` : ""}`);
  }
  const sum = (pick: (outcome: ServerOutcome) => number) => outcomes.reduce((total, outcome) => total + pick(outcome), 0);
  const errors = [...compileErrors.values()].reduce((total, count) => total + count, 0);
  const falseDrift = listed.filter((outcome) => (outcome.drift ?? 0) > 0).length;
  const disagreements = sum((outcome) => outcome.disagreements);
  const warningLines = sum((outcome) => outcome.warningLines);
  log("");
  log(
    `test:real: ${listed.length}/${outcomes.length} servers listed, ${sum((outcome) => outcome.tools)} tools, ${errors} compile errors, ` +
      `${disagreements} disagreements, ${falseDrift} false drift, ${(warningLines / Math.max(listed.length, 1)).toFixed(2)} warning lines per server (${warningLines} in all)`,
  );
  if (!options.keep) rmSync(options.dir, { recursive: true, force: true });
  else log(`test:real: kept ${options.dir} (snapshots: realSnapshotPaths() in test/real/corpus.ts)`);
  return errors > 0 || falseDrift > 0 || disagreements > 0 ? 1 : 0;
}

process.exitCode = await main();

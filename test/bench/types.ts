/**
 * `npm run bench:types`: what generated code costs the user's compiler and editor, for 100 and
 * 1,000 tools of realistic schemas (realistic.ts) in servers of 100 tools each. Three variants
 * of the same generated folder, measured in one run:
 *
 *   generated  as `generate` writes it (each server's Zod constructions in `schemas.ts`, behind
 *              `// @ts-nocheck`: users' compilers read only their `z.ZodType<X>` annotations)
 *   checked    the same with the constructions type-checked (the typed twin: what every user
 *              build paid before, when they were part of the checked module)
 *   floor      the same interfaces with each schema constant only declared
 *              (`export declare const XSchema: z.ZodType<X>`)
 *
 * For each: type instantiations, check time and memory from `tsc --extendedDiagnostics` over the
 * generated folder (TypeScript 5.9, strict, NodeNext, skipLibCheck), and the language service's
 * latency to the first completion after `mcp.<server>.` (a fresh process each, see types-ls.ts).
 * Targets: instantiations <= 1.5x the floor; first completion <= 1 s at 100 tools.
 *
 * BENCH_TYPES_CLI=<path to dist/cli/bin.js> measures another build's output (e.g. main's, whose
 * constructions sit in the checked module: there "generated" and "checked" are the same);
 * BENCH_TYPES_SIZES=100 measures only some sizes.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { canonicalFileText } from "../../runtime/src/shared/canonical-json.js";
import type { Snapshot } from "../../runtime/src/shared/snapshot.js";
import { typedTwin, NO_CHECK_LINE } from "../../src/emit/schemas-module.js";
import { repoRoot } from "../helpers/servers.js";
import { realisticTools, snapshotOf, vary, type BaseTool } from "./realistic.js";

const SIZES = (process.env["BENCH_TYPES_SIZES"] ?? "100,1000").split(",").map(Number);
const TOOLS_PER_SERVER = 100;
const TARGETS = { instantiationsRatio: 1.5, completionMs100: 1_000 };
const CLI = process.env["BENCH_TYPES_CLI"] ?? path.join(repoRoot, "dist/cli/bin.js");
const TSC = path.join(repoRoot, "node_modules/typescript/bin/tsc");
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
    target: "ES2022",
    lib: ["ES2023", "ESNext.Disposable"],
    types: ["node"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    verbatimModuleSyntax: true,
  },
  include: ["generated"],
};

type Variant = "generated" | "checked" | "floor";
interface Figures {
  instantiations: number;
  checkSeconds: number;
  memoryMb: number;
  totalSeconds: number;
  completionMs: number;
  completionAfterLoadMs: number;
}

/** Generate `size` tools (servers of TOOLS_PER_SERVER) into `<project>/generated`, offline. */
function generateProject(project: string, base: BaseTool[], size: number): void {
  rmSync(project, { recursive: true, force: true });
  mkdirSync(path.join(project, "generated"), { recursive: true });
  const servers: Snapshot["servers"] = {};
  const config: Record<string, object> = {};
  for (let first = 0; first < size; first += TOOLS_PER_SERVER) {
    const name = `s${first / TOOLS_PER_SERVER}`;
    const tools = Array.from({ length: Math.min(TOOLS_PER_SERVER, size - first) }, (_, offset) => vary(base[(first + offset) % base.length] as BaseTool, first + offset));
    Object.assign(servers, snapshotOf(tools, name).servers);
    config[name] = { transport: "stdio", command: "node" };
  }
  writeFileSync(path.join(project, "generated/mcp-snapshot.json"), canonicalFileText({ format: 1, servers }));
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: config, outDir: "generated" }));
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
  const run = spawnSync(process.execPath, [CLI, "generate", "--offline", "--quiet"], { cwd: project, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`generate exited ${run.status}: ${run.stderr}`);
}

/** Every generated `.ts` file under `folder`, rewritten by `rewrite`. */
function rewriteModules(folder: string, rewrite: (source: string) => string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file, "utf8");
    const next = rewrite(source);
    if (next !== source) writeFileSync(file, next);
  }
}

/** The typed twin of a schemas module (any other module unchanged). */
function checked(source: string): string {
  return source.includes(NO_CHECK_LINE) ? typedTwin(source) : source;
}

/** Each `export const XSchema: z.ZodType<X> = …;` as `export declare const XSchema: z.ZodType<X>;`. */
function declared(source: string): string {
  const file = ts.createSourceFile("module.ts", source, ts.ScriptTarget.ES2022, true);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const [declaration] = statement.declarationList.declarations;
    const type = declaration?.type?.getText(file);
    if (!declaration || !type?.startsWith("z.ZodType<") || !declaration.initializer) continue;
    edits.push({ start: statement.getStart(file), end: statement.getEnd(), text: `export declare const ${declaration.name.getText(file)}: ${type};` });
  }
  let out = source;
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

function measure(project: string): Figures {
  const run = spawnSync(process.execPath, [TSC, "-p", path.join(project, "tsconfig.json"), "--extendedDiagnostics"], { cwd: project, encoding: "utf8", maxBuffer: 1 << 26 });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`tsc failed in ${project}:\n${output.slice(0, 2000)}`);
  const figure = (label: string) => {
    const match = new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(output);
    if (!match?.[1]) throw new Error(`no "${label}" in tsc --extendedDiagnostics output`);
    return Number(match[1]);
  };
  const ls = spawnSync(process.execPath, ["--import", "jiti/register", path.join(repoRoot, "test/bench/types-ls.ts"), project, "s0"], { cwd: repoRoot, encoding: "utf8" });
  if (ls.status !== 0) throw new Error(`language service run failed: ${ls.stderr}`);
  const completion = JSON.parse(ls.stdout) as { ms: number; afterLoadMs: number; entries: number };
  if (completion.entries < TOOLS_PER_SERVER) throw new Error(`completion after mcp.s0. listed ${completion.entries} entries`);
  return {
    instantiations: figure("Instantiations"),
    checkSeconds: figure("Check time"),
    memoryMb: figure("Memory used") / 1024,
    totalSeconds: figure("Total time"),
    completionMs: completion.ms,
    completionAfterLoadMs: completion.afterLoadMs,
  };
}

const base = await realisticTools();
console.log(`mcp-codegen type-checking benchmark: ${base.length} distinct base tools, servers of ${TOOLS_PER_SERVER} tools, TypeScript ${ts.version}${process.env["BENCH_TYPES_CLI"] ? `, CLI ${CLI}` : ""}\n`);
const results: { size: number; figures: Record<Variant, Figures> }[] = [];
for (const size of SIZES) {
  const root = path.join(repoRoot, ".tmp", `bench-types-${size}`);
  generateProject(path.join(root, "generated"), base, size);
  const figures = {} as Record<Variant, Figures>;
  for (const variant of ["generated", "checked", "floor"] as const) {
    const project = path.join(root, variant);
    if (variant !== "generated") {
      rmSync(project, { recursive: true, force: true });
      cpSync(path.join(root, "generated"), project, { recursive: true });
      rewriteModules(path.join(project, "generated"), variant === "checked" ? checked : declared);
    }
    figures[variant] = measure(project);
  }
  results.push({ size, figures });
  rmSync(root, { recursive: true, force: true });
}

const pad = (text: string, width: number) => text.padStart(width);
console.log("tools  variant      instantiations  per tool  check s  memory MB  total s  1st completion ms (cold / loaded)");
for (const { size, figures } of results) {
  for (const [variant, f] of Object.entries(figures)) {
    console.log(
      `${pad(String(size), 5)}  ${variant.padEnd(10)}  ${pad(String(f.instantiations), 14)}  ${pad((f.instantiations / size).toFixed(0), 8)}  ${pad(f.checkSeconds.toFixed(2), 7)}  ${pad(f.memoryMb.toFixed(0), 9)}  ${pad(f.totalSeconds.toFixed(2), 7)}  ${pad(f.completionMs.toFixed(0), 10)} / ${f.completionAfterLoadMs.toFixed(0)}`,
    );
  }
}
console.log("\nratios to the floor (instantiations, check time, memory, first completion cold, loaded):");
for (const { size, figures } of results) {
  const { floor } = figures;
  for (const variant of ["generated", "checked"] as const) {
    const f = figures[variant];
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    console.log(`${pad(String(size), 5)}  ${variant.padEnd(10)}  ${ratio(f.instantiations, floor.instantiations)}  ${ratio(f.checkSeconds, floor.checkSeconds)}  ${ratio(f.memoryMb, floor.memoryMb)}  ${ratio(f.completionMs, floor.completionMs)}  ${ratio(f.completionAfterLoadMs, floor.completionAfterLoadMs)}`);
  }
}
const at100 = results.find((result) => result.size === 100)?.figures.generated;
const worst = Math.max(...results.map(({ figures }) => figures.generated.instantiations / figures.floor.instantiations));
console.log(
  `\ntargets: instantiations <= ${TARGETS.instantiationsRatio}x the floor: ${worst.toFixed(2)}x; first completion at 100 tools <= ${TARGETS.completionMs100} ms: ${at100?.completionAfterLoadMs.toFixed(0)} ms once loaded (${at100?.completionMs.toFixed(0)} ms cold, parsing included)`,
);

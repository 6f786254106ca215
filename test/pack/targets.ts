/**
 * Part of `npm run test:pack`: the framework targets installed the way a user installs them.
 * Two fresh apps outside the repo, each with one agent framework and no LangChain:
 *
 *  - `ai` only: `targets: ["ai-sdk"]`;  - `@openai/agents` only: `targets: ["openai-agents"]`.
 *
 * For each: the installed `mcp-codegen generate` against the example math server and
 * server-everything over stdio, with an approval policy naming `everything.echo`; the generated files import
 * no other framework; the consumer (test/pack/<target>-app) type-checks under the tsconfig matrix
 * (bundler and NodeNext strict) with TypeScript 7 and 5.9, is compiled, and runs the framework's
 * own loop with a scripted model against the real servers: a read-only tool runs and comes back
 * typed, the tool the policy names pauses for approval. Exits 1 on the first failed check.
 */
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { repoRoot } from "../helpers/servers.js";
import { ensureDir, installedPackages, npm, packBoth, repoVersion, run, tempDir, scriptProgress, userTypeScriptSpec, writeExampleConfig, writeManifest, type Tarballs } from "./app.js";

const FRAMEWORK_PACKAGES = ["@langchain/core", "langchain", "ai", "@openai/agents"];

interface TargetApp {
  target: "ai-sdk" | "openai-agents";
  framework: "ai" | "@openai/agents";
  consumer: string;
  expected: RegExp[];
}

const APPS: TargetApp[] = [
  {
    target: "ai-sdk",
    framework: "ai",
    consumer: "test/pack/ai-sdk-app",
    expected: [/^approval add=not-applicable echo=user-approval$/, /^generateText add \{"result":8\} then "the sum is in"$/, /^add\.execute 42$/, /^echo paused for approval: 1 request, 0 results$/],
  },
  {
    target: "openai-agents",
    framework: "@openai/agents",
    consumer: "test/pack/agents-app",
    expected: [/^tools with add$/, /^run add: 1 tool output, final "the sum is 8"$/, /^math\.add 42$/, /^run echo interrupted for approval: echo$/],
  },
];

const { step, check } = scriptProgress("test:pack (targets)");

function install(root: string, spec: TargetApp, tarballs: Tarballs): string {
  const app = ensureDir(join(root, spec.target));
  writeManifest(app, {
    dependencies: { "@mcp-codegen/runtime": `file:${tarballs.runtime}`, zod: `^${repoVersion("zod")}`, [spec.framework]: `^${repoVersion(spec.framework)}` },
    devDependencies: {
      "mcp-codegen": `file:${tarballs.generator}`,
      typescript: userTypeScriptSpec(),
      typescript59: `npm:typescript@^${repoVersion("typescript")}`,
      "@types/node": `^${repoVersion("@types/node")}`,
    },
  });
  for (const config of ["tsconfig.bundler.json", "tsconfig.nodenext.json"]) cpSync(resolve(repoRoot, "test/pack/app", config), join(app, config));
  cpSync(resolve(repoRoot, spec.consumer, "src"), join(app, "src"), { recursive: true });
  writeExampleConfig(app, [`targets: [${JSON.stringify(spec.target)}],`, `approval: { destructive: true, tools: { "everything.echo": true } },`]);
  const result = npm(["install"], app);
  check(!/peer/i.test(result.stderr), `installing the ${spec.framework} app warned about peers:\n${result.stderr}`);
  // AI SDK 7 asks for Node >= 22 in its engines; it installs and runs on Node 20 (reported, not failed).
  const engines = [...new Set(result.stderr.split("\n").filter((line) => /EBADENGINE/.test(line) && /package: '/.test(line)).map((line) => line.replace(/.*package: '([^']+)'.*/, "$1")))];
  if (engines.length > 0) step(`note: npm warned EBADENGINE (engines) for ${engines.join(", ")} on Node ${process.versions.node}`);
  const others = installedPackages(app).filter((entry) => FRAMEWORK_PACKAGES.includes(entry.name) && entry.name !== spec.framework);
  check(others.length === 0, `the ${spec.framework} app installed other frameworks: ${others.map((entry) => entry.path).join(", ")}`);
  return app;
}

function checkImports(app: string, spec: TargetApp): void {
  const foreign = FRAMEWORK_PACKAGES.filter((name) => name !== spec.framework);
  const files = readdirSync(join(app, "generated"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
  for (const file of files) {
    const text = readFileSync(join(app, "generated", file), "utf8");
    const found = foreign.filter((name) => text.includes(`"${name}`));
    check(found.length === 0, `generated/${file} imports ${found.join(", ")} though only ${spec.target} is configured`);
  }
}

function typeCheck(app: string): void {
  const compilers = [["7", join(app, "node_modules/.bin/tsc")], ["5.9", join(app, "node_modules/typescript59/bin/tsc")]] as const;
  for (const [version, tsc] of compilers) {
    for (const config of ["tsconfig.bundler.json", "tsconfig.nodenext.json"]) {
      // TypeScript 7 under NodeNext also emits dist/, the consumer that runs next: one pass, not a check and a build.
      const emit = version === "7" && config === "tsconfig.nodenext.json";
      const result = run(tsc, ["-p", config, ...(emit ? [] : ["--noEmit"])], app, true);
      check(result.status === 0, `tsc ${version} -p ${config} failed:\n${result.stdout}${result.stderr}`);
    }
  }
}

function runConsumer(app: string, spec: TargetApp): void {
  const result = run(process.execPath, ["dist/src/main.js"], app, true);
  const lines = result.stdout.split("\n").filter((line) => line.trim() !== "");
  const errors = result.stderr.split("\n").filter((line) => line.trim() !== "");
  check(result.status === 0 && errors.length === 0, `the ${spec.target} consumer failed (exit ${result.status}):\n${[...lines, ...errors].join("\n")}`);
  for (const expected of spec.expected) check(lines.some((line) => expected.test(line)), `the ${spec.target} consumer printed no line like ${expected}:\n${lines.join("\n")}`);
  for (const line of lines) console.log(`    ${line}`);
}

const work = tempDir("targets");
try {
  step(`packing into ${work.path}`);
  const tarballs = packBoth(ensureDir(join(work.path, "tarballs")));
  for (const spec of APPS) {
    step(`${spec.target}: installing an app with only ${spec.framework} (runtime + zod + ${spec.framework}; -D mcp-codegen typescript 7 and 5.9)`);
    const app = install(work.path, spec, tarballs);
    step(`${spec.target}: node_modules/.bin/mcp-codegen generate (targets: ["${spec.target}"], approval for everything.echo)`);
    run(join(app, "node_modules/.bin/mcp-codegen"), ["generate"], app);
    checkImports(app, spec);
    step(`${spec.target}: tsc 7 and 5.9, bundler and NodeNext strict; compiled`);
    typeCheck(app);
    step(`${spec.target}: node dist/src/main.js`);
    runConsumer(app, spec);
  }
  step("test:pack (targets) passed");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  work.cleanup();
}

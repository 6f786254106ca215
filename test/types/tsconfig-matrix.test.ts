/**
 * Generated code compiles in the projects users have: NodeNext strict, bundler (Vite, Next.js) and
 * Vite's stock `tsconfig.app.json` flags, each with TypeScript 5.9 and 7 (the `typescript` users get
 * from npm today, installed here as `typescript7`). Compiles generated-example/, the consumer type
 * tests, server-everything's generated module and the framework targets' output (AI SDK, OpenAI
 * Agents) with its type tests, with each compiler's own `tsc`. Each schemas
 * module is compiled as its typed twin (without its `@ts-nocheck` line): the Zod constructions
 * are checked against the interfaces here, under every config, as users' compilers never do.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";
import { EVERYTHING_STDIO, NOTES_STDIO, repoRoot } from "../helpers/servers.js";
import { everythingConsumer } from "./everything-consumer.js";
import { targetsConsumer } from "./targets-consumer.js";
import { TSCONFIGS } from "./tsconfigs.js";
import { typedTwin } from "../../src/emit/schemas-module.js";

const COMPILERS = {
  "5.9": path.join(repoRoot, "node_modules/typescript/bin/tsc"),
  "7": path.join(repoRoot, "node_modules/typescript7/bin/tsc"),
} as const;

let project: string;

beforeAll(async () => {
  project = tempProject("tsconfigs");
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { everything: EVERYTHING_STDIO }, outDir: "everything" }));
  const result = await runCli(["generate"], { cwd: project });
  expect(result.status, result.stderr).toBe(0);
  // The framework targets' output (AI SDK, OpenAI Agents, approvals, strict projections), with its consumer.
  const targetsConfig = { servers: { notes: NOTES_STDIO }, outDir: "targets", snapshot: "targets/mcp-snapshot.json", targets: ["ai-sdk", "openai-agents"], approval: { destructive: true }, modelSchema: "openai-strict" };
  writeFileSync(path.join(project, "codegen.targets.json"), JSON.stringify(targetsConfig));
  const targets = await runCli(["generate", "-c", "codegen.targets.json"], { cwd: project });
  expect(targets.status, targets.stderr).toBe(0);
  mkdirSync(path.join(project, "test/types"), { recursive: true });
  writeFileSync(path.join(project, "test/types/targets.ts"), targetsConsumer("../../targets"));
  cpSync(path.join(repoRoot, "generated-example"), path.join(project, "generated-example"), { recursive: true });
  // The consumer type tests, with their `@ts-expect-error` lines, against the copied example.
  cpSync(path.join(repoRoot, "test/types/consumer.ts"), path.join(project, "test/types/consumer.ts"));
  writeFileSync(path.join(project, "test/types/everything.ts"), everythingConsumer("../../everything/index.js"));
  for (const module of ["everything/everything/schemas.ts", "generated-example/math/schemas.ts", "generated-example/weather/schemas.ts", "targets/notes/schemas.ts"]) {
    const file = path.join(project, module);
    writeFileSync(file, typedTwin(readFileSync(file, "utf8")));
  }
});

describe.each(Object.entries(TSCONFIGS))("tsconfig %s", (name, compilerOptions) => {
  it.each(Object.entries(COMPILERS))("compiles with TypeScript %s", (version, tsc) => {
    const config = path.join(project, `tsconfig.${name}.json`);
    writeFileSync(config, JSON.stringify({ compilerOptions, include: ["everything", "generated-example", "targets", "test"] }, null, 2));
    const run = spawnSync(process.execPath, [tsc, "-p", config], { cwd: project, encoding: "utf8" });
    expect(`${run.stdout}${run.stderr}`.trim(), `TypeScript ${version}, ${name}`).toBe("");
    expect(run.status).toBe(0);
  }, 240_000); // a whole-project tsc run: minutes on a loaded two-core machine
});

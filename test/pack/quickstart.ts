/**
 * Part of `npm run test:pack`: the README's user quick start, pasted into a fresh app outside the
 * repository, step by step (test/docs/quickstart.ts reads the steps from the README). The only
 * changes to what a user pastes:
 *  - `@mcp-codegen/runtime` and `mcp-codegen` are installed from the packed tarballs of this
 *    checkout (they are not published from here);
 *  - the agent's model string is replaced by a scripted LangChain model (`fakeModel`) that calls
 *    the `get-sum` tool once and then answers, since a test reaches no model provider.
 * The typed call must print the server's answer, the agent its final message after a real tool
 * call over stdio, `generate --offline --check` and `check` must pass. Exits 1 on the first failure.
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import { repoRoot } from "../helpers/servers.js";
import { quickStartSteps, type QuickStartStep } from "../docs/quickstart.js";
import { packBoth, tempDir } from "./app.js";

const SCRIPTED_MODEL = `fakeModel()
  .respondWithTools([{ name: "get-sum", args: { a: 2, b: 40 }, id: "call-1" }])
  .respond(new AIMessage("2 + 40 = 42"))`;

/** The user's `npm i` lines, with this checkout's packed packages in place of the published ones. */
function localPackages(command: string, tarballs: { runtime: string; generator: string }): string {
  return command
    .replace(/(^|\s)@mcp-codegen\/runtime(?=\s|$)/, `$1${tarballs.runtime}`)
    .replace(/(^|\s)mcp-codegen(?=\s|$)/, `$1${tarballs.generator}`);
}

function scriptedAgent(content: string): string {
  if (!content.includes('model: "openai:gpt-4.1-mini"')) throw new Error("quickstart: the agent block no longer names the model this runner replaces");
  return `import { fakeModel } from "@langchain/core/testing";\nimport { AIMessage } from "@langchain/core/messages";\n${content.replace('"openai:gpt-4.1-mini"', SCRIPTED_MODEL)}`;
}

function runStep(step: QuickStartStep, app: string, tarballs: { runtime: string; generator: string }, outputs: string[]): void {
  if (step.kind === "file") {
    mkdirSync(dirname(join(app, step.path)), { recursive: true });
    writeFileSync(join(app, step.path), step.path === "src/agent.ts" ? scriptedAgent(step.content) : step.content);
    console.log(`wrote ${step.path}`);
    return;
  }
  for (const line of step.commands) {
    const command = /^npm i\b/.test(line) ? `${localPackages(line, tarballs)} --no-audit --no-fund` : line;
    console.log(`$ ${line}`);
    const result = spawnSync("bash", ["-c", command], { cwd: app, encoding: "utf8", env: { ...process.env, CI: "1" }, maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`quickstart: \`${line}\` exited with ${result.status}\n${result.stdout}\n${result.stderr}`);
    if (/^npx tsx /.test(line)) outputs.push(result.stdout.trim());
    // The installed generator counts the tools' tokens: its rank table shipped (dist/context-cost/o200k.bin).
    if (/^npx mcp-codegen generate$/.test(line) && !result.stdout.includes("tool context:")) throw new Error(`quickstart: \`${line}\` printed no token count\n${result.stdout}`);
  }
}

const temp = tempDir("quickstart");
try {
  const tarballs = packBoth(temp.path);
  const app = join(temp.path, "app");
  mkdirSync(app);
  const outputs: string[] = [];
  for (const step of quickStartSteps(readFileSync(join(repoRoot, "README.md"), "utf8"))) runStep(step, app, tarballs, outputs);
  const [call, agent] = outputs;
  if (call !== "The sum of 2 and 40 is 42.") throw new Error(`quickstart: the typed call printed ${JSON.stringify(call)}`);
  if (agent !== "2 + 40 = 42") throw new Error(`quickstart: the agent printed ${JSON.stringify(agent)}`);
  console.log("quickstart: every README step passed in a fresh app");
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  temp.cleanup();
}

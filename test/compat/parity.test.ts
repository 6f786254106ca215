/**
 * Drop-in acceptance: `program.ts`, written against `@langchain/mcp-adapters` 1.x with every
 * option the compat entry point promises, runs unchanged but for its import line on
 * `@mcp-codegen/runtime/compat`, against real servers (math and media over stdio,
 * server-everything over streamable HTTP behind a recording proxy), and prints the same;
 * it also type-checks against both packages.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempProject } from "../helpers/cli.js";
import { typecheck } from "../helpers/typecheck.js";
import { repoRoot, startEverythingHttp, type RunningServer } from "../helpers/servers.js";
import { startRecordingProxy, type RecordingProxy } from "../runtime/recording-proxy.js";

const PEER_IMPORT = 'import { MultiServerMCPClient } from "@langchain/mcp-adapters";';
const COMPAT_IMPORT = 'import { MultiServerMCPClient } from "@mcp-codegen/runtime/compat";';

let everything: RunningServer;
let peerProgram: string;
let compatProgram: string;

beforeAll(async () => {
  everything = await startEverythingHttp();
  const text = readFileSync(path.join(repoRoot, "test/compat/program.ts"), "utf8");
  expect(text).toContain(PEER_IMPORT);
  const folder = tempProject("compat-program");
  peerProgram = path.join(folder, "peer.ts");
  compatProgram = path.join(folder, "compat.ts");
  writeFileSync(peerProgram, text);
  writeFileSync(compatProgram, text.replace(PEER_IMPORT, COMPAT_IMPORT));
});

afterAll(async () => {
  await everything?.stop();
});

interface Run {
  output: Record<string, unknown>;
  /** What reached server-everything in this run (through a proxy of its own). */
  requests: RecordingProxy["requests"];
}

async function runProgram(file: string, standardBlocks: boolean): Promise<Run> {
  const proxy = await startRecordingProxy(everything.url);
  try {
    return { output: await runChild(file, standardBlocks, proxy.url(everything.url)), requests: proxy.requests };
  } finally {
    await proxy.close();
  }
}

function runChild(file: string, standardBlocks: boolean, everythingUrl: string): Promise<Record<string, unknown>> {
  const env = {
    ...process.env,
    MATH_SERVER: path.join(repoRoot, "test/servers/dist/math.js"),
    MEDIA_SERVER: path.join(repoRoot, "test/servers/dist/media.js"),
    EVERYTHING_URL: everythingUrl,
    STANDARD_BLOCKS: standardBlocks ? "1" : "0",
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "jiti/register", file], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`${path.basename(file)} exited with ${code}:\n${stderr}`));
      resolve(normalize(JSON.parse(stdout) as Record<string, unknown>));
    });
  });
}

/** server-everything stamps the time into its dynamic resources. */
function normalize(output: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(output).replace(/created at [0-9:]+ [AP]M/g, "created at <time>")) as Record<string, unknown>;
}

it("type-checks unchanged against both packages (strict, exactOptionalPropertyTypes, NodeNext)", () => {
  expect(typecheck([peerProgram, compatProgram])).toEqual([]);
});

describe.each([false, true])("the same program on the peer and on the compat entry (useStandardContentBlocks %s)", (standardBlocks) => {
  let peer: Run;
  let ours: Run;

  beforeAll(async () => {
    [peer, ours] = await Promise.all([runProgram(peerProgram, standardBlocks), runProgram(compatProgram, standardBlocks)]);
  });

  it("prints exactly what the peer prints", () => {
    expect(ours.output).toEqual(peer.output);
  });

  it("exercised every option (a program that did nothing would also print the same)", () => {
    const output = ours.output;
    expect(output["connectionErrors"]).toEqual(["broken"]);
    expect(output["initialized"]).toEqual(["everything", "math", "media"]);
    expect(output["toolNames"]).toContain("mcp__math__add");
    // beforeToolCall merged b: 10 over the model's b: 2.
    expect(JSON.stringify(output["add"])).toContain('{\\"result\\":11}');
    expect(output["multiply"]).toMatchObject({ content: "replaced by the hook", artifact: [] });
    expect(output["sum"]).toMatchObject({ content: [{ type: "text", text: "a tuple from the hook" }] });
    expect(output["divideByZero"]).toEqual({ threw: true });
    expect(output["timedOut"]).toEqual({ threw: true });
    // outputHandling: images and (for media) audio to the artifact, resources to the artifact.
    expect(JSON.stringify((output["image"] as { artifact: unknown }).artifact)).toContain('"type":"image"');
    expect(JSON.stringify((output["tone"] as { artifact: unknown }).artifact)).toContain('"type":"audio"');
    expect((output["embedded"] as { artifact: unknown[] }).artifact).toHaveLength(1);
    expect(output["read"]).toEqual([{ uri: "resource://constants/pi", mimeType: "text/plain", text: String(Math.PI) }]);
    expect(output["prompts"]).toEqual(["summarize"]);
  });

  it("sent the hook's header with the call over HTTP; ours keeps the configured header too", () => {
    const withHookHeader = (run: Run): RecordingProxy["requests"] => run.requests.filter((request) => request.headers["x-request-id"] === "req-echo");
    expect(withHookHeader(peer).length).toBeGreaterThan(0);
    // The peer opens a second connection with the hook's headers in place of the configured ones;
    // ours sends them with this one call, over the configured ones.
    expect(withHookHeader(ours).map((request) => [request.method, request.headers["x-configured"]])).toEqual([["POST", "yes"]]);
  });
});

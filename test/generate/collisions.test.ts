/**
 * Every identifier case the README promises, against real servers: names that camelCase alike
 * (`get_weather` / `get-weather`, server keys `my-server` / `my_server`), names that are not
 * identifiers (`2fa`, `∑`), JavaScript reserved words (`delete`, `class`, kept: they are valid
 * member names) and the generated API's own members (`resources`, `getTools`, `verify`,
 * `runtime`, `then`). Each gets its exact generated name and report line; the generated code
 * compiles under the strict flags and calls the raw MCP name on the wire.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { typecheck } from "../helpers/typecheck.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");
const TOOL_NAMES = ["get_weather", "get-weather", "2fa", "resources", "getTools", "verify", "delete", "class", "tool", "∑"];
const schema = { type: "object", properties: { city: { type: "string" } } };

const crowded = {
  capabilities: { tools: {}, resources: {}, prompts: {} },
  tools: TOOL_NAMES.map((name) => ({ name, inputSchema: schema })),
  // Each tool answers with its own raw name, so a call shows which tool went on the wire.
  results: Object.fromEntries(TOOL_NAMES.map((name) => [name, { called: name }])),
  resources: [
    { uri: "r://doc", name: "my doc" },
    { uri: "r://then", name: "then" },
  ],
  resourceTemplates: [{ uriTemplate: "r://docs/{id}", name: "my-doc" }],
  prompts: [{ name: "summarize" }, { name: "Summarize" }],
};
const plain = { capabilities: { tools: {} }, tools: [{ name: "ping", inputSchema: { type: "object" } }], results: { ping: { called: "ping" } } };

/** The exact report line (subject: message) of every renamed name, in the order generate reports them. */
const EXPECTED_NOTES = [
  'server "2fa": client property named _2fa ("2fa" starts with a digit)',
  'tool "my-server/2fa": named _2fa ("2fa" starts with a digit)',
  'tool "my-server/getTools": named getTools2 ("getTools" clashes with a member of the generated API)',
  'tool "my-server/get_weather": named getWeather2 ("get_weather" clashes with tool "get-weather")',
  'tool "my-server/resources": named resources2 ("resources" clashes with a member of the generated API)',
  'tool "my-server/verify": named verify2 ("verify" clashes with a member of the generated API)',
  'tool "my-server/∑": named tool2 ("∑" has no ASCII letters or digits and clashes with tool "tool")',
  'resource "my-server/r://then": named then2 ("then" clashes with a member of the generated API)',
  'resource template "my-server/r://docs/{id}": named myDoc2 ("my-doc" clashes with resource "my doc")',
  'prompt "my-server/summarize": named summarize2 ("summarize" clashes with prompt "Summarize")',
  'server "my_server": client property named myServer2 ("my_server" clashes with server "my-server")',
  'server "runtime": client property named runtime2 ("runtime" clashes with a member of the generated API)',
  // One naming pass over every target (issue 28): a tool name several servers share is prefixed for the model.
  ...["2fa", "delete", "my_server", "runtime"].map(
    (server) => `tool "${server}/ping": model-facing name ${server}__ping among every server's tools (servers 2fa, delete, my_server, runtime all have a tool named "ping")`,
  ),
];

describe("identifier collisions", () => {
  let project: string;
  let cliStderr: string;

  beforeAll(async () => {
    project = tempProject("collisions");
    writeFileSync(path.join(project, "crowded.json"), JSON.stringify(crowded));
    writeFileSync(path.join(project, "plain.json"), JSON.stringify(plain));
    const server = (file: string) => ({ transport: "stdio", command: "node", args: [LISTING_SERVER, file] });
    const servers = { "my-server": server("crowded.json"), my_server: server("plain.json"), "2fa": server("plain.json"), delete: server("plain.json"), runtime: server("plain.json") };
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers, outDir: "out" }));
    const cli = await runCli(["generate"], { cwd: project });
    expect(cli.status, cli.stderr).toBe(0);
    cliStderr = cli.stderr;
  });

  it("reports each renamed name with its exact generated name and reason", () => {
    // Each report line, without whatever prefix the CLI puts before its subject.
    const reported = cliStderr
      .split("\n")
      .filter((line) => line.includes(" named "))
      .map((line) => line.replace(/^.*?(?=(server|tool|resource template|resource|prompt) ")/, ""));
    expect(reported).toEqual(EXPECTED_NOTES);
  });

  it("the generated names compile under the strict flags, and a wrong one does not", () => {
    const consumer = path.join(project, "consumer.ts");
    writeFileSync(
      consumer,
      `import { createClient } from "./out/index.js";
import type { GetWeatherInput, GetWeather2Input, T_2faInput, DeleteInput, ClassInput, Tool2Input } from "./out/my-server/index.js";
const mcp = createClient();
const input: GetWeather2Input & GetWeatherInput & T_2faInput & DeleteInput & ClassInput & Tool2Input = { city: "Oslo" };
export const calls = [
  mcp.myServer.getWeather(input), mcp.myServer.getWeather2(input), mcp.myServer._2fa(), mcp.myServer.resources2(),
  mcp.myServer.getTools2(), mcp.myServer.verify2(), mcp.myServer.delete(), mcp.myServer.class(), mcp.myServer.tool(), mcp.myServer.tool2(),
  mcp.myServer.resources.myDoc(), mcp.myServer.resources.myDoc2({ id: "1" }), mcp.myServer.resources.then2(),
  mcp.myServer.prompts.summarize(), mcp.myServer.prompts.summarize2(),
  mcp.myServer2.ping(), mcp._2fa.ping(), mcp.delete.ping(), mcp.runtime2.ping(),
  mcp.myServer.getTools(), mcp.verify(), mcp.runtime.listTools("runtime"),
];
// @ts-expect-error the raw name is not a method
mcp.myServer.get_weather(input);
`,
    );
    expect(typecheck([consumer])).toEqual([]);
  });

  it("each generated name calls its own raw MCP name", async () => {
    type Call = (args?: unknown) => Promise<{ structuredContent: unknown }>;
    const { createClient } = (await import(path.join(project, "out/index.ts"))) as {
      createClient(): Record<string, Record<string, Call>> & { close(): Promise<void> };
    };
    const mcp = createClient();
    try {
      const called = async (server: string, method: string) => (await mcp[server]?.[method]?.({}))?.structuredContent;
      const methods = { getWeather: "get-weather", getWeather2: "get_weather", _2fa: "2fa", resources2: "resources", getTools2: "getTools", verify2: "verify", delete: "delete", class: "class", tool: "tool", tool2: "∑" };
      for (const [method, raw] of Object.entries(methods)) expect(await called("myServer", method), method).toEqual({ called: raw });
      for (const server of ["myServer2", "_2fa", "delete", "runtime2"]) expect(await called(server, "ping"), server).toEqual({ called: "ping" });
    } finally {
      await mcp.close();
    }
  });
});

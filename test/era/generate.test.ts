/**
 * `generate` and `check` through the built CLI against the SDK 2.x era servers (one serving only
 * 2026-07-28, one serving both eras), over stdio and streamable HTTP; then the generated client:
 * it compiles, its typed calls, resources, template, prompt, multi round-trip tool and
 * `x-mcp-header` tool work, and it starts in the recorded era without a probing child.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { typecheck } from "../helpers/typecheck.js";
import { eraStdio, startEraHttp } from "./servers.js";

let project: string;
let startLog: string;
const http: RunningServer[] = [];
let generateResult: Awaited<ReturnType<typeof runCli>>;

beforeAll(async () => {
  project = tempProject("era");
  startLog = path.join(project, "starts.log");
  const [modernHttp, dualHttp] = await Promise.all([startEraHttp("modern"), startEraHttp("dual")]);
  http.push(modernHttp, dualHttp);
  const logged = (config: ReturnType<typeof eraStdio>) => ({ ...config, env: { ERA_START_LOG: startLog } });
  const servers = {
    modernStdio: logged(eraStdio("modern")),
    dualStdio: logged(eraStdio("dual")),
    modernHttp: { transport: "http", url: modernHttp.url },
    dualHttp: { transport: "http", url: dualHttp.url },
  };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers, outDir: "out" }));
  generateResult = await runCli(["generate"], { cwd: project });
}, 120_000);

afterAll(async () => {
  await Promise.all(http.map((server) => server.stop()));
});

const SERVERS = ["modernStdio", "dualStdio", "modernHttp", "dualHttp"] as const;

describe("generate", () => {
  it("succeeds and records 2026-07-28 (modern era) for every server, the dual-era ones too", () => {
    expect(generateResult.status, generateResult.stderr).toBe(0);
    const snapshot = JSON.parse(readFileSync(path.join(project, "out/mcp-snapshot.json"), "utf8"));
    for (const server of SERVERS) {
      expect(snapshot.servers[server], server).toMatchObject({ protocolVersion: "2026-07-28", era: "modern" });
      // Cache hints are about one response, never part of the snapshot.
      expect(JSON.stringify(snapshot.servers[server])).not.toMatch(/ttlMs|cacheScope/);
    }
  });

  it("leaves the tool with an invalid x-mcp-header out, with a warning naming tool and reason", () => {
    for (const server of SERVERS) {
      expect(generateResult.stderr).toContain(
        `warning: tool "${server}/broken_header" /inputSchema: left out of the generated code: x-mcp-header on property "options": the property must be of type string, integer or boolean (it is object)`,
      );
    }
    const module = readFileSync(path.join(project, "out/modernHttp/index.ts"), "utf8");
    expect(module).not.toContain("brokenHeader");
    expect(module).toContain("Over streamable HTTP these parameters also travel as HTTP headers: `region` as `Mcp-Param-Region`.");
  });

  it("keeps $ref as the server sent it", () => {
    const snapshot = JSON.parse(readFileSync(path.join(project, "out/mcp-snapshot.json"), "utf8"));
    const distance = snapshot.servers.modernStdio.tools.find((tool: { name: string }) => tool.name === "distance");
    expect(distance.inputSchema.properties.from).toEqual({ $ref: "#/$defs/Point" });
  });

  it("writes the captured era into the generated connection", () => {
    const module = readFileSync(path.join(project, "out/dualStdio/index.ts"), "utf8");
    expect(module).toMatch(/captured: \{\s*era: "modern",\s*revision: "2026-07-28",/);
  });

  it("compiles under strict flags, with typed non-object output and no method for the left-out tool", () => {
    const consumer = path.join(project, "consumer.ts");
    writeFileSync(
      consumer,
      [
        'import { createClient } from "./out/index.js";',
        "const mcp = createClient();",
        "export async function use(): Promise<number> {",
        "  const root: number = (await mcp.modernStdio.squareRoot({ x: 9 })).structuredContent;",
        "  const price: number = (await mcp.dualHttp.regionalPrice({ region: 'eu', item: 'tea' })).structuredContent.price;",
        "  const confirmed: boolean = (await mcp.modernHttp.confirmOrder({ item: 'tea' })).structuredContent.confirmed;",
        "  // @ts-expect-error the tool with an invalid x-mcp-header was left out",
        "  await mcp.modernStdio.brokenHeader({});",
        "  return root + price + Number(confirmed);",
        "}",
        "",
      ].join("\n"),
    );
    expect(typecheck([consumer])).toEqual([]);
  });
});

describe("the generated client", () => {
  // The generated module is loaded at run time; its types are checked above.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let mcp: any;
  const elicitations: string[] = [];

  beforeAll(async () => {
    writeFileSync(startLog, "");
    const generated = await import(path.join(project, "out/index.ts"));
    mcp = generated.createClient({
      callbacks: {
        onElicitation: (request: { message: string; mode?: string }) => {
          elicitations.push(request.message);
          return request.mode === "url" ? { action: "accept" } : { action: "accept", content: { confirm: true } };
        },
      },
    });
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it.each(SERVERS)("calls typed tools, resources, the template and the prompt of %s", async (server) => {
    const client = mcp[server];
    expect((await client.add({ a: 2, b: 3 })).structuredContent).toEqual({ sum: 5 });
    // A number at the root of the output schema: typed and validated as a number, no wrapping.
    expect((await client.squareRoot({ x: 9 })).structuredContent).toBe(3);
    expect((await client.distance({ from: { x: 0, y: 0 }, to: { x: 3, y: 4 } })).text).toBe("5");
    expect(await client.resources.readme()).toEqual([{ uri: "era://readme", mimeType: "text/plain", text: "The era test server." }]);
    expect(await client.resources.item({ id: "pear" })).toEqual([{ uri: "era://items/pear", mimeType: "text/plain", text: "A green fruit." }]);
    const messages = await client.prompts.greet({ name: "Ann" });
    expect(messages.map((message: { content: unknown }) => message.content)).toEqual(["Say hello to Ann."]);
  });

  it.each(SERVERS)("answers the multi round-trip tool of %s through onElicitation", async (server) => {
    elicitations.length = 0;
    expect((await mcp[server].confirmOrder({ item: "jam" })).structuredContent).toEqual({ item: "jam", confirmed: true });
    expect(elicitations).toEqual(["Order jam?"]);
  });

  it.each(SERVERS)("calls the x-mcp-header tool of %s", async (server) => {
    expect((await mcp[server].regionalPrice({ region: "us", item: "tea" })).structuredContent).toEqual({ region: "us", price: 4 });
  });

  it("started each stdio server once: no probing child for a server whose era the snapshot knows", () => {
    const starts = readFileSync(startLog, "utf8").split("\n").filter(Boolean);
    expect(starts).toHaveLength(2);
  });

  it("finds no drift: the dual-era servers are spoken to in 2026-07-28 as captured", async () => {
    const report = await mcp.verify();
    expect(report.changes).toEqual([]);
  });
});

describe("check", () => {
  it("exits 0 against the servers it was generated from", async () => {
    const result = await runCli(["check"], { cwd: project });
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });
});

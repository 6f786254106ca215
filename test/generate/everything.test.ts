/**
 * Generate for @modelcontextprotocol/server-everything over stdio, compile the output under
 * the strict flags, then call every tool that needs no client capability through the
 * generated client (task tools included: their methods run them as tasks).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERYTHING_STDIO } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { typecheck } from "../helpers/typecheck.js";
import { everythingConsumer } from "../types/everything-consumer.js";

let project: string;
// The generated module is loaded at run time; its types are checked by `typecheck` below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let mcp: any;

/** Arguments for each tool; tools absent here are called with no argument at all. */
const ARGUMENTS: Record<string, unknown> = {
  echo: { message: "hello" },
  getAnnotatedMessage: { messageType: "success", includeImage: true },
  getResourceLinks: { count: 2 },
  getResourceReference: { resourceType: "Blob", resourceId: 2 },
  getStructuredContent: { location: "Chicago" },
  getSum: { a: 2, b: 40 },
  simulateResearchQuery: { topic: "tides" },
  // Never the default URL: tests do not touch the internet.
  gzipFileAsResource: { data: "data:text/plain;base64,aGVsbG8gd29ybGQ=", name: "hello.txt.gz", outputType: "resource" },
  triggerLongRunningOperation: { duration: 0.2, steps: 2 },
};

beforeAll(async () => {
  project = tempProject("everything");
  writeFileSync(
    path.join(project, "codegen.config.json"),
    JSON.stringify({ servers: { everything: EVERYTHING_STDIO }, outDir: "out" }),
  );
  const result = await runCli(["generate"], { cwd: project });
  expect(result.status, result.stderr).toBe(0);
  const generated = await import(path.join(project, "out/index.ts"));
  mcp = generated.createClient();
});

afterAll(async () => {
  await mcp?.close();
});

describe("server-everything", () => {
  it("compiles under strict flags with NodeNext resolution", () => {
    const consumer = path.join(project, "consumer.ts");
    writeFileSync(consumer, everythingConsumer("./out/index.js"));
    expect(typecheck([consumer])).toEqual([]);
  });

  it("turns hyphenated tool names into camelCase methods", async () => {
    const { tools } = await import(path.join(project, "out/everything/index.ts"));
    expect(tools.getTinyImage.name).toBe("get-tiny-image");
    expect(tools.triggerLongRunningOperation.name).toBe("trigger-long-running-operation");
    expect(typeof mcp.everything.getTinyImage).toBe("function");
  });

  it("calls every tool that needs no client capability, task tools included", async () => {
    const { tools } = await import(path.join(project, "out/everything/index.ts"));
    const called: string[] = [];
    for (const method of Object.keys(tools)) {
      const args = ARGUMENTS[method];
      const result = args === undefined ? await mcp.everything[method]() : await mcp.everything[method](args);
      expect(Array.isArray(result.content), method).toBe(true);
      called.push(method);
    }
    expect(called).toEqual(expect.arrayContaining(["echo", "getSum", "getTinyImage", "getEnv", "getStructuredContent", "simulateResearchQuery"]));
    expect(called.length).toBe(Object.keys(tools).length);
  });

  it("returns typed results", async () => {
    expect((await mcp.everything.echo({ message: "hi" })).text).toBe("Echo: hi");
    const weather = await mcp.everything.getStructuredContent({ location: "Chicago" });
    expect(weather.structuredContent).toMatchObject({ temperature: expect.any(Number), conditions: expect.any(String) });
    const image = await mcp.everything.getTinyImage();
    expect(image.content.some((block: { type: string }) => block.type === "image")).toBe(true);
  });
});

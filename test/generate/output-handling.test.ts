/**
 * `outputHandling` in codegen.config, through generated clients and their LangChain tools, against
 * real servers over stdio (server-everything: images, embedded resources, resource links,
 * structured content; the media server: audio; math: typed structured content). The routes are
 * data in the generated connection; the runtime applies them, with the peer's meaning.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ToolMessage } from "@langchain/core/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPids, EVERYTHING_STDIO, MATH_STDIO, repoRoot } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";

const MEDIA_STDIO = { transport: "stdio", command: "node", args: [path.join(repoRoot, "test/servers/dist/media.js")] };

const before = new Set(childPids());
let routed: string;
let topLevel: string;
// Generated modules are loaded at run time (their types are checked in test/types).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Factory = (options?: any) => any;
let createRouted: Factory;
let createTopLevel: Factory;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const clients: any[] = [];

function client(factory: Factory, options?: unknown) {
  const made = factory(options);
  clients.push(made);
  return made;
}

async function generateProject(name: string, config: unknown): Promise<string> {
  const project = tempProject(name);
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(config));
  const result = await runCli(["generate"], { cwd: project });
  expect(result.status, result.stderr).toBe(0);
  return project;
}

/** The ToolMessage the model would get from one of the client's LangChain tools. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(mcp: any, server: string, tool: string, args: Record<string, unknown> = {}): Promise<ToolMessage> {
  const found = (await mcp[server].getTools()).find((candidate: { name: string }) => candidate.name === tool);
  return found.invoke({ type: "tool_call", id: "call-1", name: tool, args });
}

const text = (value: string) => ({ type: "text", text: value });
const INTRO = text("Here's the image you requested:");
const OUTRO = text("The image above is the MCP logo.");
const IMAGE = { type: "image", mimeType: "image/png", data: expect.any(String) };

beforeAll(async () => {
  [routed, topLevel] = await Promise.all([
    generateProject("output-routes", {
      servers: {
        plain: EVERYTHING_STDIO,
        shorthand: { ...EVERYTHING_STDIO, outputHandling: "artifact" },
        perType: { ...EVERYTHING_STDIO, outputHandling: { image: "artifact" } },
      },
      outDir: "out",
    }),
    generateProject("output-top", {
      outputHandling: { audio: "artifact", text: "artifact" },
      servers: { math: MATH_STDIO, media: { ...MEDIA_STDIO, outputHandling: { text: "content" } } },
      outDir: "out",
    }),
  ]);
  ({ createClient: createRouted } = await import(path.join(routed, "out/index.ts")));
  ({ createClient: createTopLevel } = await import(path.join(topLevel, "out/index.ts")));
});

afterAll(async () => {
  await Promise.all(clients.map((made) => made.close()));
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

describe("outputHandling in generated clients", () => {
  it("is data in the generated connection, merged with the top-level value; absent when unused", () => {
    const connection = (project: string, server: string) => {
      const module = readFileSync(path.join(project, "out", server, "index.ts"), "utf8");
      return /export const defaultConnection: RuntimeServerConfig = \{[^]*?\n\};/.exec(module)?.[0];
    };
    expect(connection(routed, "plain")).not.toContain("outputHandling");
    expect(connection(routed, "shorthand")).toContain('outputHandling: "artifact",');
    expect(connection(routed, "perType")).toContain('outputHandling: { image: "artifact" },');
    // Block types in MCP_BLOCK_TYPES order, whatever order the config used.
    expect(connection(topLevel, "math")).toContain('outputHandling: { text: "artifact", audio: "artifact" },');
    expect(connection(topLevel, "media")).toContain('outputHandling: { text: "content", audio: "artifact" },');
  });

  it("default: every block goes to the model, the artifact holds only structured content", async () => {
    const mcp = client(createRouted);
    const image = await call(mcp, "plain", "get-tiny-image");
    expect(image.content).toEqual([INTRO, IMAGE, OUTRO]);
    expect(image.artifact).toBeUndefined();
    const reference = await call(mcp, "plain", "get-resource-reference", { resourceType: "Text", resourceId: 1 });
    expect(reference.content).toContainEqual(expect.objectContaining({ type: "text-plain", metadata: { uri: expect.stringContaining("/1") } }));
    expect(reference.artifact).toBeUndefined();
  });

  it('shorthand "artifact": every block to the artifact, in order, next to the structured content', async () => {
    const mcp = client(createRouted);
    const image = await call(mcp, "shorthand", "get-tiny-image");
    expect(image.content).toEqual([]);
    expect(image.artifact).toEqual({ content: [INTRO, IMAGE, OUTRO] });
    const weather = await call(mcp, "shorthand", "get-structured-content", { location: "Chicago" });
    expect(weather.content).toEqual([]);
    expect(weather.artifact).toEqual({
      content: [{ type: "text", text: expect.stringContaining('"temperature"') }],
      structuredContent: { temperature: expect.any(Number), conditions: expect.any(String), humidity: expect.any(Number) },
    });
  });

  it("per type: the named types move, the others keep the peer's default (embedded resources to the artifact)", async () => {
    const mcp = client(createRouted);
    const image = await call(mcp, "perType", "get-tiny-image");
    expect(image.content).toEqual([INTRO, OUTRO]);
    expect(image.artifact).toEqual({ content: [IMAGE] });
    const reference = await call(mcp, "perType", "get-resource-reference", { resourceType: "Text", resourceId: 1 });
    expect(reference.content).toEqual([expect.objectContaining({ type: "text" }), expect.objectContaining({ type: "text" })]);
    expect(reference.artifact).toEqual({ content: [expect.objectContaining({ type: "text-plain", metadata: { uri: expect.stringContaining("/1") } })] });
    const links = await call(mcp, "perType", "get-resource-links", { count: 2 });
    expect((links.content as { type: string }[]).filter((block) => block.type === "file")).toHaveLength(2);
    expect(links.artifact).toBeUndefined();
    // The runtime's tools from the live listing follow the same routes.
    const live = (await mcp.runtime.getTools("perType")).find((tool: { name: string }) => tool.name === "get-tiny-image");
    const message = await live.invoke({ type: "tool_call", id: "call-2", name: live.name, args: {} });
    expect(message.content).toEqual([INTRO, OUTRO]);
    expect(message.artifact).toEqual({ content: [IMAGE] });
  });

  it("a server's own value wins over the top level, type by type; typed structured content stays in the artifact", async () => {
    const mcp = client(createTopLevel);
    const tone = await call(mcp, "media", "tone");
    expect(tone.content).toEqual([text("a silent tone")]);
    expect(tone.artifact).toEqual({ content: [{ type: "audio", mimeType: "audio/wav", data: expect.any(String), metadata: { annotations: { audience: ["user"], priority: 0.7 } } }] });
    const sum = await call(mcp, "math", "add", { a: 1, b: 2 });
    expect(sum.content).toEqual([]);
    expect(sum.artifact).toEqual({ content: [text('{"result":3}')], structuredContent: { result: 3 } });
  });

  it("createClient's outputHandling is every server's default at run time; the generated value wins type by type", async () => {
    const mcp = client(createRouted, { outputHandling: { text: "artifact" } });
    const plain = await call(mcp, "plain", "get-tiny-image");
    expect(plain.content).toEqual([IMAGE]);
    expect(plain.artifact).toEqual({ content: [INTRO, OUTRO] });
    const perType = await call(mcp, "perType", "get-tiny-image");
    expect(perType.content).toEqual([]);
    expect(perType.artifact).toEqual({ content: [INTRO, IMAGE, OUTRO] });
  });

  it("an empty object means the peer's defaults: embedded resources to the artifact", async () => {
    const mcp = client(createRouted, { outputHandling: {} });
    const reference = await call(mcp, "plain", "get-resource-reference", { resourceType: "Text", resourceId: 1 });
    expect(reference.content).toEqual([expect.objectContaining({ type: "text" }), expect.objectContaining({ type: "text" })]);
    expect(reference.artifact).toEqual({ content: [expect.objectContaining({ type: "text-plain" })] });
  });

  it("refuses bad values given at run time, naming the server and the key path", async () => {
    const mcp = client(createRouted, { outputHandling: "model", servers: { perType: { ...EVERYTHING_STDIO, outputHandling: { image: "hidden" } } } });
    await expect(mcp.plain.getTools()).rejects.toThrow('server "plain": outputHandling: expected "content", "artifact" or an object of block types');
    await expect(mcp.perType.getTools()).rejects.toThrow('server "perType": servers.perType.outputHandling.image: expected "content" or "artifact"');
  });

  it("generate refuses bad values in the config: one line each with its key path, exit 2", async () => {
    const project = tempProject("output-bad");
    writeFileSync(
      path.join(project, "codegen.config.json"),
      JSON.stringify({ outputHandling: { resouce: "artifact" }, servers: { a: { ...MATH_STDIO, outputHandling: "hidden" } } }),
    );
    const result = await runCli(["generate"], { cwd: project });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('outputHandling.resouce: unknown key (did you mean "resource"?)');
    expect(result.stderr).toContain('servers.a.outputHandling: expected "content", "artifact" or an object of block types');
  });
});

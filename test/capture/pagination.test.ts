/**
 * Pagination of every list (tools, resources, resource templates, prompts) against a real
 * server that pages them (test/servers/listing-server.ts, `paging`): followed to the end at
 * generate and at run time; a repeated cursor and a listing that never ends stop with one
 * line naming the server and the list.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRuntime } from "../../runtime/src/index.js";
import { repoRoot } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { expectCleanFailure, projectWithOutput } from "../helpers/failure.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");
const LISTS = ["tools", "resources", "resourceTemplates", "prompts"] as const;
const METHODS = { tools: "tools/list", resources: "resources/list", resourceTemplates: "resources/templates/list", prompts: "prompts/list" };

/** 7 of each, so pages of 3 split every list into 3 pages (3, 3, 1). */
function listing(paging?: Record<string, unknown>): Record<string, unknown> {
  const seven = Array.from({ length: 7 }, (_, index) => index);
  return {
    capabilities: { tools: {}, resources: {}, prompts: {} },
    tools: seven.map((index) => ({ name: `tool_${index}`, inputSchema: { type: "object", properties: { n: { type: "number" } } } })),
    resources: seven.map((index) => ({ uri: `r://item/${index}`, name: `resource_${index}`, mimeType: "text/plain" })),
    resourceTemplates: seven.map((index) => ({ uriTemplate: `t://item${index}/{id}`, name: `template_${index}` })),
    prompts: seven.map((index) => ({ name: `prompt_${index}`, arguments: [{ name: "topic", required: true }] })),
    ...(paging ? { paging } : {}),
  };
}

const server = (file: string) => ({ transport: "stdio" as const, command: "node", args: [LISTING_SERVER, file] });

describe("pagination at generate", () => {
  it("follows every list to its last page: the snapshot equals the unpaged one, the module has every entity", async () => {
    const snapshots: string[] = [];
    let module = "";
    for (const paging of [undefined, { pageSize: 3 }]) {
      const project = tempProject("paged");
      writeFileSync(path.join(project, "listing.json"), JSON.stringify(listing(paging)));
      writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { paged: server("listing.json") }, outDir: "out" }));
      const result = await runCli(["generate"], { cwd: project });
      expect(result.status, result.stderr).toBe(0);
      snapshots.push(readFileSync(path.join(project, "out/mcp-snapshot.json"), "utf8"));
      module = readFileSync(path.join(project, "out/paged/index.ts"), "utf8");
    }
    expect(snapshots[1]).toBe(snapshots[0]);
    const snapshot = JSON.parse(snapshots[1] ?? "{}").servers.paged;
    for (const list of LISTS) expect(snapshot[list], list).toHaveLength(7);
    for (const index of [0, 6]) {
      expect(module).toContain(`name: "tool_${index}"`);
      expect(module).toContain(`uri: "r://item/${index}"`);
      expect(module).toContain(`uriTemplate: "t://item${index}/{id}"`);
      expect(module).toContain(`name: "prompt_${index}"`);
    }
  });

  it.each(LISTS)("a %s listing that repeats a cursor stops with the cursor named", async (list) => {
    const project = projectWithOutput("loop", { paged: server("listing.json") });
    writeFileSync(path.join(project, "listing.json"), JSON.stringify(listing({ pageSize: 3, repeatCursor: [list] })));
    const method = METHODS[list].replace(/\//g, "\\/");
    await expectCleanFailure(project, new RegExp(`server "paged": cannot capture: ${method} listing repeats cursor "${list}:3"$`));
  });

  it("a listing that never ends stops at the page cap", async () => {
    const project = projectWithOutput("endless", { paged: server("listing.json") });
    writeFileSync(path.join(project, "listing.json"), JSON.stringify(listing({ pageSize: 3, endless: ["prompts"] })));
    await expectCleanFailure(project, /server "paged": cannot capture: prompts\/list listing has more than 1000 pages$/);
  });
});

describe("pagination at run time", () => {
  function runtimeFor(paging: Record<string, unknown>) {
    const project = tempProject("paged-runtime");
    const file = path.join(project, "listing.json");
    writeFileSync(file, JSON.stringify(listing(paging)));
    return createRuntime({ servers: { paged: server(file) } });
  }

  it("lists every page of every list", async () => {
    const runtime = runtimeFor({ pageSize: 3 });
    try {
      expect((await runtime.listTools("paged")).map((tool) => tool.name)).toEqual(Array.from({ length: 7 }, (_, index) => `tool_${index}`));
      expect(await runtime.listResources("paged")).toHaveLength(7);
      expect((await runtime.listResourceTemplates("paged")).at(-1)?.name).toBe("template_6");
      expect((await runtime.listPrompts("paged")).at(-1)?.name).toBe("prompt_6");
      // A tool from the last page is callable like any other.
      expect((await runtime.callTool("paged", "tool_6", { n: 1 })).content).toEqual([{ type: "text", text: '{"n":1}' }]);
    } finally {
      await runtime.close();
    }
  });

  it("a repeated cursor and a listing that never ends are protocol errors naming the server and the list", async () => {
    const runtime = runtimeFor({ pageSize: 3, repeatCursor: ["resources"], endless: ["tools"] });
    try {
      await expect(runtime.listResources("paged")).rejects.toThrow(/^server "paged": resources(\/list)? listing repeats cursor "resources:3"$/);
      await expect(runtime.listTools("paged")).rejects.toThrow(/^server "paged": tools(\/list)? listing has more than 1000 pages$/);
      expect(await runtime.listPrompts("paged")).toHaveLength(7);
    } finally {
      await runtime.close();
    }
  });
});

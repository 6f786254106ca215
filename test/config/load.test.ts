/** Loading codegen.config in each supported form, and errors that name the key path. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { CodegenError } from "../../runtime/src/shared/errors.js";
import { tempProject } from "../helpers/cli.js";

const SERVERS = { math: { transport: "stdio", command: "node", args: ["server.js"] } };

function projectWith(file: string, text: string): string {
  const project = tempProject("config");
  writeFileSync(path.join(project, file), text);
  return project;
}

describe("loadConfig", () => {
  it.each([
    ["codegen.config.ts", `import { defineConfig } from "mcp-codegen";\nexport default defineConfig(${JSON.stringify({ servers: SERVERS, outDir: "gen" })});\n`],
    ["codegen.config.mjs", `export default ${JSON.stringify({ servers: SERVERS, outDir: "gen" })};\n`],
    ["codegen.config.json", JSON.stringify({ servers: SERVERS, outDir: "gen" })],
  ])("reads %s and resolves paths against its folder", async (file, text) => {
    const project = projectWith(file, text);
    const config = await loadConfig({ cwd: project });
    expect(config.configPath).toBe(path.join(project, file));
    expect(config.outDir).toBe(path.join(project, "gen"));
    expect(config.snapshotPath).toBe(path.join(project, "gen/mcp-snapshot.json"));
    expect(config.servers).toEqual([{ name: "math", config: SERVERS.math }]);
  });

  it("keeps placeholders unresolved (they are resolved in memory at connect time)", async () => {
    const servers = { api: { transport: "http", url: "https://x.example/mcp", headers: { Authorization: "Bearer ${TOKEN}" } } };
    const project = projectWith("codegen.config.json", JSON.stringify({ servers }));
    const config = await loadConfig({ cwd: project });
    expect(config.servers[0]?.config).toEqual(servers.api);
  });

  it.each([
    [{ servers: { math: { transport: "stdio" } } }, /servers\.math\.command/],
    [{ servers: { math: { transport: "pigeon", url: "x" } } }, /servers\.math\.transport.*unknown transport/],
    [{ servers: { math: { transport: "http", url: "x", headers: { a: 1 } } } }, /servers\.math\.headers\.a/],
    [{ servers: {} }, /servers.*at least one server/],
    [{ servers: SERVERS, outdir: "x" }, /outdir|Unrecognized key/],
  ])("rejects %j naming the key path", async (raw, pattern) => {
    const project = projectWith("codegen.config.json", JSON.stringify(raw));
    const error = await loadConfig({ cwd: project }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).toLine()).toMatch(pattern);
  });

  it("reads types.additionalProperties (default closed) and names the key of a bad value", async () => {
    const closed = await loadConfig({ cwd: projectWith("codegen.config.json", JSON.stringify({ servers: SERVERS })) });
    expect(closed.inputTypes).toBe("closed");
    const open = await loadConfig({ cwd: projectWith("codegen.config.json", JSON.stringify({ servers: SERVERS, types: { additionalProperties: "schema" } })) });
    expect(open.inputTypes).toBe("schema");
    const bad = projectWith("codegen.config.json", JSON.stringify({ servers: SERVERS, types: { additionalProperties: "open" } }));
    const error = await loadConfig({ cwd: bad }).catch((caught: unknown) => caught);
    expect((error as CodegenError).toLine()).toMatch(/types\.additionalProperties/);
  });

  it("says where it looked when there is no config", async () => {
    const project = tempProject("noconfig");
    await expect(loadConfig({ cwd: project })).rejects.toThrow(/no config file found/);
  });
});

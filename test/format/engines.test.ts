/**
 * Which formatter runs: oxfmt by default; prettier when chosen (with the prettier config of the
 * output folder) or when oxfmt's native binding is missing (a platform it does not ship for),
 * then with a note and the same bytes. The end-to-end case runs the real CLI with the binding made
 * unloadable (napi-rs's NAPI_RS_NATIVE_LIBRARY_PATH pointed at nothing).
 */
import { cpSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEngine, preloadEngine } from "../../src/format/engines.js";
import { repoRoot } from "../helpers/servers.js";
import { runCli, tempProject, treeHashes } from "../helpers/cli.js";

const SOURCE = "export const x = {a: 'b', c: [1,2,3]}\n";
const PRETTIER_LAYOUT = 'export const x = { a: "b", c: [1, 2, 3] };\n';

describe("loadEngine", () => {
  it("is oxfmt by default, with prettier's layout", async () => {
    const engine = await loadEngine({ choice: "oxfmt" });
    expect(engine.name).toBe("oxfmt");
    expect(engine.note).toBeUndefined();
    expect(await engine.format(SOURCE)).toBe(PRETTIER_LAYOUT);
  });

  it("loads the default engine once per process (a capture preloads it: preloadEngine), other loaders each time", async () => {
    preloadEngine("oxfmt");
    const first = await loadEngine({ choice: "oxfmt" });
    expect(await loadEngine({ choice: "oxfmt" })).toBe(first);
    const loaders = { oxfmt: () => import("oxfmt"), prettier: () => import("prettier") };
    const own = await loadEngine({ choice: "oxfmt" }, loaders);
    expect(own).not.toBe(first);
    expect(await own.format(SOURCE)).toBe(PRETTIER_LAYOUT);
  });

  it("falls back to prettier with a note naming the cause when oxfmt cannot load", async () => {
    const loaders = {
      oxfmt: () => Promise.reject(new Error("Cannot find native binding. npm has a bug related to optional dependencies")),
      prettier: () => import("prettier"),
    };
    const engine = await loadEngine({ choice: "oxfmt" }, loaders);
    expect(engine.name).toBe("prettier");
    expect(engine.note).toMatch(/^oxfmt is not available here \(Cannot find native binding\. npm has a bug related to optional dependencies\): formatted with prettier/);
    expect(await engine.format(SOURCE)).toBe(PRETTIER_LAYOUT);
  });

  it("with `prettier`, applies the prettier config of the output folder (the parser stays TypeScript)", async () => {
    const project = tempProject("prettierrc");
    writeFileSync(path.join(project, ".prettierrc"), JSON.stringify({ singleQuote: true, printWidth: 30, parser: "babel" }));
    const engine = await loadEngine({ choice: "prettier", configFile: path.join(project, "out/index.ts") });
    expect(engine.name).toBe("prettier");
    const formatted = await engine.format('export const x: Array<string> = ["a", "bbbbbbbbbbbbbbbb", "c"];\n');
    expect(formatted).toContain("'bbbbbbbbbbbbbbbb',\n");
    expect(formatted.split("\n").length).toBeGreaterThan(4); // broken at 30 columns; one line at the default 100
  });
});

describe("generate without oxfmt's binding", () => {
  it("formats with prettier, says so in a note, and writes the committed example's bytes", async () => {
    const project = tempProject("no-binding");
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "golden", private: true, type: "module" }));
    // The example's config (codegen.config.ts), as test/generate/generate.test.ts writes it.
    const servers = {
      math: { transport: "stdio", command: "node", args: ["test/servers/dist/math.js"] },
      weather: { transport: "http", url: "http://127.0.0.1:${WEATHER_PORT:-3917}/mcp" },
    };
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers, outDir: "generated-example", timeout: 20000 }));
    cpSync(path.join(repoRoot, "generated-example/mcp-snapshot.json"), path.join(project, "generated-example/mcp-snapshot.json"));
    const result = await runCli(["generate", "--offline", "--no-cache"], { cwd: project, env: { NAPI_RS_NATIVE_LIBRARY_PATH: path.join(project, "missing.node") } });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/note: formatter: oxfmt is not available here \(.*\): formatted with prettier, the same output more slowly/);
    expect(treeHashes(path.join(project, "generated-example"))).toEqual(treeHashes(path.join(repoRoot, "generated-example")));
  });
});

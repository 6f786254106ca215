/**
 * The runtime in both module formats: the built package serves `require` its CommonJS half with
 * the same exports as the ES half, generated CommonJS modules locate themselves by `__filename`
 * as ES ones do by `import.meta.url`, and `withAsyncDispose` gives clients `await using` where the
 * engine has `Symbol.asyncDispose`.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { pathFromModule, pathFromProjectRoot, withAsyncDispose } from "../../runtime/src/index.js";
import { repoRoot } from "../helpers/servers.js";

describe("the dual runtime package (built)", () => {
  it("require() loads dist/cjs, with the exports import() gets from dist/", async () => {
    const require = createRequire(path.join(repoRoot, "package.json"));
    const resolved = require.resolve("@mcp-codegen/runtime");
    expect(path.relative(repoRoot, resolved).split(path.sep).join("/")).toBe("runtime/dist/cjs/index.js");
    const commonjs = require("@mcp-codegen/runtime") as Record<string, unknown>;
    const esm = (await import(pathToFileURL(path.join(repoRoot, "runtime/dist/index.js")).href)) as Record<string, unknown>;
    expect(Object.keys(commonjs).filter((key) => key !== "__esModule").sort()).toEqual(Object.keys(esm).sort());
    // Two copies when an app loads both: documented in docs/configuration.md (the dual-package hazard).
    expect(commonjs["ToolCallError"]).not.toBe(esm["ToolCallError"]);
    expect((commonjs["ToolCallError"] as { name: string }).name).toBe("ToolCallError");
  });
});

describe("a generated module's location", () => {
  it("resolves the same from __filename (CommonJS) as from import.meta.url (ESM)", () => {
    const file = path.join(repoRoot, "generated-example/math/index.js");
    const url = pathToFileURL(file).href;
    expect(pathFromProjectRoot(file, "test/servers")).toBe(pathFromProjectRoot(url, "test/servers"));
    expect(pathFromProjectRoot(file, "test/servers")).toBe(path.join(repoRoot, "test/servers"));
    expect(pathFromModule(file, "../../test")).toBe(pathFromModule(url, "../../test"));
    expect(pathFromModule(file, "../../test")).toBe(path.join(repoRoot, "test"));
  });
});

describe("withAsyncDispose", () => {
  it("adds a non-enumerable Symbol.asyncDispose that runs the disposer, and returns the same object", async () => {
    let closed = 0;
    const target = { close: async () => {} };
    const client = withAsyncDispose(target, async () => {
      closed += 1;
    });
    expect(client).toBe(target);
    expect(Object.keys(client)).toEqual(["close"]);
    {
      await using disposable = client;
      expect(disposable).toBe(target);
    }
    expect(closed).toBe(1);
  });
});

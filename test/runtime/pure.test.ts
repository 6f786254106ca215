import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { expandUriTemplate, pathFromModule, ValidationError } from "../../runtime/src/index.js";
import { toStandardBlock } from "../../runtime/src/langchain/content.js";
import { providerToolName } from "../../runtime/src/langchain/names.js";
import { shouldFallBackToSse } from "../../runtime/src/transports.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { repoRoot } from "../helpers/servers.js";

describe("runtime helpers", () => {
  it("expands RFC 6570 templates", () => {
    expect(expandUriTemplate("res://c/{name}", { name: "a b" })).toBe("res://c/a%20b");
    expect(expandUriTemplate("res://s{?q,n}", { q: "x", n: 2 })).toBe("res://s?q=x&n=2");
    expect(expandUriTemplate("res://l/{list*}", { list: ["a", "b"] })).toBe("res://l/a,b");
  });

  it("resolves a generated relative path from the module location", () => {
    expect(pathFromModule("file:///repo/generated/math/index.js", "../../test/servers/dist/math.js")).toBe("/repo/test/servers/dist/math.js");
  });

  it("makes tool names valid for model providers", () => {
    expect(providerToolName("my server", "get.weather/now", true)).toBe("my_server__get_weather_now");
    expect(providerToolName("s", "x".repeat(80), false)).toHaveLength(64);
  });

  it("falls back to SSE on 4xx except authentication answers", () => {
    expect(shouldFallBackToSse(new StreamableHTTPError(404, "x"))).toBe(true);
    expect(shouldFallBackToSse(new StreamableHTTPError(405, "x"))).toBe(true);
    expect(shouldFallBackToSse(new StreamableHTTPError(401, "x"))).toBe(false);
    expect(shouldFallBackToSse(new StreamableHTTPError(500, "x"))).toBe(false);
    expect(shouldFallBackToSse(new Error("fetch failed"))).toBe(false);
  });

  it("converts embedded blob resources and audio to standard blocks", () => {
    expect(toStandardBlock({ type: "audio", data: "AAA=", mimeType: "audio/wav" })).toEqual({ type: "audio", data: "AAA=", mimeType: "audio/wav" });
    expect(toStandardBlock({ type: "resource", resource: { uri: "r://x", blob: "AAE=", mimeType: "application/pdf" } })).toEqual({
      type: "file",
      data: "AAE=",
      mimeType: "application/pdf",
      metadata: { uri: "r://x" },
    });
  });

  it("keeps messages on one line naming server and tool", () => {
    const error = new ValidationError("math", "add", [{ path: ["items", 0, "x"], message: "bad\nvalue" }, { path: [], message: "other" }]);
    expect(error.message).toBe('server "math" tool "add": invalid input at items[0].x: bad value (and 1 more)');
  });

  it("reaches @langchain/core only through dynamic imports from the runtime entry", () => {
    const external = staticImportsFrom(resolve(repoRoot, "runtime/src/index.ts"));
    expect(external.has("@modelcontextprotocol/sdk/client/index.js")).toBe(true);
    expect([...external].filter((name) => name.startsWith("@langchain/") || name === "langchain")).toEqual([]);
  });
});

/** Value (non-type) static imports and re-exports, followed through relative files. */
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+"([^"]+)"/gm;

function staticImportsFrom(entry: string): Set<string> {
  const external = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      const specifier = match[1]!;
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else external.add(specifier);
    }
  };
  visit(entry);
  return external;
}

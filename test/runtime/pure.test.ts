import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { expandUriTemplate, pathFromModule, ValidationError } from "../../runtime/src/index.js";
import { toStandardBlock } from "../../runtime/src/adapters/langchain/content.js";
import { providerToolName } from "../../runtime/src/adapters/tool-names.js";
import { shouldFallBackToSse } from "../../runtime/src/wire/transports.js";
import { loadClientSdk } from "../../runtime/src/wire/sdk.js";
import { SdkErrorCode, SdkHttpError } from "@modelcontextprotocol/client";
import { repoRoot } from "../helpers/servers.js";

describe("runtime helpers", () => {
  it("expands RFC 6570 templates", () => {
    expect(expandUriTemplate("res://c/{name}", { name: "a b" })).toBe("res://c/a%20b");
    expect(expandUriTemplate("res://s{?q,n}", { q: "x", n: 2 })).toBe("res://s?q=x&n=2");
    expect(expandUriTemplate("res://l/{list*}", { list: ["a", "b"] })).toBe("res://l/a,b");
  });

  it("expands every operator, prefixes and explode as RFC 6570 §3.2 does", () => {
    const values = { var: "value", hello: "Hello World!", path: "/foo/bar", list: ["red", "green", "blue"], empty: "", x: 1024, y: 768 };
    const expected: Array<[string, string]> = [
      ["{hello}", "Hello%20World%21"],
      ["{+hello}", "Hello%20World!"],
      ["{+path}/here", "/foo/bar/here"],
      ["{#hello}", "#Hello%20World!"],
      ["X{.var}", "X.value"],
      ["{/var,x}/here", "/value/1024/here"],
      ["{;x,y,empty}", ";x=1024;y=768;empty"],
      ["{?x,y,empty}", "?x=1024&y=768&empty="],
      ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
      ["{var:3}", "val"],
      ["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
      ["{?list*}", "?list=red&list=green&list=blue"],
      ["{;list}", ";list=red,green,blue"],
      ["{?missing}{missing}", ""],
      ["w://{city}", "w://S%C3%A3o%20Paulo"],
    ];
    for (const [template, uri] of expected) expect(expandUriTemplate(template, { ...values, city: "São Paulo" }), template).toBe(uri);
  });

  it("resolves a generated relative path from the module location", () => {
    expect(pathFromModule("file:///repo/generated/math/index.js", "../../test/servers/dist/math.js")).toBe("/repo/test/servers/dist/math.js");
  });

  it("makes tool names valid for model providers", () => {
    expect(providerToolName("my server", "get.weather/now", true)).toBe("my_server__get_weather_now");
    expect(providerToolName("s", "x".repeat(80), false)).toHaveLength(64);
  });

  it("falls back to SSE on 4xx except authentication answers", async () => {
    await loadClientSdk();
    const refused = (status: number): SdkHttpError => new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, "x", { status });
    expect(shouldFallBackToSse(refused(404))).toBe(true);
    expect(shouldFallBackToSse(refused(405))).toBe(true);
    expect(shouldFallBackToSse(refused(401))).toBe(false);
    expect(shouldFallBackToSse(refused(500))).toBe(false);
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

  it("imports no package statically from the runtime entry: the SDK, zod and @langchain/core load on first use", () => {
    const packages = [...staticImportsFrom(resolve(repoRoot, "runtime/src/index.ts"))].filter((name) => !name.startsWith("node:"));
    expect(packages).toEqual([]);
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

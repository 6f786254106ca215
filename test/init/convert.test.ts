/**
 * convertServer on values a tester found copied into codegen.config.ts. Each secret is spelled
 * `SEKRIT-…`: none may reach the entry or the notes.
 */
import { describe, expect, it } from "vitest";
import { convertServer } from "../../src/init/convert.js";
import { VariableNames } from "../../src/init/secrets.js";

function convert(source: Record<string, unknown>, server = "srv") {
  const names = new VariableNames();
  const { entry, notes } = convertServer(server, source, names, { cwd: "/work/project", home: "/home/someone" });
  const text = JSON.stringify(entry);
  expect(text).not.toMatch(/SEKRIT/);
  expect(notes.join("\n")).not.toMatch(/SEKRIT/);
  return { entry, notes, text };
}

const args = (...list: string[]) => convert({ command: "node", args: list }).entry["args"];

describe("headers", () => {
  it("a credential after an auth scheme becomes a placeholder whatever the header's name", () => {
    const headers = convert({ url: "https://mcp.example.com/mcp", headers: { "X-Upstream": "Bearer SEKRITonly", "X-Team": "blue" } }).entry["headers"];
    expect(headers).toEqual({ "X-Upstream": "Bearer ${SRV_TOKEN}", "X-Team": "blue" });
    expect(args("-H", "X-Upstream: Token SEKRITonly")).toEqual(["-H", "X-Upstream: Token ${SRV_TOKEN}"]);
  });
});

import { describe, expect, it } from "vitest";
import { renderReport, REPORT_FORMATS } from "../../src/drift/report/index.js";
import { escapeMarkdown } from "../../src/drift/report/markdown.js";
import type { DriftReport } from "../../runtime/src/drift/types.js";
import { diffSnapshots } from "../../runtime/src/drift/diff.js";
import { diffServers, obj, server, snapshot, tool } from "./builder.js";

const HOSTILE = "Evil\u202e txt.exe\u0007 \u001b[31mred\u001b[0m\r\n::error::injected %0A <img src=x onerror=alert(1)> **bold** | col | @octocat [link](https://x.example) " + "A".repeat(500);
const HOSTILE_TOOL = "get\u202eweather\n::warning::x";

function hostileReport(): DriftReport {
  return diffServers(
    { tools: [tool(HOSTILE_TOOL, obj({ a: { type: "string" } }), { description: "old" })] },
    { tools: [tool(HOSTILE_TOOL, obj({ a: { type: "string" } }), { description: HOSTILE })] },
    { accept: [] },
  );
}

function sampleReport(): DriftReport {
  return diffServers(
    { tools: [tool("t", obj({ a: { type: "string" }, b: { type: "string" } })), tool("u")] },
    { tools: [tool("t", obj({ a: { type: "string" } })), tool("u", undefined, { description: "new" }), tool("v")] },
    { accept: [{ server: "s", tool: "u", ruleId: "description-changed", reason: "reviewed in #12" }] },
  );
}

const empty = (): DriftReport => diffSnapshots(snapshot({ s: server() }), snapshot({ s: server() }));

/** Bidi overrides, C0/C1 controls (except the newlines a format itself writes) and zero-width characters. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

describe("text report", () => {
  it("says No drift. when empty", () => {
    expect(renderReport(empty(), "text")).toBe("No drift.\n");
  });

  it("groups by server, one line per change with level, rule, entity and pointer", () => {
    const text = renderReport(sampleReport(), "text");
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe('server "s"');
    expect(lines[1]).toMatch(/^ {2}breaking +input-property-removed +tool "t" \/inputSchema\/properties\/b: Input property "b" was removed$/);
    expect(lines[2]).toMatch(/dangerous +description-changed +tool "u" \/description: .*\(accepted: reviewed in #12\)$/);
    expect(lines[3]).toMatch(/safe +tool-added +tool "v": Tool was added$/);
    expect(lines.at(-1)).toBe("1 breaking, 0 dangerous, 1 safe, 1 accepted");
  });

  it("colours levels only when asked", () => {
    expect(renderReport(sampleReport(), "text")).not.toContain("\u001b[");
    expect(renderReport(sampleReport(), "text", { color: true })).toContain("\u001b[31mbreaking");
  });

  it("strips control and bidi characters from server text and caps its length", () => {
    const text = renderReport(hostileReport(), "text");
    expect(text).not.toMatch(UNSAFE);
    expect(text).not.toContain("\r");
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(4); // header, the one change, blank, summary
    expect(lines.every((line) => line.length < 600)).toBe(true);
    expect(text).toContain("…");
    expect(text).toContain('tool "getweather ::warning::x"');
  });
});

describe("json report", () => {
  it("is the DriftReport itself, versioned", () => {
    const report = sampleReport();
    const parsed = JSON.parse(renderReport(report, "json")) as DriftReport;
    expect(parsed).toEqual(report);
    expect(parsed.version).toBe(1);
    expect(parsed.changes[1]).toMatchObject({ ruleId: "description-changed", level: "dangerous", server: "s", entity: { kind: "tool", name: "u" }, pointer: "/description", after: "new", accepted: "reviewed in #12" });
    expect(JSON.parse(renderReport(empty(), "json"))).toEqual({ version: 1, changes: [], summary: { breaking: 0, dangerous: 0, safe: 0, accepted: 0 } });
  });

  it("keeps raw server text as data (JSON-escaped)", () => {
    const parsed = JSON.parse(renderReport(hostileReport(), "json")) as DriftReport;
    expect(parsed.changes[0]?.after).toBe(HOSTILE);
  });
});

describe("markdown report", () => {
  it("has a summary table and a details table", () => {
    const markdown = renderReport(sampleReport(), "markdown");
    expect(markdown).toContain("## MCP schema drift");
    expect(markdown).toContain("| 🔴 breaking | 1 |");
    expect(markdown).toContain("| ✅ accepted | 1 |");
    expect(markdown).toContain("### Server s");
    expect(markdown).toContain('| 🔴 breaking | `input-property-removed` | tool "t" | /inputSchema/properties/b |');
    expect(markdown).toContain("Accepted: reviewed in #12");
    expect(renderReport(empty(), "markdown")).toBe("## MCP schema drift\n\nNo drift.\n");
  });

  it("escapes server text so it cannot inject markdown, HTML, table cells or mentions", () => {
    const markdown = renderReport(hostileReport(), "markdown");
    // The only invisible character allowed is the zero-width space the escaper puts after "@".
    expect(markdown.replace(/@\u200b/g, "@")).not.toMatch(UNSAFE);
    expect(markdown).not.toContain("<img");
    expect(markdown).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(markdown).not.toContain("**bold**");
    expect(markdown).not.toContain("@octocat");
    expect(markdown).not.toContain("[link](");
    const row = markdown.split("\n").find((line) => line.includes("description-changed")) ?? "";
    // Exactly the 6 pipes of a 5-column row: every pipe from server text is escaped.
    expect(row.replace(/\\\|/g, "").split("|")).toHaveLength(7);
    expect(row.length).toBeLessThan(1500);
  });

  it("escapes inline markup, table pipes and HTML-significant characters", () => {
    expect(escapeMarkdown("a*b_c`d<e>&f|g@h~[i]\\")).toBe("a\\*b\\_c\\`d&lt;e&gt;&amp;f\\|g@\u200bh\\~\\[i\\]\\\\");
  });

  it("leaves alone what needs no escaping: quotes, slashes, parentheses, dots, colons, #, - inside a line", () => {
    const plain = 'Input property "path" (a/b.c) changed: 3 - 4 = -1; #12 isn\'t {x}, 100%!';
    expect(escapeMarkdown(plain)).toBe(plain);
  });

  it("only a line-leading block marker, a URL scheme and www. are broken", () => {
    expect(escapeMarkdown("# heading")).toBe("\\# heading");
    expect(escapeMarkdown("- item")).toBe("\\- item");
    expect(escapeMarkdown("1. first")).toBe("1\\. first");
    expect(escapeMarkdown("see https://evil.example and www.evil.example")).toBe("see https\\://evil.example and www\\.evil.example");
  });
});

describe("github report", () => {
  it("prints one annotation per change, by level, pointing at the snapshot file", () => {
    const out = renderReport(sampleReport(), "github", { file: "mcp.snapshot.json" });
    const lines = out.trimEnd().split("\n");
    expect(lines).toEqual([
      '::error file=mcp.snapshot.json,title=MCP drift%3A input-property-removed (breaking)::[s] tool "t" /inputSchema/properties/b: Input property "b" was removed',
      '::notice file=mcp.snapshot.json,title=MCP drift%3A description-changed (dangerous%2C accepted)::[s] tool "u" /description: Description changed from (none) to "new" (accepted: reviewed in #12)',
      '::notice file=mcp.snapshot.json,title=MCP drift%3A tool-added (safe)::[s] tool "v": Tool was added',
    ]);
    expect(renderReport(empty(), "github")).toBe("::notice title=MCP drift::No drift.\n");
  });

  it("cannot be broken out of by server text", () => {
    const out = renderReport(hostileReport(), "github");
    const lines = out.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^::warning title=/);
    expect(out).not.toMatch(UNSAFE);
    expect(out).toContain("%250A"); // a literal "%0A" in server text is escaped, not decoded into a newline
  });

  it("escapes %, CR and LF in data, and : and , in properties", async () => {
    const { escapeData, escapeProperty } = await import("../../src/drift/report/github.js");
    expect(escapeData("100%\r\nx")).toBe("100%25%0D%0Ax");
    expect(escapeProperty("a:b,c%")).toBe("a%3Ab%2Cc%25");
  });
});

describe("renderReport", () => {
  it("knows every format and ends each with a newline", () => {
    expect(REPORT_FORMATS).toEqual(["text", "json", "markdown", "github"]);
    for (const format of REPORT_FORMATS) expect(renderReport(sampleReport(), format).endsWith("\n")).toBe(true);
  });
});

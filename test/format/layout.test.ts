/**
 * The tool table's entries and the client interface's tool methods come laid out when their
 * layout is certain (src/format/layout.ts), skipping prettier. Each laid-out member must be
 * exactly what prettier makes of its source, around every line-width boundary, and a member
 * whose layout is not certain must be left to prettier.
 */
import { format } from "prettier";
import { resolveTargets } from "../../src/config/targets.js";
import { selectedTargets, targetContext } from "../../src/emit/targets/index.js";
import { describe, expect, it } from "vitest";
import { toolMethods, toolsTable } from "../../src/emit/server-text.js";
import { PRETTIER_OPTIONS } from "../../src/format/options.js";
import type { BodyMember } from "../../src/format/pieces.js";
import { piecedTable, tableSource } from "../../src/format/table.js";
import { Formatter } from "../../src/format/format.js";
import { clientInterface, piecedInterface } from "../../src/emit/server-structure.js";
import type { JsonObject, ToolEntry } from "../../runtime/src/shared/snapshot.js";
import { toolServer } from "../helpers/tool-server.js";

/** Text of exactly `length` characters, words and spaces. */
const words = (length: number, seed: number) => `w${seed} ${"lorem ipsum ".repeat(20)}`.slice(0, length).trimEnd().padEnd(length, "x");

const ANNOTATIONS: (JsonObject | undefined)[] = [
  undefined,
  {},
  { readOnlyHint: true },
  { destructiveHint: false, idempotentHint: true, openWorldHint: false, readOnlyHint: true },
  { title: "A title long enough to push the annotations past the line width, and further still" },
  { readOnlyHint: true, title: "x".repeat(95) },
  // not certain: a nested object, a number, a key that needs quotes
  { nested: { deep: true } },
  { priority: 1 },
  { "odd-key": true },
];

/** Tools whose names, titles, descriptions and annotations put their lines on both sides of the line width, at every width. */
function tools(): ToolEntry[] {
  const entries: ToolEntry[] = [];
  for (let index = 0; index < 400; index++) {
    const nameLength = 1 + ((index * 7) % 100);
    const name = `t${index}_${"n".repeat(nameLength)}`.slice(0, Math.max(3, nameLength));
    const required = index % 3 === 0 ? [] : ["a"];
    const entry: ToolEntry = {
      name: `${name}${index}`,
      description: words((index * 37) % 131, index),
      inputSchema: { type: "object", properties: { a: { type: "string" } }, required },
      hash: `h${index}`.padEnd(16, "0"),
    };
    if (index % 4 === 1) entry.title = words((index * 29) % 113, index);
    const annotations = ANNOTATIONS[index % ANNOTATIONS.length];
    if (annotations) entry.annotations = annotations;
    if (index % 5 === 2) entry.outputSchema = { type: "object", properties: { r: { type: "number" } } };
    entries.push(entry);
  }
  // text prettier measures or quotes differently, and multi-line docs
  entries.push({ name: "quoted", description: 'Says "hi"', inputSchema: { type: "object" }, hash: "q" });
  entries.push({ name: "wide", description: "漢字".repeat(30), title: "é", inputSchema: { type: "object" }, hash: "w" });
  entries.push({ name: "lines", description: "First line\n\n  indented\n* star\nlast", inputSchema: { type: "object" }, hash: "l" });
  return entries;
}

/** Prettier's lines for one member, formatted inside `open … close`. */
async function formattedMember(open: string, source: string, close: string): Promise<string> {
  const formatted = await format(`${open}\n${source}\n${close}\n`, PRETTIER_OPTIONS);
  expect(formatted.startsWith(`${open}\n`) && formatted.endsWith(`${close}\n`)).toBe(true);
  return formatted.slice(open.length + 1, formatted.length - close.length - 1);
}

async function expectLaidOutAsPrettier(members: BodyMember[], open: string, close: string): Promise<number> {
  let laidOut = 0;
  for (const member of members) {
    if (member.laidOut === undefined) continue;
    laidOut++;
    expect(member.laidOut, member.source).toBe(await formattedMember(open, member.source, close));
  }
  return laidOut;
}

describe("members laid out without prettier", () => {
  const normalized = toolServer("layout", tools());

  it("lays out tool table entries as prettier does", async () => {
    const table = toolsTable(normalized);
    const open = "export const tools = {";
    const close = "} as const;";
    const laidOut = await expectLaidOutAsPrettier(
      table.entries.map((entry) => ({ ...entry, source: `${entry.source},` })),
      open,
      close,
    );
    // most entries are certain: the comparison above is not vacuous
    expect(laidOut).toBeGreaterThan(250);
    // the whole table, laid-out entries joined with formatted pieces, is what prettier gives
    expect(await new Formatter().formatPieced(piecedTable(table), "layout/index.ts")).toBe(await format(tableSource(table), PRETTIER_OPTIONS));
  });

  it("lays out the client's tool methods as prettier does", async () => {
    const methods = toolMethods(normalized);
    const laidOut = await expectLaidOutAsPrettier(methods, "export interface Client {", "}");
    expect(laidOut).toBeGreaterThan(250);
    const settings = resolveTargets({});
    const pieced = piecedInterface(clientInterface(normalized, selectedTargets(settings), targetContext(normalized, settings)), methods);
    expect(pieced.pieces.some((piece) => "laidOut" in piece)).toBe(true);
    expect(await new Formatter().formatPieced(pieced, "layout/index.ts")).toBe(await format(pieced.whole(), PRETTIER_OPTIONS));
  });

  it("leaves to prettier what it may lay out differently", () => {
    const entry = (name: string) => toolsTable(normalized).entries[normalized.tools.findIndex((tool) => tool.entry.name === name)];
    const method = (name: string) => toolMethods(normalized)[normalized.tools.findIndex((tool) => tool.entry.name === name)];
    // prettier would requote a string with a double quote; wide characters are two columns
    expect(entry("quoted")?.laidOut).toBeUndefined();
    expect(entry("wide")?.laidOut).toBeUndefined();
    // annotations with a nested object, a number or a quoted key
    for (const annotations of ANNOTATIONS.slice(6)) {
      const index = normalized.tools.findIndex((tool) => tool.entry.annotations === annotations);
      expect(toolsTable(normalized).entries[index]?.laidOut).toBeUndefined();
    }
    // comments do not decide the layout: a method with any doc is laid out
    expect(method("wide")?.laidOut).toContain("   * 漢字");
    const note = "The server declares no output schema: `structuredContent` is `unknown`; read `text` or `content`.";
    expect(method("lines")?.laidOut).toBe(`  /**\n   * First line\n   *\n   *   indented\n   * * star\n   * last\n   *\n   * ${note}\n   */\n  lines(args?: LinesInput, options?: CallOptions): Promise<ToolResult<unknown>>;\n`);
  });
});

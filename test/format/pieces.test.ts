/**
 * A statement with a long body (a tool table, a client interface) is formatted in pieces
 * (src/format/pieces.ts): the joined pieces must be exactly what prettier gives for the whole
 * statement, and when prettier does not keep the statement's opening and closing as written,
 * the statement is formatted whole.
 */
import { format } from "prettier";
import { StructureKind, type InterfaceDeclarationStructure } from "ts-morph";
import { describe, expect, it } from "vitest";
import { Formatter } from "../../src/format/format.js";
// The built module: its formatting workers run compiled code.
import { Formatter as BuiltFormatter } from "../../dist/format/format.js";
import { PRETTIER_OPTIONS } from "../../src/format/options.js";
import { MEMBERS_PER_PIECE } from "../../src/format/pieces.js";
import { piecedTable, tableSource, type TableStatement } from "../../src/format/table.js";
import { piecedInterface } from "../../src/emit/server-structure.js";

/** Entries of every layout prettier can give one: short, long enough to break, nested, with comments and odd text. */
function entries(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    switch (index % 5) {
      case 0:
        return `t${index}: { name: "t_${index}" }`;
      case 1:
        return `t${index}: { name: "t_${index}", description: ${JSON.stringify("word ".repeat(index % 40))}, annotations: { readOnlyHint: true, idempotentHint: ${index % 2 === 0} } } satisfies Descriptor<T${index}Input, unknown>`;
      case 2:
        return `/** Tool ${index}: it says "*\\/" safely */\nt${index}: { name: 'single \\'quoted\\' ${index}', list: [1, 2, 3], nested: { deep: { deeper: [${"'x', ".repeat(30)}] } } }`;
      case 3:
        return `"odd-key-${index}": { name: "\\u2028 and \\u202e ${index}" }`;
      default:
        return `t${index}: { name: \`template \${${index}}\` }`;
    }
  });
}

const table = (open: string, count: number): TableStatement => ({ open, entries: entries(count).map((source) => ({ source })), close: "} as const;" });

describe("a table statement formatted in pieces", () => {
  it("keeps an empty table valid", async () => {
    const statement: TableStatement = { open: "export const tools = {", entries: [], close: "} as const;" };
    expect(await new Formatter().formatPieced(piecedTable(statement), "tools.ts")).toBe("export const tools = {} as const;\n");
  });

  it("equals prettier's formatting of the whole statement", async () => {
    const statement = table("/** The tools. */\nexport const tools = {", MEMBERS_PER_PIECE * 3 + 7);
    expect(piecedTable(statement).pieces.length).toBe(4);
    const whole = await format(tableSource(statement), PRETTIER_OPTIONS);
    for (const formatter of [new Formatter(), new BuiltFormatter({ parallel: true })]) {
      try {
        expect(await formatter.formatPieced(piecedTable(statement), "tools.ts")).toBe(whole);
      } finally {
        await formatter.close();
      }
    }
  });

  it("takes laid-out entries as they are, in their place among formatted pieces", async () => {
    const statement = table("export const tools = {", MEMBERS_PER_PIECE + 10);
    // every third entry comes "laid out" with a marker prettier would never print
    statement.entries.forEach((entry, index) => {
      if (index % 3 === 0) entry.laidOut = `  // laid out ${index}\n`;
    });
    const pieced = piecedTable(statement);
    // the first entry goes through prettier all the same: its piece checks the opening
    expect(pieced.pieces[0]).toEqual({ source: tableSource(statement, statement.entries.slice(0, 3).map((entry) => entry.source)) });
    const joined = await new Formatter().formatPieced(pieced, "tools.ts");
    expect(joined).not.toContain("// laid out 0\n");
    expect(joined).toContain("  // laid out 3\n");
    const withoutMarkers = { ...statement, entries: statement.entries.filter((_, index) => index === 0 || index % 3 !== 0) };
    expect(joined.replace(/ {2}\/\/ laid out \d+\n/g, "")).toBe(await format(tableSource(withoutMarkers), PRETTIER_OPTIONS));
    // in order: the markers come between the entries they were given between
    expect(joined.indexOf("// laid out 3")).toBeLessThan(joined.indexOf("t4:"));
    expect(joined.indexOf("// laid out 3")).toBeGreaterThan(joined.indexOf("t2:"));
  });

  it("is formatted whole when prettier rewrites its opening", async () => {
    // prettier normalises the spacing of the opening line, so no piece starts with it as written
    const statement = table("export   const   tools = {", MEMBERS_PER_PIECE + 1);
    const formatter = new Formatter();
    const pieced = await formatter.formatPieced(piecedTable(statement), "tools.ts");
    expect(pieced).toBe(await format(tableSource(statement), PRETTIER_OPTIONS));
    expect(pieced.startsWith("export const tools = {\n")).toBe(true);
  });

  it("names the file when the formatting worker cannot run", async () => {
    // from the sources, the worker module (compiled only into dist/) does not exist
    const formatter = new Formatter({ parallel: true });
    try {
      await expect(formatter.format("export const a = 1;", "a/index.ts")).rejects.toThrow(/^a\/index\.ts: the formatting worker failed: /);
    } finally {
      await formatter.close();
    }
  });

  it("names the file when a piece does not parse", async () => {
    const statement: TableStatement = { open: "export const tools = {", entries: [...entries(MEMBERS_PER_PIECE), "broken: {"].map((source) => ({ source })), close: "} as const;" };
    await expect(new Formatter().formatPieced(piecedTable(statement), "bad/index.ts")).rejects.toThrow(/^bad\/index\.ts: generated code does not parse/);
  });
});

/** Methods of every layout: short, breaking parameters, optional, and docs that look like code. */
function methods(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    name: `tool${index}`,
    docs: index % 4 === 0 ? [`Opens a block {\nthen } closes it\n\n* not a list`] : index % 4 === 1 ? [] : [`Tool ${index}.`],
    parameters: [
      { name: "args", type: index % 3 === 0 ? `Tool${index}Input` : `VeryLongGeneratedInputTypeNameForTool${index}WithPadding`, hasQuestionToken: index % 2 === 0 },
      { name: "options", type: "CallOptions", hasQuestionToken: true },
    ],
    returnType: `Promise<ToolResult<Tool${index}Output>>`,
  }));
}

describe("an interface formatted in pieces", () => {
  const structure = {
    kind: StructureKind.Interface,
    name: "BigClient",
    isExported: true,
    docs: ["Client for the MCP server big {\n\nIts instructions, with a brace at a line end {"],
    properties: [{ name: "resources", isReadonly: true, type: "{}" }],
    methods: methods(MEMBERS_PER_PIECE * 2 + 3),
  } satisfies InterfaceDeclarationStructure;

  // the tools' methods come before the interface's own
  const toolMethods = methods(MEMBERS_PER_PIECE * 2 + 3).map((method) => ({ source: `/** ${method.name}. */\n${method.name}(args: ${method.parameters[0]?.type}): void;` }));

  it("equals prettier's formatting of the whole interface", async () => {
    const pieced = piecedInterface(structure, toolMethods);
    expect(pieced.pieces.length).toBe(3);
    expect(pieced.open.endsWith("export interface BigClient {")).toBe(true);
    const whole = await format(pieced.whole(), PRETTIER_OPTIONS);
    expect(whole).toContain("  readonly resources: {};\n  /**");
    for (const formatter of [new Formatter(), new BuiltFormatter({ parallel: true })]) {
      try {
        expect(await formatter.formatPieced(pieced, "client.ts")).toBe(whole);
      } finally {
        await formatter.close();
      }
    }
  });

  it("is one piece when it is small", () => {
    const pieced = piecedInterface({ ...structure, methods: methods(3) }, toolMethods.slice(0, 3));
    expect(pieced.pieces).toEqual([{ source: pieced.whole() }]);
  });
});

/**
 * A long object-literal statement is formatted in pieces (src/format/table.ts): the joined
 * pieces must be exactly what prettier gives for the whole statement, and when prettier does
 * not keep the statement's opening and closing as written, the statement is formatted whole.
 */
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { Formatter } from "../../src/format/format.js";
// The built module: its formatting workers run compiled code.
import { Formatter as BuiltFormatter } from "../../dist/format/format.js";
import { PRETTIER_OPTIONS } from "../../src/format/options.js";
import { ENTRIES_PER_PIECE, tablePieces, tableSource, type TableStatement } from "../../src/format/table.js";

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

const table = (open: string, count: number): TableStatement => ({ open, entries: entries(count), close: "} as const;" });

describe("a table statement formatted in pieces", () => {
  it("equals prettier's formatting of the whole statement", async () => {
    const statement = table("/** The tools. */\nexport const tools = {", ENTRIES_PER_PIECE * 3 + 7);
    expect(tablePieces(statement).length).toBe(4);
    const whole = await format(tableSource(statement), PRETTIER_OPTIONS);
    for (const formatter of [new Formatter(), new BuiltFormatter({ parallel: true })]) {
      try {
        expect(await formatter.formatTable(statement, "tools.ts")).toBe(whole);
      } finally {
        await formatter.close();
      }
    }
  });

  it("is formatted whole when prettier rewrites its opening", async () => {
    // prettier normalises the spacing of the opening line, so no piece starts with it as written
    const statement = table("export   const   tools = {", ENTRIES_PER_PIECE + 1);
    const formatter = new Formatter();
    const pieced = await formatter.formatTable(statement, "tools.ts");
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
    const statement: TableStatement = { open: "export const tools = {", entries: [...entries(ENTRIES_PER_PIECE), "broken: {"], close: "} as const;" };
    await expect(new Formatter().formatTable(statement, "bad/index.ts")).rejects.toThrow(/^bad\/index\.ts: generated code does not parse/);
  });
});

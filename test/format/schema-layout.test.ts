/**
 * Zod schema statements laid out from what prettier has shown of their structure
 * (src/format/schema-layout.ts, src/format/chunk.ts): every chunk must come out exactly as
 * prettier formats it whole, over schemas of every shape the emitter produces and lines on both
 * sides of the line width, and a schema prettier has not shown must be left to prettier.
 */
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { emitToolChunk, toolChunk } from "../../src/emit/tool-chunk.js";
import { formatChunk } from "../../src/format/chunk.js";
import { PRETTIER_OPTIONS } from "../../src/format/options.js";
import { SchemaLayouts, type ObjectSchemaStatement } from "../../src/format/schema-layout.js";
import { normalizeServer } from "../../src/normalize/normalize.js";
import type { JsonObject, ServerSnapshot, ToolEntry } from "../../src/shared/snapshot.js";

/** Property schemas of every kind the emitter handles, plain and odd. */
const PROPERTIES: JsonObject[] = [
  { type: "string" },
  { type: "string", minLength: 1, maxLength: 20 },
  { type: "integer", minimum: 1, maximum: 7 },
  { type: "number", exclusiveMinimum: 0.5 },
  { type: "number", maximum: 1e21 },
  { type: "boolean", default: false },
  { enum: ["a", "b", "it's"] },
  { const: "fixed" },
  { type: "array", items: { type: "string" }, maxItems: 3 },
  { type: "object", properties: { x: { type: "number" } }, required: ["x"] },
  { type: "object", properties: { deep: { type: "object", properties: { deeper: { type: "string" } } } } },
  { anyOf: [{ type: "string" }, { type: "number" }] },
  { type: ["number", "null"] },
  { type: "string", pattern: "^[a-z]+$" },
  { type: "string", format: "date-time" },
];

const DESCRIPTIONS = ["", 'Says "hi"', "Ünïcödé text", "It's fine", "A description with {braces} and [brackets]"];

/** Tools whose schemas combine those properties under keys and descriptions of every width. */
function tools(): ToolEntry[] {
  // one structure whose description line crosses the line width, one character at a time
  const sweep = Array.from({ length: 40 }, (_, index): ToolEntry => {
    const description = `Text ${"x".repeat(40 + index)}`;
    const properties = { alpha: { type: "string", description }, beta: { type: "number", description: "Second operand" } };
    return { name: `sweep_${index}`, inputSchema: { type: "object", properties, required: ["alpha", "beta"] }, hash: `s${index}` };
  });
  return [...sweep, ...mixed()];
}

function mixed(): ToolEntry[] {
  return Array.from({ length: 120 }, (_, index) => {
    const properties: JsonObject = {};
    for (let offset = 0; offset < 3; offset++) {
      const property = structuredClone(PROPERTIES[(index + offset * 5) % PROPERTIES.length] as JsonObject);
      const fixed = DESCRIPTIONS[(index + offset) % DESCRIPTIONS.length] ?? "";
      property["description"] = index % 3 === 0 ? fixed : `${fixed} ${"word ".repeat((index * 7 + offset * 11) % 19)}`.trim();
      if (property["description"] === "") delete property["description"];
      const key = offset === 2 && index % 10 === 0 ? "needs-quotes" : `${"k".repeat(1 + ((index + offset) % 12))}${offset}`;
      properties[key] = property;
    }
    const required = Object.keys(properties).filter((_, position) => (index + position) % 2 === 0);
    const entry: ToolEntry = {
      name: `tool_${index}`,
      inputSchema: { type: "object", properties, required, ...(index % 4 === 0 ? { additionalProperties: false } : {}) },
      hash: `h${index}`,
    };
    if (index % 3 === 1) entry.outputSchema = { type: "object", properties: { result: { type: "number", description: "The result" } } };
    return entry;
  });
}

function server(): ReturnType<typeof normalizeServer> {
  const snapshot: ServerSnapshot = {
    protocolVersion: "2025-11-25",
    serverInfo: { name: "shapes", version: "1" },
    capabilities: { tools: {} },
    tools: tools(),
    resources: [],
    resourceTemplates: [],
    prompts: [],
    hash: "s",
  };
  return normalizeServer("shapes", "shapes", snapshot);
}

/** Counts the statements it lays out. */
class CountingLayouts extends SchemaLayouts {
  laidOut = 0;
  override layOut(statement: ObjectSchemaStatement): string | undefined {
    const text = super.layOut(statement);
    if (text !== undefined) this.laidOut++;
    return text;
  }
}

const prettier = (source: string) => format(source, PRETTIER_OPTIONS);

describe("Zod schemas laid out from what prettier has shown", () => {
  it("gives every chunk exactly as prettier formats it whole", async () => {
    const normalized = server();
    const layouts = new CountingLayouts();
    for (let start = 0; start < normalized.tools.length; start += 10) {
      const { statements } = await emitToolChunk(toolChunk("shapes", normalized.tools.slice(start, start + 10)));
      const whole = await prettier(statements.map((statement) => statement.source).join("\n\n"));
      expect(await formatChunk(statements, layouts, prettier)).toBe(whole);
    }
    // most statements were laid out: the comparison covers them
    expect(layouts.laidOut).toBeGreaterThan(50);
  });

  it("lays out nothing prettier has not shown, and what it may print differently never", async () => {
    const statement: ObjectSchemaStatement = {
      head: "export const LongNameForAToolInputSchema: z.ZodType<LongNameForAToolInput> = z.looseObject(",
      members: [
        ["alpha", 'z.string().describe("First operand of the operation")'],
        ["beta", 'z.number().describe("Second operand")'],
      ],
    };
    const layouts = new SchemaLayouts();
    expect(layouts.layOut(statement)).toBeUndefined();
    const source = `${statement.head}{ ${statement.members.map(([key, value]) => `${key}: ${value}`).join(", ")} });`;
    layouts.learn(statement, await prettier(source));
    expect(layouts.layOut(statement)).toBe(await prettier(source));
    // the same structures, but a string prettier would requote, and one wider than it measures
    const quoted: ObjectSchemaStatement = { ...statement, members: [["alpha", 'z.string().describe("Say \\"hi\\"")'], statement.members[1] ?? ["", ""]] };
    expect(layouts.layOut(quoted)).toBeUndefined();
    const wide: ObjectSchemaStatement = { ...statement, members: [["alpha", 'z.string().describe("漢字")'], statement.members[1] ?? ["", ""]] };
    expect(layouts.layOut(wide)).toBeUndefined();
    // a structure never printed on one line
    const other: ObjectSchemaStatement = { ...statement, members: [["alpha", 'z.string().min(1).describe("x")'], statement.members[1] ?? ["", ""]] };
    expect(layouts.layOut(other)).toBeUndefined();
  });
});

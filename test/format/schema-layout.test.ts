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
import { SchemaLayouts, type ObjectSchemaStatement, type StatementPlan } from "../../src/format/schema-layout.js";
import type { JsonObject, ToolEntry } from "../../runtime/src/shared/snapshot.js";
import { toolServer } from "../helpers/tool-server.js";

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
  { type: "object" },
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
      // names from short to long enough to move the schema below its `=`
      name: `tool_${index}_${"x".repeat(index % 45)}`,
      inputSchema: { type: "object", properties, required, ...(index % 4 === 0 ? { additionalProperties: false } : {}) },
      hash: `h${index}`,
    };
    if (index % 3 === 1) entry.outputSchema = { type: "object", properties: { result: { type: "number", description: "The result" } } };
    return entry;
  });
}

/** Counts the properties it lays out. */
class CountingLayouts extends SchemaLayouts {
  laidOut = 0;
  /** Of which in statements whose head is too long for its line (the call goes below `=`). */
  laidOutBelow = 0;
  override plan(statement: ObjectSchemaStatement): StatementPlan | undefined {
    const plan = super.plan(statement);
    const count = plan?.lines.filter((line) => line !== undefined).length ?? 0;
    this.laidOut += count;
    if (statement.head.length > 100) this.laidOutBelow += count;
    return plan;
  }
}

const prettier = (source: string) => format(source, PRETTIER_OPTIONS);

describe("Zod schemas laid out from what prettier has shown", () => {
  it("gives every chunk exactly as prettier formats it whole", async () => {
    const normalized = toolServer("shapes", tools());
    const layouts = new CountingLayouts();
    for (let start = 0; start < normalized.tools.length; start += 10) {
      for (const part of ["types", "schemas"] as const) {
        const { statements } = await emitToolChunk(toolChunk("shapes", normalized.tools.slice(start, start + 10), "closed", part));
        const whole = await prettier(statements.map((statement) => statement.source).join("\n\n"));
        expect(await formatChunk(statements, layouts, prettier)).toBe(whole);
      }
    }
    // most properties were laid out: the comparison covers them
    expect(layouts.laidOut).toBeGreaterThan(80);
    expect(layouts.laidOutBelow).toBeGreaterThan(10);
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
    expect(layouts.plan(statement)).toBeUndefined();
    const source = `${statement.head}{ ${statement.members.map(([key, value]) => `${key}: ${value}`).join(", ")} });`;
    const formatted = await prettier(source);
    layouts.learn(statement, formatted);
    const plan = layouts.plan(statement);
    expect(plan?.lines).toEqual(['  alpha: z.string().describe("First operand of the operation"),', '  beta: z.number().describe("Second operand"),']);
    expect(plan?.rest).toBeUndefined();
    expect(`${plan && layouts.assemble(statement, plan)}\n`).toBe(formatted);
    // the same structures, but a string prettier would requote, and one wider than it measures: left to prettier
    const second = statement.members[1] ?? ["", ""];
    for (const odd of ['z.string().describe("Say \\"hi\\"")', 'z.string().describe("漢字")', 'z.string().min(1).describe("x")']) {
      expect(layouts.plan({ ...statement, members: [["alpha", odd], second] })?.lines).toEqual([undefined, second && '  beta: z.number().describe("Second operand"),']);
    }
  });

  it("leaves to prettier a head that ends exactly at the line width", async () => {
    const layouts = new SchemaLayouts();
    // one line on its own, too long beside the call
    const members: [string, string][] = [["alpha", `z.string().describe("${"word ".repeat(11).trim()}")`]];
    const statementOf = (type: string): ObjectSchemaStatement => ({ head: `export const ${type}Schema: z.ZodType<${type}> = z.strictObject(`, members });
    const sourceOf = (statement: ObjectSchemaStatement) => `${statement.head}{ ${members.map(([key, value]) => `${key}: ${value}`).join(", ")} });`;
    // shown: the call below `=` (a longer head) and the property
    const below = statementOf("T".repeat(30));
    layouts.learn(below, await prettier(sourceOf(below)));
    expect(layouts.plan(below)).toBeDefined();
    // a head of exactly 100 characters: it fits, `{` does not, and prettier breaks neither way shown
    const edge = statementOf("E".repeat(25));
    expect(edge.head).toHaveLength(100);
    expect((await prettier(sourceOf(edge))).split("\n")[0]).toBe(edge.head);
    expect(layouts.plan(edge)).toBeUndefined();
  });

  it("joins laid-out properties with prettier's output for the others, in order", async () => {
    const layouts = new SchemaLayouts();
    const head = "export const ShapeInputSchema: z.ZodType<ShapeInput> = z.looseObject(";
    const learned: ObjectSchemaStatement = { head, members: [["a", 'z.number().describe("A number, described at some length")'], ["b", 'z.boolean().describe("A flag")'], ["c", "z.null()"]] };
    layouts.learn(learned, await prettier(`${head}{ ${learned.members.map(([key, value]) => `${key}: ${value}`).join(", ")} });`));
    const mixed: ObjectSchemaStatement = {
      head,
      members: [
        ["first", 'z.number().describe("Known structure")'],
        ["nested", 'z.looseObject({ inner: z.array(z.string()).describe("Never shown before, and long enough to break the line") })'],
        ["last", 'z.boolean().describe("Known structure too")'],
      ],
    };
    const plan = layouts.plan(mixed);
    expect(plan?.lines.map((line) => line !== undefined)).toEqual([true, false, true]);
    const whole = await prettier(`${head}{ ${mixed.members.map(([key, value]) => `${key}: ${value}`).join(", ")} });`);
    expect(plan && `${layouts.assemble(mixed, plan, await prettier(plan.rest ?? ""))}\n`).toBe(whole);
    // on one line when the whole fits, as prettier prints it
    const short: ObjectSchemaStatement = { head: "export const SSchema: z.ZodType<S> = z.looseObject(", members: [["a", 'z.number().describe("")'], ["x", "z.unknown()"]] };
    const shortPlan = layouts.plan(short);
    expect(shortPlan?.lines.map((line) => line !== undefined)).toEqual([true, false]);
    const shortWhole = await prettier(`${short.head}{ ${short.members.map(([key, value]) => `${key}: ${value}`).join(", ")} });`);
    expect(shortWhole.split("\n")).toHaveLength(2);
    expect(shortPlan && `${layouts.assemble(short, shortPlan, await prettier(shortPlan.rest ?? ""))}\n`).toBe(shortWhole);
    // output that does not split into the properties given is refused
    expect(plan && layouts.assemble(mixed, plan, `${head}{\n});`)).toBeUndefined();
  });
});

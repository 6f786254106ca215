/**
 * A chunk of tools' statements formatted: the properties of its Zod schemas laid out where
 * prettier has already shown their layout (schema-layout.ts), the rest formatted by prettier in
 * one call and learned from. The result is the text prettier gives for the whole chunk: its
 * statements separated by one blank line.
 */
import type { ObjectSchemaStatement, SchemaLayouts } from "./schema-layout.js";

/** A top-level statement of a chunk (or a run of them, such as a schema's TS declarations). */
export interface ChunkStatement {
  source: string;
  /** Its parts, when it is a Zod schema whose root is a plain object. */
  objectSchema?: ObjectSchemaStatement | undefined;
}

/** A line comment between statements formatted in one call, to tell their outputs apart. */
const SEPARATOR = "// mcp-codegen: next statement";

export async function formatChunk(statements: readonly ChunkStatement[], layouts: SchemaLayouts, format: (source: string) => Promise<string>): Promise<string> {
  const plans = statements.map((statement) => (statement.objectSchema ? layouts.plan(statement.objectSchema) : undefined));
  // What prettier formats: each statement without a plan, and the rest of each one with a plan.
  const sources = statements.flatMap((statement, index) => {
    const plan = plans[index];
    return plan === undefined ? [statement.source.trim()] : plan.rest === undefined ? [] : [plan.rest];
  });
  const formatted = sources.length === 0 ? [] : await formatApart(sources, format);
  const whole = () => format(statements.map((statement) => statement.source).join("\n\n"));
  // Prettier keeps a comment on its own line where it was; if it did not, format the chunk whole.
  if (formatted.length !== sources.length) return whole();
  const texts: string[] = [];
  let next = 0;
  for (const [index, statement] of statements.entries()) {
    const plan = plans[index];
    if (plan === undefined || statement.objectSchema === undefined) {
      const text = formatted[next++] ?? "";
      if (statement.objectSchema) layouts.learn(statement.objectSchema, text);
      texts.push(text);
      continue;
    }
    const text = layouts.assemble(statement.objectSchema, plan, plan.rest === undefined ? undefined : formatted[next++]);
    if (text === undefined) return whole();
    texts.push(text);
  }
  return `${texts.join("\n\n")}\n`;
}

/** Each source formatted, from one prettier call over all of them. */
async function formatApart(sources: readonly string[], format: (source: string) => Promise<string>): Promise<string[]> {
  return (await format(sources.join(`\n\n${SEPARATOR}\n\n`))).split(`\n${SEPARATOR}\n`).map((text) => text.trim());
}

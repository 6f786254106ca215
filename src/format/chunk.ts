/**
 * A chunk of tools' statements formatted: its Zod schemas laid out where prettier has already
 * shown their layout (schema-layout.ts), the rest formatted by prettier in one call and learned
 * from. The result is the text prettier gives for the whole chunk: its statements separated by
 * one blank line.
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
  const laidOut = statements.map((statement) => (statement.objectSchema ? layouts.layOut(statement.objectSchema) : undefined));
  const pending = statements.filter((_, index) => laidOut[index] === undefined);
  const formatted = pending.length === 0 ? [] : await formatApart(pending, format);
  // Prettier keeps a comment on its own line where it was; if it did not, format the chunk whole.
  if (formatted.length !== pending.length) return format(statements.map((statement) => statement.source).join("\n\n"));
  pending.forEach((statement, index) => {
    if (statement.objectSchema) layouts.learn(statement.objectSchema, formatted[index] ?? "");
  });
  let next = 0;
  return `${statements.map((_, index) => laidOut[index]?.trimEnd() ?? formatted[next++]).join("\n\n")}\n`;
}

/** Each statement's formatted text, from one prettier call over all of them. */
async function formatApart(statements: readonly ChunkStatement[], format: (source: string) => Promise<string>): Promise<string[]> {
  const joined = statements.map((statement) => statement.source.trim()).join(`\n\n${SEPARATOR}\n\n`);
  return (await format(joined)).split(`\n${SEPARATOR}\n`).map((text) => text.trim());
}

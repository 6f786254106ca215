/**
 * Renders a server module to formatted text, with ts-morph printing its structure (loaded only
 * when a file must be emitted: it is the slowest module to load, and up-to-date files never
 * need it).
 */
import { Project, type StatementStructures } from "ts-morph";
import type { Formatter } from "../format/format.js";
import type { RenderedBody } from "./plan.js";
import { writeServerModule, type ServerModuleInput } from "./server-module.js";

let project: Project | undefined;

export async function renderServerModule(input: ServerModuleInput, formatter: Formatter, subject: string): Promise<RenderedBody> {
  const parts = writeServerModule(input, printStatements, {
    format: (source) => formatter.format(source, subject),
    renderTools: (chunk) => formatter.renderTools(chunk, subject),
  });
  const [head, tools, tail] = await Promise.all([parts.head, Promise.all(parts.tools), Promise.all(parts.tail)]);
  // Imports first, then the tool types and schemas, then the structure that refers to them.
  return {
    body: [head, ...tools.map((chunk) => chunk.text), ...tail].join("\n"),
    warnings: tools.flatMap((chunk) => chunk.warnings),
  };
}

/** One addStatements call per piece: ts-morph re-parses the file on every insertion. */
function printStatements(statements: (string | StatementStructures)[]): string {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const file = project.createSourceFile("/piece.ts", "", { overwrite: true });
  file.addStatements(statements);
  const text = file.getFullText();
  project.removeSourceFile(file);
  return text;
}

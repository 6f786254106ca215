/**
 * Renders a server module to formatted text with ts-morph (loaded only when a file must be
 * emitted: it is the slowest module to load, and up-to-date files never need it).
 */
import { Project } from "ts-morph";
import type { Formatter } from "../format/format.js";
import type { RenderedBody } from "./plan.js";
import { writeServerModule, type ServerModuleInput } from "./server-module.js";

let project: Project | undefined;

export async function renderServerModule(input: ServerModuleInput, formatter: Formatter, subject: string): Promise<RenderedBody> {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const file = project.createSourceFile(`/${input.server.key}.ts`, "", { overwrite: true });
  const { toolChunks } = await writeServerModule(file, input, (chunk) => formatter.renderTools(chunk, subject));
  const structure = file.getFullText();
  project.removeSourceFile(file);
  // Imports first, then the tool types and schemas, then the structure that refers to them.
  const importsEnd = structure.indexOf("\n\n");
  const [head, tools, tail] = await Promise.all([
    formatter.format(structure.slice(0, importsEnd), subject),
    Promise.all(toolChunks),
    formatter.format(structure.slice(importsEnd + 2), subject),
  ]);
  return {
    body: [head, ...tools.map((chunk) => chunk.text), tail].join("\n"),
    warnings: tools.flatMap((chunk) => chunk.warnings),
  };
}

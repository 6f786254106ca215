/**
 * Renders a server module to text with ts-morph (loaded only when a file must be emitted:
 * it is the slowest module to load, and up-to-date files never need it).
 */
import { Project } from "ts-morph";
import type { RenderedBody } from "./plan.js";
import { writeServerModule, type ServerModuleInput } from "./server-module.js";

let project: Project | undefined;

export async function renderServerModule(input: ServerModuleInput): Promise<RenderedBody> {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const file = project.createSourceFile(`/${input.server.key}.ts`, "", { overwrite: true });
  const { toolChunks, warnings } = await writeServerModule(file, input);
  const structure = file.getFullText();
  project.removeSourceFile(file);
  // Imports first, then the tool types and schemas, then the structure that refers to them.
  const importsEnd = structure.indexOf("\n\n");
  return { chunks: [structure.slice(0, importsEnd), ...toolChunks, structure.slice(importsEnd + 2)], warnings };
}

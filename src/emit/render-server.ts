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
  const warnings = await writeServerModule(file, input);
  const body = file.getFullText();
  project.removeSourceFile(file);
  return { body, warnings };
}

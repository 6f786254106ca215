/** The text of the `codegen.config.ts` that `init` writes. */

export interface ConfigTextInput {
  servers: Record<string, Record<string, unknown>>;
  outDir: string;
  snapshot: string;
  /** Imported files, relative to the project. */
  sources: readonly string[];
  /** Variables the servers refer to. */
  variables: readonly string[];
}

export function configText(input: ConfigTextInput): string {
  const servers = JSON.stringify(input.servers, null, 2).replace(/\n/g, "\n  ");
  const lines = [
    `import { defineConfig } from "mcp-codegen";`,
    ``,
    `// Written by \`mcp-codegen init\` from ${input.sources.join(", ")}.`,
    ...(input.variables.length > 0
      ? [`// Values are never copied: set these variables before \`mcp-codegen generate\`: ${input.variables.join(", ")}.`]
      : []),
    `export default defineConfig({`,
    `  servers: ${servers},`,
    `  outDir: ${JSON.stringify(input.outDir)},`,
    `  snapshot: ${JSON.stringify(input.snapshot)},`,
    `});`,
    ``,
  ];
  return lines.join("\n");
}

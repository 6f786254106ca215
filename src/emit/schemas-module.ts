/**
 * `<server>/schemas.ts`: the Zod constants of a server's tools, each annotated with the type it
 * parses to (`export const XSchema: z.ZodType<X> = …`), the types imported from the server's
 * `types.ts` (types-module.ts); the server's `index.ts` imports and re-exports both, and no
 * generated module imports another in a circle.
 *
 * Why a file of its own, unchecked: type-checking the Zod construction expressions against the
 * interfaces costs thousands of type instantiations a tool, on every build and in every editor
 * of every user, while what users' code sees of a constant is only its annotation. So the file
 * opens with `// @ts-nocheck` and a user's compiler reads just the annotations (as cheap as
 * `declare const XSchema: z.ZodType<X>`), yet it stays a `.ts` file that `tsc --outDir`, tsx
 * and bundlers compile like any other (a `.js` + `.d.ts` pair would be left behind by `tsc`).
 * That the constructions agree with the interfaces is proven in mcp-codegen's own tests, which
 * compile the file without the directive (`typedTwin`) under every supported tsconfig.
 */
import type { NormalizedServer } from "../normalize/normalize.js";

/** The directive, first in the body; its comment says where the check happens instead. */
export const NO_CHECK_LINE =
  "// @ts-nocheck: these constructions are type-checked against the interfaces in mcp-codegen's own tests; your compiler reads only their annotations";

/** The head of the module: the directive and its imports (`z`, the tools' types), unformatted. */
export function schemasHead(server: NormalizedServer): string {
  return `${NO_CHECK_LINE}\nimport { z } from "zod";\nimport type { ${toolTypeNames(server).join(", ")} } from "./types.js";\n`;
}

/** The tools' input and output types (types.ts declares them, with their sub-types): what the other modules name. */
export function toolTypeNames(server: NormalizedServer): string[] {
  return server.tools.flatMap((tool) => [tool.inputType, ...(tool.entry.outputSchema && tool.outputType ? [tool.outputType] : [])]);
}

/** The `Schema` constants a server module imports from its schemas module. */
export function schemaNames(server: NormalizedServer): string[] {
  return server.tools.flatMap((tool) => [`${tool.inputType}Schema`, ...(tool.entry.outputSchema && tool.outputType ? [`${tool.outputType}Schema`] : [])]);
}

/**
 * The same module as the user's compiler would check it without the directive: how this
 * repository's tests type-check the constructions against the interfaces.
 */
export function typedTwin(source: string): string {
  if (!source.includes(`${NO_CHECK_LINE}\n`)) throw new Error("typedTwin: not a generated schemas module (no @ts-nocheck line)");
  return source.replace(`${NO_CHECK_LINE}\n`, "");
}

/**
 * A consumer of server-everything's generated client: calls that must compile and mistakes that
 * must not (each `@ts-expect-error` fails the compile when unused). Compiled by
 * test/generate/everything.test.ts and, under every tsconfig and compiler, tsconfig-matrix.test.ts.
 */
export function everythingConsumer(indexModule: string): string {
  return [
    `import { createClient } from ${JSON.stringify(indexModule)};`,
    `const mcp = createClient();`,
    `export const sum: Promise<unknown> = mcp.everything.getSum({ a: 1, b: 2 });`,
    `export const noArgs: Promise<unknown> = mcp.everything.getTinyImage();`,
    `// @ts-expect-error: echo requires a message`,
    `mcp.everything.echo({});`,
    // Input types are closed: a misspelt or unknown key is a compile error.
    `// @ts-expect-error: unknown key next to the required one`,
    `mcp.everything.echo({ message: "hi", haed: 3 });`,
    `// @ts-expect-error: misspelt optional argument (\`count\`)`,
    `mcp.everything.getResourceLinks({ cuont: 3 });`,
    `// @ts-expect-error: misspelt optional argument next to a valid one (\`steps\`)`,
    `mcp.everything.triggerLongRunningOperation({ duration: 1, stpes: 2 });`,
  ].join("\n");
}

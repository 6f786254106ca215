/**
 * The consumers the stock-project test (stock-tsconfigs.test.ts) compiles next to generated code:
 * what a user writes first. Their `@ts-expect-error` lines fail the compile if the generated types
 * ever degrade to `any` (an unresolved runtime declaration would do that silently).
 */

/** A typed call, the LangChain tools and closing; `await using` where the project's lib has `Symbol.asyncDispose`. */
export function stockConsumer(options: { awaitUsing: boolean }): string {
  const open = options.awaitUsing ? "await using mcp = createClient();" : "const mcp = createClient();";
  const close = options.awaitUsing ? "" : "\n  await mcp.close();";
  return `import type { DynamicStructuredTool } from "@langchain/core/tools";
import { createClient, type Client } from "./generated/index.js";

export async function consume(): Promise<number> {
  ${open}
  const client: Client = mcp;
  const sum = await client.math.add({ a: 1, b: 2 });
  const result: number = sum.structuredContent.result;
  // @ts-expect-error b is a number
  await client.math.add({ a: 1, b: "2" });
  // @ts-expect-error the result is a number
  const text: string = sum.structuredContent.result;
  const tools: DynamicStructuredTool[] = await client.getTools();${close}
  return result + tools.length + text.length;
}
`;
}

/**
 * A NestJS-shaped entry (CommonJS once compiled): a typed call and a LangChain tool call against
 * the real math server and a drift check, then one JSON line saying what ran and which copies were loaded.
 */
export const NEST_MAIN = `import { DynamicStructuredTool } from "@langchain/core/tools";
import { createClient } from "./generated/index.js";

async function bootstrap(): Promise<void> {
  const mcp = createClient();
  try {
    const sum = await mcp.math.add({ a: 3, b: 5 });
    const tools: DynamicStructuredTool[] = await mcp.getTools();
    const add = tools.find((tool) => tool.name === "add");
    const viaTool = JSON.stringify(await add?.invoke({ a: 2, b: 40 }));
    // verify() loads the module's snapshot with import(): from CommonJS output too.
    const drift = await mcp.math.verify();
    console.log(
      JSON.stringify({
        format: typeof module === "object" && typeof exports === "object" ? "commonjs" : "esm",
        sum: sum.structuredContent.result,
        viaTool,
        changes: drift.changes.length,
        sameLangChain: tools.length > 0 && tools.every((tool) => tool instanceof DynamicStructuredTool),
        runtime: require.resolve("@mcp-codegen/runtime"),
      }),
    );
  } finally {
    await mcp.close();
  }
}
void bootstrap();
`;

/**
 * The consumer of the installed-like-a-user test (`npm run test:pack`): typed calls through the
 * client that the installed `mcp-codegen generate` wrote into ../generated, against real stdio
 * servers. It is type-checked under several tsconfigs, compiled, and run after a production-only
 * install. Each step prints one line; a failure prints `<error name>: <message>` and exits 1.
 */
import { createClient } from "../generated/index.js";

async function main(): Promise<void> {
  const mcp = createClient();
  try {
    const sum = await mcp.math.add({ a: 3, b: 5 });
    const total: number = sum.structuredContent.result;
    console.log(`math.add ${total}`);

    // The inputs are typed: these lines only compile because each one is an error.
    // @ts-expect-error a string is not a number
    void (() => mcp.math.add({ a: "3", b: 5 }));
    // @ts-expect-error an unknown tool is not a method
    void (() => mcp.everything.notATool());

    const echo = await mcp.everything.echo({ message: "from a packed install" });
    console.log(`everything.echo ${echo.text}`);
    const everythingSum = await mcp.everything.getSum({ a: 2, b: 40 });
    console.log(`everything.getSum ${everythingSum.text}`);

    const tools = await mcp.getTools();
    console.log(`getTools ${tools.length} ${tools.map((tool) => tool.name).includes("add") ? "with add" : "without add"}`);
  } finally {
    await mcp.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  process.exitCode = 1;
});

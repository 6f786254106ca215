import { NestFactory } from "@nestjs/core";
import { AppModule } from "./app.module";
import { McpService } from "./mcp.service";

/** `nest new`'s bootstrap, as an application context (no HTTP port): one typed call, one tool call. */
async function bootstrap(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  try {
    const mcp = app.get(McpService);
    const sum = await mcp.add(3, 5);
    const { tools, sameLangChain } = await mcp.tools();
    const add = tools.find((tool) => tool.name === "add");
    const viaTool = JSON.stringify(await add?.invoke({ a: 2, b: 40 }));
    console.log(`format ${typeof module === "object" ? "commonjs" : "esm"}`);
    console.log(`math.add ${sum}`);
    console.log(`tool add ${viaTool}`);
    console.log(`one @langchain/core ${sameLangChain}`);
    console.log(`runtime ${require.resolve("@mcp-codegen/runtime")}`);
  } finally {
    await app.close();
  }
}
void bootstrap();

import { Injectable, type OnModuleDestroy } from "@nestjs/common";
import { DynamicStructuredTool } from "@langchain/core/tools";
import { createClient } from "./generated/index.js";

/** The generated client as a NestJS provider: one client per app, closed with the app. */
@Injectable()
export class McpService implements OnModuleDestroy {
  readonly mcp = createClient();

  async add(a: number, b: number): Promise<number> {
    const sum = await this.mcp.math.add({ a, b });
    return sum.structuredContent.result;
  }

  /** The math tools for an agent, and whether they are the app's own @langchain/core class. */
  async tools(): Promise<{ tools: DynamicStructuredTool[]; sameLangChain: boolean }> {
    const tools = await this.mcp.math.getTools();
    return { tools, sameLangChain: tools.every((tool) => tool instanceof DynamicStructuredTool) };
  }

  async onModuleDestroy(): Promise<void> {
    await this.mcp.close();
  }
}

/** The LangChain target: `DynamicStructuredTool`s (`getTools()`), the default. */
import type { TargetEmitter } from "./target.js";

export const langChainTarget: TargetEmitter = {
  name: "langchain",
  imports: () => [{ module: "@langchain/core/tools", names: ["DynamicStructuredTool"], typeOnly: true }],
  clientMethods: () => [
    {
      name: "getTools",
      docs: ["LangChain tools for this server (`DynamicStructuredTool`, content and artifact)."],
      parameters: [{ name: "options", type: "LangChainToolOptions", hasQuestionToken: true }],
      returnType: "Promise<DynamicStructuredTool[]>",
    },
  ],
  clientMembers: ({ server }) => [`getTools: (options) => create${server.typeStem}Tools(runtime, server, options),`],
  statements: ({ server, approvals }) => [
    `/** LangChain tools for this server, with the generated Zod input schemas${approvals ? "; `interruptOn(tools)` gives `humanInTheLoopMiddleware` the approval policy" : ""}. */
export function create${server.typeStem}Tools(runtime: Runtime, server: string = serverName, options?: LangChainToolOptions): Promise<DynamicStructuredTool[]> {
guardOn(runtime, server); // also when the tools are made without the client
return createLangChainTools(runtime, server, Object.values(tools), options${approvals ? ", approvals" : ""});
}
`,
  ],
  index: {
    imports: () => [
      { module: "@langchain/core/tools", names: ["DynamicStructuredTool"], typeOnly: true },
      { module: "@mcp-codegen/runtime", names: ["uniqueToolNames", "type LangChainToolOptions"], typeOnly: false },
    ],
    members: () => [
      "/** LangChain tools of every server; names shared across servers get their `server__` prefix. */",
      "getTools(options?: LangChainToolOptions): Promise<DynamicStructuredTool[]>;",
    ],
    implementation: () => ["getTools: async (toolOptions) => uniqueToolNames((await Promise.all(all.map((client) => client.getTools(toolOptions)))).flat()),"],
  },
};

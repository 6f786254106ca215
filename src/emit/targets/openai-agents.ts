/** The OpenAI Agents SDK target: per server its function tools, from `@mcp-codegen/runtime/openai-agents`. */
import { generatedToolsArgument, type TargetEmitter } from "./target.js";

export const openAiAgentsTarget: TargetEmitter = {
  name: "openai-agents",
  imports: () => [{ module: "@mcp-codegen/runtime/openai-agents", names: ["createAgentsTools", "type AgentsTool", "type AgentsToolOptions"], typeOnly: false }],
  clientMethods: () => [
    {
      name: "getAgentsTools",
      docs: ["OpenAI Agents SDK function tools for this server, for `new Agent({ tools })`."],
      parameters: [{ name: "options", type: "AgentsToolOptions", hasQuestionToken: true }],
      returnType: "Promise<AgentsTool[]>",
    },
  ],
  clientMembers: ({ server }) => [`getAgentsTools: (options) => create${server.typeStem}AgentsTools(runtime, server, options),`],
  statements: (context) => [
    `/** OpenAI Agents SDK function tools for this server: each call validated with the generated Zod schema. */
export function create${context.server.typeStem}AgentsTools(runtime: Runtime, server: string = serverName, options?: AgentsToolOptions): Promise<AgentsTool[]> {
guardOn(runtime, server);
return createAgentsTools(runtime, server, ${generatedToolsArgument(context, context.settings.modelSchema["openai-agents"])}, options);
}
`,
  ],
  index: {
    imports: () => [{ module: "@mcp-codegen/runtime/openai-agents", names: ["uniqueAgentsToolNames", "type AgentsTool", "type AgentsToolOptions"], typeOnly: false }],
    members: () => [
      "/** OpenAI Agents SDK tools of every server; names shared across servers get their `server__` prefix. */",
      "getAgentsTools(options?: AgentsToolOptions): Promise<AgentsTool[]>;",
    ],
    implementation: () => ["getAgentsTools: async (toolOptions) => uniqueAgentsToolNames((await Promise.all(all.map((client) => client.getAgentsTools(toolOptions)))).flat(), runtimeOptions.onWarning),"],
  },
};

/**
 * The Vercel AI SDK target: per server a typed `ToolSet` (`<Server>AiSdkTools`, one
 * `AiSdkTool<Input, Output>` per tool under its model-facing name) from `@mcp-codegen/runtime/ai-sdk`.
 */
import { providerToolName } from "@mcp-codegen/runtime/internal";
import { stringLiteral } from "../text.js";
import { generatedToolsArgument, type TargetEmitter } from "./target.js";

export const aiSdkTarget: TargetEmitter = {
  name: "ai-sdk",
  imports: ({ server }) => [
    { module: "@mcp-codegen/runtime/ai-sdk", names: server.tools.length > 0 ? ["createAiSdkTools", "type AiSdkTool", "type AiSdkToolOptions"] : ["createAiSdkTools", "type AiSdkToolOptions"], typeOnly: false },
  ],
  clientMethods: ({ server }) => [
    {
      name: "getAiSdkTools",
      docs: ["Vercel AI SDK tools for this server: a typed `ToolSet` for `generateText`, `streamText` or `ToolLoopAgent` (`aiSdkToolApproval(tools)` for their `toolApproval`)."],
      parameters: [{ name: "options", type: "AiSdkToolOptions", hasQuestionToken: true }],
      returnType: `Promise<${server.typeStem}AiSdkTools>`,
    },
  ],
  clientMembers: ({ server }) => [`getAiSdkTools: (options) => create${server.typeStem}AiSdkTools(runtime, server, options),`],
  statements: (context) => {
    const { server } = context;
    const members = server.tools.map((tool) => `${stringLiteral(providerToolName(server.key, tool.entry.name, false))}: AiSdkTool<${tool.inputType}, ${tool.outputType ?? "unknown"}>;`);
    return [
      `/** The AI SDK tools of this server by name (with \`prefix\`, the names are \`${server.key}__<tool>\`). */
export type ${server.typeStem}AiSdkTools = {
${members.join("\n")}
};

/** AI SDK tools for this server: the generated Zod schemas as input, the typed result as output. */
export function create${server.typeStem}AiSdkTools(runtime: Runtime, server: string = serverName, options?: AiSdkToolOptions): Promise<${server.typeStem}AiSdkTools> {
guardOn(runtime, server);
return createAiSdkTools(runtime, server, ${generatedToolsArgument(context, context.settings.modelSchema["ai-sdk"])}, options) as Promise<${server.typeStem}AiSdkTools>;
}
`,
    ];
  },
  index: {
    imports: (servers) => [
      { module: "@mcp-codegen/runtime/ai-sdk", names: ["mergeAiSdkTools", "type AiSdkToolOptions"], typeOnly: false },
      ...servers.map((server) => ({ module: `./${server.key}/index.js`, names: [`${server.typeStem}AiSdkTools`], typeOnly: true })),
    ],
    members: (servers) => [
      "/** AI SDK tools of every server as one `ToolSet`; names shared across servers get their `server__` prefix. */",
      `getAiSdkTools(options?: AiSdkToolOptions): Promise<${servers.map((server) => `${server.typeStem}AiSdkTools`).join(" & ") || "{}"}>;`,
    ],
    implementation: (servers) => [
      `getAiSdkTools: async (toolOptions) => mergeAiSdkTools(await Promise.all(all.map((client) => client.getAiSdkTools(toolOptions))), runtimeOptions.onWarning) as ${servers.map((server) => `${server.typeStem}AiSdkTools`).join(" & ") || "{}"},`,
    ],
  },
};

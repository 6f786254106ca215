/**
 * The Vercel AI SDK target: per server a typed `ToolSet` (`<Server>AiSdkTools`, one
 * `AiSdkTool<Input, Output>` per tool under its model-facing name) from `@mcp-codegen/runtime/ai-sdk`.
 */
import { planUniqueNames } from "@mcp-codegen/runtime/internal";
import { stringLiteral } from "../text.js";
import { generatedToolsArgument, type IndexServerRef, type TargetEmitter } from "./target.js";

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
    const members = server.tools.map((tool) => `${stringLiteral(tool.modelName)}: AiSdkTool<${tool.inputType}, ${tool.outputType ?? "unknown"}>;`);
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
      `getAiSdkTools(options?: AiSdkToolOptions): Promise<${mergedToolSetType(servers)}>;`,
    ],
    implementation: (servers) => [
      `getAiSdkTools: async (toolOptions) => mergeAiSdkTools(await Promise.all(all.map((client) => client.getAiSdkTools(toolOptions))), runtimeOptions.onWarning) as ${mergedToolSetType(servers)},`,
    ],
  },
};

/**
 * The type of every server's tools as one `ToolSet`, under the names `mergeAiSdkTools` gives them
 * at run time (the same `planUniqueNames`): a name several servers share is each server's
 * `server__name`, so no key is declared twice and none is typed as the wrong server's tool.
 */
function mergedToolSetType(servers: readonly IndexServerRef[]): string {
  const named = servers.flatMap((server) => server.modelNames.map((name) => ({ server: server.key, typeStem: server.typeStem, tool: name.tool, name: name.name })));
  const renames = planUniqueNames(named);
  if (renames.length === 0) return servers.map((server) => `${server.typeStem}AiSdkTools`).join(" & ") || "{}";
  const renamedOf = new Map<string, Set<string>>();
  for (const { index } of renames) {
    const entry = named[index]!;
    renamedOf.set(entry.typeStem, (renamedOf.get(entry.typeStem) ?? new Set()).add(entry.name));
  }
  const parts = servers.map((server) => {
    const renamed = renamedOf.get(server.typeStem);
    return renamed ? `Omit<${server.typeStem}AiSdkTools, ${[...renamed].map(stringLiteral).join(" | ")}>` : `${server.typeStem}AiSdkTools`;
  });
  const members = renames.map(({ index, to }) => `${stringLiteral(to)}: ${named[index]!.typeStem}AiSdkTools[${stringLiteral(named[index]!.name)}]`);
  return [...parts, `{ ${members.join("; ")} }`].join(" & ");
}

/**
 * The general client the MCP conformance suite's non-auth client scenarios run against (the
 * auth scenarios use auth-client.ts beside it; test/conformance/run.ts picks the command):
 *
 *   npm run conformance                       # every scored scenario, both revisions
 *
 * The runner passes the server URL as the argument, the scenario in MCP_CONFORMANCE_SCENARIO,
 * the revision to speak in MCP_CONFORMANCE_PROTOCOL_VERSION and scenario data (tool arguments)
 * in MCP_CONFORMANCE_CONTEXT. The client is the runtime as a user drives it, through its public
 * API only (`@mcp-codegen/runtime`, the built package): it lists what the server offers and uses
 * it, answering input requests through the callbacks a user passes. What it does per scenario is
 * the table in flows.ts.
 */
import { createRuntime, type ElicitationRequest, type ElicitationResponse, type Runtime } from "@mcp-codegen/runtime";
import { flowOf, type Step } from "./flows.js";
import { protocolFor } from "./revision.js";
import { sampleArguments, sampleContent } from "./samples.js";

const SERVER = "s";

interface ToolCallContext {
  name: string;
  arguments: Record<string, unknown>;
}

interface ScenarioContext {
  toolCalls?: ToolCallContext[];
}

function answerElicitation(request: ElicitationRequest): ElicitationResponse {
  // URL mode: the user "opened" the page. Form mode: required fields filled in, optional ones
  // left to the runtime, which applies the requested schema's defaults.
  if (request.mode === "url") return { action: "accept" };
  return { action: "accept", content: sampleContent(request.requestedSchema) };
}

async function callTools(runtime: Runtime, context: ScenarioContext): Promise<void> {
  const given = new Map((context.toolCalls ?? []).map((call) => [call.name, call.arguments]));
  for (const tool of await runtime.listTools(SERVER)) {
    await runtime.callTool(SERVER, tool.name, given.get(tool.name) ?? sampleArguments(tool.inputSchema));
  }
}

async function readResources(runtime: Runtime): Promise<void> {
  for (const resource of await runtime.listResources(SERVER)) await runtime.readResource(SERVER, resource.uri);
}

async function getPrompts(runtime: Runtime): Promise<void> {
  for (const prompt of await runtime.listPrompts(SERVER)) {
    const args = Object.fromEntries((prompt.arguments ?? []).map((argument) => [argument.name, "value"]));
    await runtime.getPrompt(SERVER, prompt.name, args);
  }
}

const STEPS: Record<Step, (runtime: Runtime, context: ScenarioContext) => Promise<unknown>> = {
  listTools: (runtime) => runtime.listTools(SERVER),
  callTools,
  readResources,
  getPrompts,
};

async function main(): Promise<void> {
  const url = process.argv[2];
  if (url === undefined) throw new Error("usage: client <server-url>");
  const scenario = process.env["MCP_CONFORMANCE_SCENARIO"] ?? "";
  const context = JSON.parse(process.env["MCP_CONFORMANCE_CONTEXT"] ?? "{}") as ScenarioContext;
  const runtime = createRuntime({
    servers: { [SERVER]: { transport: "http", url, protocol: protocolFor(process.env["MCP_CONFORMANCE_PROTOCOL_VERSION"]) } },
    clientInfo: { name: "mcp-codegen-conformance", version: "0.1.0" },
    callbacks: {
      onElicitation: answerElicitation,
      onSampling: () => ({ role: "assistant", content: { type: "text", text: "sampled" }, model: "scripted" }),
    },
    roots: [{ uri: "file:///conformance", name: "conformance" }],
  });
  try {
    for (const step of flowOf(scenario)) await STEPS[step](runtime, context);
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

/**
 * A server that asks for input the app gave no callback for (issue 29.5: hints that name the
 * option to set), over real stdio pipes to test/servers/input-rounds.ts, form and URL mode:
 *
 * - 2025 era (SDK 1.x server): the client declares no elicitation capability, the server answers
 *   the call with a tool error ("Client does not support form elicitation."), and the runtime
 *   adds a text block naming `callbacks: { onElicitation }`: in the result, in the
 *   `ToolCallError` of a typed call, and in the LangChain ToolMessage the model reads;
 * - 2026-07-28 era: the server refuses with -32021 (missing client capability), and the
 *   `ProtocolError` names the option.
 * With an `onElicitation` the server asks and nothing is added.
 */
import { resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ToolMessage } from "@langchain/core/messages";
import { createRuntime, ProtocolError, type Runtime } from "../../runtime/src/index.js";
import { repoRoot } from "../helpers/servers.js";

const SCRIPT = resolve(repoRoot, "test/servers/dist/input-rounds.js");
const OPTION = "set it in the options of createRuntime / createClient, `callbacks: { onElicitation }`, or in this server's entry";

const runtimes: Runtime[] = [];
afterAll(() => Promise.all(runtimes.map((runtime) => runtime.close())));

function runtimeFor(era: "2025" | "2026", callbacks: Record<string, unknown> = {}): Runtime {
  const protocol = era === "2025" ? "legacy" : "2026-07-28";
  const runtime = createRuntime({ servers: { rounds: { transport: "stdio", command: process.execPath, args: [SCRIPT, "--era", era], protocol, callbacks } as never } });
  runtimes.push(runtime);
  return runtime;
}

function texts(content: unknown): string[] {
  return (content as { type: string; text?: string }[]).map((block) => block.text ?? "");
}

describe("a 2025 server that elicits, without onElicitation", () => {
  const runtime = runtimeFor("2025");

  it.each(["ask", "ask_url"])("%s: the tool error names the option to set", async (tool) => {
    const result = await runtime.callTool("rounds", tool, {});
    expect(result.isError).toBe(true);
    const [said, hint] = texts(result.content);
    expect(said).toMatch(/^Client does not support (form|url) elicitation/);
    expect(hint).toContain(`mcp-codegen: the server asked the user for input (elicitation) and this client has no onElicitation: ${OPTION}`);
    expect(hint).toContain('`elicitation: "interrupt"`');
  });

  it("reaches the model in the LangChain ToolMessage", async () => {
    const tools = await runtime.getTools("rounds");
    const ask = tools.find((tool) => tool.name === "ask");
    const message = (await ask!.invoke({ type: "tool_call", id: "call-1", name: "ask", args: {} })) as ToolMessage;
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.status).toBe("error");
    expect(JSON.stringify(message.content)).toContain("callbacks: { onElicitation }");
  });

  it("with onElicitation the server asks, and no hint is added", async () => {
    const answering = runtimeFor("2025", { onElicitation: () => ({ action: "decline" }) });
    const result = await answering.callTool("rounds", "ask", {});
    expect(texts(result.content)).toEqual(["answered: decline"]);
  });
});

describe("a 2026-07-28 server that elicits, without onElicitation", () => {
  const runtime = runtimeFor("2026");

  it.each(["ask", "ask_url"])("%s: the ProtocolError (-32021) names the option to set", async (tool) => {
    const error = await runtime.callTool("rounds", tool, {}).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe(-32021);
    expect((error as Error).message).toMatch(new RegExp(`^server "rounds" tool "${tool}": server error -32021: .*elicitation/create.*; the server asked the user for input \\(elicitation\\)`));
    expect((error as Error).message).toContain(OPTION);
  });
});

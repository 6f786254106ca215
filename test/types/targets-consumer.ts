/**
 * Type-level tests of the framework targets' generated API (compiled, never run), for the
 * tsconfig matrix: the notes server generated with `targets: ["ai-sdk", "openai-agents"]`, an
 * approval policy and OpenAI strict projections. `from` is where that output lives, relative to
 * the consumer file.
 */
export function targetsConsumer(from: string): string {
  return `import { expectTypeOf } from "vitest";
import type { ToolResult } from "@mcp-codegen/runtime";
import { aiSdkToolApproval, type AiSdkTool } from "@mcp-codegen/runtime/ai-sdk";
import type { AgentsTool } from "@mcp-codegen/runtime/openai-agents";
import { createClient } from "${from}/index.js";
import { approvals, createNotesAiSdkTools, type NotesAiSdkTools, type ReadNoteInput, type ReadNoteOutput, type WriteNoteInput } from "${from}/notes/index.js";

export async function targets(): Promise<void> {
  const mcp = createClient();
  const tools = await mcp.notes.getAiSdkTools();
  expectTypeOf(tools).toEqualTypeOf<NotesAiSdkTools>();
  expectTypeOf(tools.read_note).toEqualTypeOf<AiSdkTool<ReadNoteInput, ReadNoteOutput>>();
  expectTypeOf<ReadNoteInput>().toEqualTypeOf<{ title: string }>();
  expectTypeOf<WriteNoteInput["tags"]>().toEqualTypeOf<string[] | undefined>();
  const execute = tools.read_note.execute;
  if (execute) {
    expectTypeOf(execute).parameter(0).toEqualTypeOf<ReadNoteInput>();
    const output = await execute({ title: "welcome" }, { toolCallId: "x", messages: [], context: {} } as never);
    expectTypeOf(output).toMatchTypeOf<ToolResult<ReadNoteOutput> | AsyncIterable<ToolResult<ReadNoteOutput>>>();
  }
  // @ts-expect-error a misspelt tool does not compile
  void tools.read_notes;
  expectTypeOf(aiSdkToolApproval(tools)).toEqualTypeOf<Record<string, "user-approval" | "not-applicable">>();
  expectTypeOf(await createNotesAiSdkTools(mcp.runtime)).toEqualTypeOf<NotesAiSdkTools>();
  expectTypeOf(await mcp.getAiSdkTools()).toEqualTypeOf<NotesAiSdkTools>();
  expectTypeOf(await mcp.notes.getAgentsTools()).toEqualTypeOf<AgentsTool[]>();
  expectTypeOf(approvals).toEqualTypeOf<Readonly<Record<string, boolean>>>();
  // No LangChain target: no LangChain tools.
  // @ts-expect-error getTools is the LangChain target's
  void mcp.notes.getTools;
  await mcp.close();
}
`;
}

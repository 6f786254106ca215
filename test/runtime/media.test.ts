/**
 * Audio content (and MCP annotations) end to end, over stdio and streamable HTTP: typed call
 * content, the LangChain tool's standard `audio` block (annotations kept in its metadata) and a
 * prompt message carrying audio. And an AbortSignal that really cancels on the wire.
 */
import path from "node:path";
import type { ToolMessage } from "@langchain/core/messages";
import * as z from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CancelledError, callTypedTool, createLangChainTools, createRuntime, getPromptMessages, type Runtime, type ToolDescriptor } from "../../runtime/src/index.js";
import type { ServerConfig } from "../../runtime/src/shared/server-config.js";
import { repoRoot, startServerScript, type RunningServer } from "../helpers/servers.js";

const MEDIA = path.join(repoRoot, "test/servers/dist/media.js");
const tone: ToolDescriptor<Record<string, never>, unknown> = { name: "tone", description: "A short silent tone.", fingerprint: "test", input: z.object({}) };

const TRANSPORTS: [string, () => Promise<{ config: ServerConfig; server?: RunningServer }>][] = [
  ["stdio", async () => ({ config: { transport: "stdio", command: process.execPath, args: [MEDIA] } })],
  [
    "streamable HTTP",
    async () => {
      const server = await startServerScript(MEDIA, ["--http", "--port", "0"]);
      return { config: { transport: "http", url: server.url }, server };
    },
  ],
];

describe.each(TRANSPORTS)("audio over %s", (_name, start) => {
  let runtime: Runtime;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    const started = await start();
    server = started.server;
    runtime = createRuntime({ servers: { media: started.config } });
  });
  afterAll(async () => {
    await runtime?.close();
    await server?.stop();
  });

  it("typed call content keeps the audio block and its annotations", async () => {
    const result = await callTypedTool(runtime, "media", tone, {});
    const audio = result.content.find((block) => block.type === "audio");
    expect(audio).toMatchObject({ type: "audio", mimeType: "audio/wav", annotations: { audience: ["user"], priority: 0.7 } });
    const bytes = Buffer.from((audio as { data: string }).data, "base64");
    expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("ascii")).toBe("WAVE");
    expect(result.text).toBe("a silent tone");
  });

  it("LangChain tool returns a standard audio block with the annotations in its metadata", async () => {
    const [tool] = await createLangChainTools(runtime, "media", [tone]);
    const message = (await tool!.invoke({ id: "call-1", name: "tone", args: {}, type: "tool_call" })) as ToolMessage;
    expect(message.content).toEqual([
      { type: "audio", mimeType: "audio/wav", data: expect.any(String), metadata: { annotations: { audience: ["user"], priority: 0.7 } } },
      { type: "text", text: "a silent tone" },
    ]);
  });

  it("a prompt message with audio becomes a HumanMessage with an audio block", async () => {
    const [message] = await getPromptMessages(runtime, "media", "listen", {});
    expect(message?.getType()).toBe("human");
    expect(message?.content).toEqual([{ type: "audio", mimeType: "audio/wav", data: expect.any(String) }]);
  });

  it("an AbortSignal cancels the request on the wire: the server sees notifications/cancelled", async () => {
    const before = Number(textOf(await runtime.callTool("media", "cancellations")));
    const controller = new AbortController();
    const pending = runtime.callTool("media", "wait_for_cancel", {}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user gave up")), 100);
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    // The server counts the cancel when the notification arrives: poll a bounded number of times.
    let seen = before;
    for (let attempt = 0; attempt < 50 && seen === before; attempt++) {
      seen = Number(textOf(await runtime.callTool("media", "cancellations")));
      if (seen === before) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe(before + 1);
  });
});

function textOf(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((block) => block.text ?? "").join("");
}

/**
 * The same scenarios, with the same assertions, against server-everything over stdio and over
 * streamable HTTP on 127.0.0.1: typed calls (hand-written descriptors, as a generator would
 * emit them) and LangChain tools (generated factory and live listing). Covers what the other
 * runtime tests exercise on one transport only: structured content, images, annotated
 * messages, resource links, embedded resources, tool and protocol errors, timeouts,
 * cancellation, and the log level actually filtering what the server sends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolMessage } from "@langchain/core/messages";
import * as z from "zod";
import { childPids, EVERYTHING_STDIO, startEverythingHttp } from "../helpers/servers.js";
import {
  CancelledError,
  callTypedTool,
  createLangChainTools,
  createRuntime,
  getPromptMessages,
  ProtocolError,
  TimeoutError,
  ToolCallError,
  type ContentBlock,
  type LoggingLevel,
  type LoggingMessage,
  type ProgressUpdate,
  type Runtime,
  type RuntimeServerConfig,
  type ToolDescriptor,
} from "../../runtime/src/index.js";

// ---------------------------------------------------------------------------------------------
// Hand-written descriptors of server-everything tools.

const CITIES = ["New York", "Chicago", "Los Angeles"] as const;
const weather = z.object({ temperature: z.number(), conditions: z.string(), humidity: z.number() });

const structuredTool: ToolDescriptor<{ location: (typeof CITIES)[number] }, z.infer<typeof weather>> = {
  name: "get-structured-content",
  description: "Returns structured content along with an output schema.",
  fingerprint: "test",
  input: z.object({ location: z.enum(CITIES) }),
  output: weather,
};

/** The same wire tool with a looser input than the server's: the server answers isError. */
const looseStructuredTool: ToolDescriptor<{ location: string }, z.infer<typeof weather>> = {
  ...structuredTool,
  input: z.object({ location: z.string() }),
};

const tinyImageTool: ToolDescriptor<Record<string, never>, unknown> = {
  name: "get-tiny-image",
  description: "Returns a tiny MCP logo image.",
  fingerprint: "test",
  input: z.object({}),
};

const annotatedTool: ToolDescriptor<{ messageType: "error" | "success" | "debug"; includeImage?: boolean | undefined }, unknown> = {
  name: "get-annotated-message",
  description: "Demonstrates annotations.",
  fingerprint: "test",
  input: z.object({ messageType: z.enum(["error", "success", "debug"]), includeImage: z.boolean().optional() }),
};

const resourceLinksTool: ToolDescriptor<{ count?: number | undefined }, unknown> = {
  name: "get-resource-links",
  description: "Returns resource links.",
  fingerprint: "test",
  input: z.object({ count: z.number().optional() }),
};

const resourceReferenceTool: ToolDescriptor<{ resourceType: "Text" | "Blob"; resourceId: number }, unknown> = {
  name: "get-resource-reference",
  description: "Returns an embedded resource.",
  fingerprint: "test",
  input: z.object({ resourceType: z.enum(["Text", "Blob"]), resourceId: z.number() }),
};

// ---------------------------------------------------------------------------------------------
// Transports and helpers.

let stopHttp: (() => Promise<void>) | undefined;
const before = new Set(childPids());

const TRANSPORTS: [string, () => Promise<RuntimeServerConfig>][] = [
  ["stdio", async () => EVERYTHING_STDIO],
  [
    "http",
    async () => {
      const server = await startEverythingHttp();
      stopHttp = server.stop;
      return { transport: "http", url: server.url };
    },
  ],
];

afterAll(async () => {
  await stopHttp?.();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const SEVERITY: readonly LoggingLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
const severity = (level: LoggingLevel): number => SEVERITY.indexOf(level);

type Block = { type: string; [key: string]: unknown };

function toolCall(name: string, args: Record<string, unknown>, id = "call-1") {
  return { type: "tool_call" as const, id, name, args };
}

function blocksOf(message: ToolMessage): Block[] {
  return message.content as Block[];
}

function textOf(content: readonly ContentBlock[]): string {
  return content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

function decode(base64: string): Buffer {
  return Buffer.from(base64, "base64");
}

/** A promise plus the function that settles it: waits for a callback without any clock. */
function signal<T>(): { promise: Promise<T>; fire: (value: T) => void } {
  let fire!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (fire = resolve));
  return { promise, fire };
}

// ---------------------------------------------------------------------------------------------

describe.each(TRANSPORTS)("server-everything over %s", (_kind, configure) => {
  let runtime: Runtime;
  const logs: LoggingMessage[] = [];
  let onLog: ((message: LoggingMessage) => void) | undefined;

  beforeAll(async () => {
    const config = await configure();
    runtime = createRuntime({
      servers: {
        everything: {
          ...config,
          roots: [{ uri: "file:///matrix/one", name: "one" }],
          loggingLevel: "debug",
          callbacks: {
            onLoggingMessage: (message) => {
              logs.push(message);
              onLog?.(message);
            },
          },
        },
      },
    });
    // server-everything registers its capability-dependent tools after initialize.
    await runtime.listTools("everything");
  });

  afterAll(async () => {
    await runtime.close();
  });

  describe("structured content", () => {
    it("is parsed with the output schema in a typed call", async () => {
      const result = await callTypedTool(runtime, "everything", structuredTool, { location: "Chicago" });
      expect(result.structuredContent).toEqual({ temperature: 36, conditions: "Light rain / drizzle", humidity: 82 });
      expect(result.text).toBe(JSON.stringify({ temperature: 36, conditions: "Light rain / drizzle", humidity: 82 }));
    });

    it("is the artifact of generated and live-listing LangChain tools", async () => {
      const expected = { structuredContent: { temperature: 73, conditions: "Sunny / Clear", humidity: 48 } };
      const [generated] = await createLangChainTools(runtime, "everything", [structuredTool]);
      const fromGenerated = (await generated!.invoke(toolCall("get-structured-content", { location: "Los Angeles" }))) as ToolMessage;
      expect(fromGenerated.status).toBe("success");
      expect(fromGenerated.artifact).toEqual(expected);
      expect(blocksOf(fromGenerated)).toEqual([{ type: "text", text: JSON.stringify(expected.structuredContent) }]);

      const live = (await runtime.getTools("everything")).find((tool) => tool.name === "get-structured-content")!;
      const fromLive = (await live.invoke(toolCall("get-structured-content", { location: "Los Angeles" }))) as ToolMessage;
      expect(fromLive.artifact).toEqual(expected);
    });
  });

  describe("images", () => {
    it("come back as PNG image content from a typed call and as a LangChain image block", async () => {
      const typed = await callTypedTool(runtime, "everything", tinyImageTool, {});
      const image = typed.content.find((block) => block.type === "image");
      expect(image).toMatchObject({ type: "image", mimeType: "image/png" });
      const data = (image as { data: string }).data;
      expect([...decode(data).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(typed.text).toBe("Here's the image you requested:\nThe image above is the MCP logo.");

      const [tool] = await createLangChainTools(runtime, "everything", [tinyImageTool]);
      const message = (await tool!.invoke(toolCall("get-tiny-image", {}))) as ToolMessage;
      expect(blocksOf(message)).toEqual([
        { type: "text", text: "Here's the image you requested:" },
        { type: "image", mimeType: "image/png", data },
        { type: "text", text: "The image above is the MCP logo." },
      ]);
    });
  });

  describe("annotated messages", () => {
    it("keep the server's annotations in the typed result's content", async () => {
      const failed = await callTypedTool(runtime, "everything", annotatedTool, { messageType: "error" });
      expect(failed.content).toEqual([
        { type: "text", text: "Error: Operation failed", annotations: { priority: 1, audience: ["user", "assistant"] } },
      ]);
      const debug = await callTypedTool(runtime, "everything", annotatedTool, { messageType: "debug", includeImage: true });
      expect(debug.content[0]).toEqual({
        type: "text",
        text: "Debug: Cache hit ratio 0.95, latency 150ms",
        annotations: { priority: 0.3, audience: ["assistant"] },
      });
      expect(debug.content[1]).toMatchObject({ type: "image", mimeType: "image/png", annotations: { priority: 0.5, audience: ["user"] } });
    });

    it("convert to LangChain text and image blocks", async () => {
      const [tool] = await createLangChainTools(runtime, "everything", [annotatedTool]);
      const message = (await tool!.invoke(toolCall("get-annotated-message", { messageType: "success", includeImage: true }))) as ToolMessage;
      const blocks = blocksOf(message);
      expect(blocks.map((block) => block.type)).toEqual(["text", "image"]);
      expect(blocks[0]).toMatchObject({ type: "text", text: "Operation completed successfully" });
      expect(blocks[1]).toMatchObject({ type: "image", mimeType: "image/png" });
      expect([...decode(blocks[1]!["data"] as string).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    });
  });

  describe("resource links", () => {
    const links = [
      { uri: "demo://resource/dynamic/blob/1", name: "Blob Resource 1", description: "Resource 1: plaintext resource", mimeType: "text/plain" },
      { uri: "demo://resource/dynamic/text/2", name: "Text Resource 2", description: "Resource 2: plaintext resource", mimeType: "text/plain" },
    ];

    it("come back as resource_link content from a typed call, and can be read", async () => {
      const typed = await callTypedTool(runtime, "everything", resourceLinksTool, { count: 2 });
      expect(typed.content).toEqual([
        { type: "text", text: "Here are 2 resource links to resources available in this server:" },
        ...links.map((link) => ({ type: "resource_link", ...link })),
      ]);
      const [blob] = await runtime.readResource("everything", links[0]!.uri);
      expect(new TextDecoder().decode(blob?.bytes)).toMatch(/^Resource 1: This is a base64 blob/);
      const [text] = await runtime.readResource("everything", links[1]!.uri);
      expect(text?.text).toMatch(/^Resource 2: This is a plaintext resource/);
    });

    it("become LangChain file blocks with the link's url", async () => {
      const [tool] = await createLangChainTools(runtime, "everything", [resourceLinksTool]);
      const message = (await tool!.invoke(toolCall("get-resource-links", { count: 2 }))) as ToolMessage;
      expect(blocksOf(message).slice(1)).toEqual(
        links.map((link) => ({ type: "file", url: link.uri, mimeType: link.mimeType, metadata: { name: link.name, description: link.description } })),
      );
    });
  });

  describe("embedded resources", () => {
    it("come back as resource content from a typed call and as text-plain / file LangChain blocks", async () => {
      const text = await callTypedTool(runtime, "everything", resourceReferenceTool, { resourceType: "Text", resourceId: 4 });
      expect(text.content[1]).toMatchObject({
        type: "resource",
        resource: { uri: "demo://resource/dynamic/text/4", mimeType: "text/plain", text: expect.stringMatching(/^Resource 4: This is a plaintext resource/) },
      });
      const blob = await callTypedTool(runtime, "everything", resourceReferenceTool, { resourceType: "Blob", resourceId: 5 });
      const blobResource = (blob.content[1] as { resource: { uri: string; blob: string } }).resource;
      expect(blobResource.uri).toBe("demo://resource/dynamic/blob/5");
      expect(decode(blobResource.blob).toString("utf8")).toMatch(/^Resource 5: This is a base64 blob/);

      const [tool] = await createLangChainTools(runtime, "everything", [resourceReferenceTool]);
      const textMessage = (await tool!.invoke(toolCall("get-resource-reference", { resourceType: "Text", resourceId: 4 }))) as ToolMessage;
      expect(blocksOf(textMessage)[1]).toEqual({
        type: "text-plain",
        mimeType: "text/plain",
        text: expect.stringMatching(/^Resource 4: This is a plaintext resource/),
        metadata: { uri: "demo://resource/dynamic/text/4" },
      });
      const blobMessage = (await tool!.invoke(toolCall("get-resource-reference", { resourceType: "Blob", resourceId: 5 }))) as ToolMessage;
      const file = blocksOf(blobMessage)[1]!;
      expect(file).toMatchObject({ type: "file", mimeType: "text/plain", metadata: { uri: "demo://resource/dynamic/blob/5" } });
      expect(decode(file["data"] as string).toString("utf8")).toMatch(/^Resource 5: This is a base64 blob/);
    });

    it("in a prompt become text-plain and file blocks of a human message", async () => {
      const textPrompt = await getPromptMessages(runtime, "everything", "resource-prompt", { resourceType: "Text", resourceId: "2" });
      expect(textPrompt.map((message) => message.getType())).toEqual(["human", "human"]);
      expect(textPrompt[0]?.content).toBe("This prompt includes the Text resource with id: 2. Please analyze the following resource:");
      expect(textPrompt[1]?.content).toEqual([
        {
          type: "text-plain",
          mimeType: "text/plain",
          text: expect.stringMatching(/^Resource 2: This is a plaintext resource/),
          metadata: { uri: "demo://resource/dynamic/text/2" },
        },
      ]);
      const blobPrompt = await getPromptMessages(runtime, "everything", "resource-prompt", { resourceType: "Blob", resourceId: "3" });
      const [file] = blobPrompt[1]?.content as Block[];
      expect(file).toMatchObject({ type: "file", mimeType: "text/plain", metadata: { uri: "demo://resource/dynamic/blob/3" } });
      expect(decode(file!["data"] as string).toString("utf8")).toMatch(/^Resource 3: This is a base64 blob/);
    });
  });

  describe("tool errors", () => {
    it("isError becomes ToolCallError in a typed call and stays a result in the dynamic call", async () => {
      const error = await callTypedTool(runtime, "everything", looseStructuredTool, { location: "Paris" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolCallError);
      const toolError = error as ToolCallError;
      expect(toolError.server).toBe("everything");
      expect(toolError.tool).toBe("get-structured-content");
      expect(toolError.text).toMatch(/Input validation error/);
      expect(toolError.message).toMatch(/^server "everything" tool "get-structured-content": tool returned an error: .*Input validation error/);

      const unknown = await runtime.callTool("everything", "no-such-tool", {});
      expect(unknown.isError).toBe(true);
      expect(textOf(unknown.content)).toMatch(/Tool no-such-tool not found/);
    });

    it("isError becomes an error ToolMessage for LangChain, or a throw with handleToolErrors false", async () => {
      const [tool] = await createLangChainTools(runtime, "everything", [looseStructuredTool]);
      const message = (await tool!.invoke(toolCall("get-structured-content", { location: "Paris" }, "call-err"))) as ToolMessage;
      expect(message.status).toBe("error");
      expect(message.tool_call_id).toBe("call-err");
      expect(message.name).toBe("get-structured-content");
      expect(message.artifact).toBeUndefined();
      const [block] = blocksOf(message);
      expect(block).toMatchObject({ type: "text", text: expect.stringMatching(/Input validation error/) });

      const [strict] = await createLangChainTools(runtime, "everything", [looseStructuredTool], { handleToolErrors: false });
      await expect(strict!.invoke(toolCall("get-structured-content", { location: "Paris" }))).rejects.toBeInstanceOf(ToolCallError);
    });
  });

  describe("protocol errors", () => {
    it("a JSON-RPC error becomes ProtocolError with its code, naming server and subject", async () => {
      const read = await runtime.readResource("everything", "demo://resource/nope").catch((e: unknown) => e);
      expect(read).toBeInstanceOf(ProtocolError);
      expect((read as ProtocolError).code).toBe(-32602);
      expect((read as ProtocolError).message).toMatch(/^server "everything" resource "demo:\/\/resource\/nope": server error -32602: Resource demo:\/\/resource\/nope not found$/);

      const prompt = await runtime.getPrompt("everything", "no-such-prompt").catch((e: unknown) => e);
      expect(prompt).toBeInstanceOf(ProtocolError);
      expect((prompt as ProtocolError).code).toBe(-32602);
      expect((prompt as ProtocolError).message).toMatch(/^server "everything" prompt "no-such-prompt": server error -32602: Prompt no-such-prompt not found$/);
    });
  });

  describe("timeouts and cancellation", () => {
    it("a call's timeout ends the call with TimeoutError; the connection stays usable", async () => {
      const error = await runtime
        .callTool("everything", "trigger-long-running-operation", { duration: 3, steps: 3 }, { timeout: 50 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).timeout).toBe(50);
      expect((error as TimeoutError).message).toBe(`server "everything" tool "trigger-long-running-operation": request timed out after 50 ms (raise it with the call's { timeout }, the server's toolTimeouts or timeout, or the runtime's timeout)`);
      const echo = await runtime.callTool("everything", "echo", { message: "after timeout" });
      expect(echo.content).toEqual([{ type: "text", text: "Echo: after timeout" }]);
    });

    it("an AbortSignal cancels a typed call after its first progress; the connection stays usable", async () => {
      const controller = new AbortController();
      const updates: ProgressUpdate[] = [];
      const longRunning: ToolDescriptor<{ duration: number; steps: number }, unknown> = {
        name: "trigger-long-running-operation",
        description: "Long running operation.",
        fingerprint: "test",
        input: z.object({ duration: z.number(), steps: z.number() }),
      };
      const error = await callTypedTool(runtime, "everything", longRunning, { duration: 10, steps: 20 }, {
        signal: controller.signal,
        onProgress: (update) => {
          updates.push(update);
          controller.abort(new Error("user stopped it"));
        },
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CancelledError);
      expect((error as CancelledError).cause).toEqual(new Error("user stopped it"));
      expect((error as CancelledError).message).toBe('server "everything" tool "trigger-long-running-operation": request cancelled');
      expect(updates[0]).toEqual({ progress: 1, total: 20 });
      // Per-call headers are harmless on every transport (HTTP sends them, stdio has none).
      const echo = await runtime.callTool("everything", "echo", { message: "after cancel" }, { headers: { "x-trace": "t-1" } });
      expect(echo.content).toEqual([{ type: "text", text: "Echo: after cancel" }]);
    });
  });

  describe("logging", () => {
    const TOGGLES = 12;

    /** Turns simulated logging on and off: each "on" sends one message at a random level at once. */
    async function randomLogBursts(): Promise<void> {
      for (let i = 0; i < TOGGLES; i++) {
        expect(textOf((await runtime.callTool("everything", "toggle-simulated-logging")).content)).toMatch(/^Started simulated/);
        expect(textOf((await runtime.callTool("everything", "toggle-simulated-logging")).content)).toMatch(/^Stopped simulated/);
      }
    }

    /** Offers `count` roots and waits until the server has fetched them. */
    async function offerRoots(count: number): Promise<void> {
      const roots = Array.from({ length: count }, (_, i) => ({ uri: `file:///matrix/${i}`, name: `r${i}` }));
      await runtime.setRoots(roots, "everything");
      // The server fetches the roots after our list_changed notification; it reports what it holds.
      while (!textOf((await runtime.callTool("everything", "get-roots-list")).content).includes(`(${count} total)`)) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    /** Resolves on the server's info message announcing `count` roots. */
    function rootsAnnounced(count: number): Promise<LoggingMessage> {
      const seen = signal<LoggingMessage>();
      onLog = (message) => {
        if (String(message.data).includes(`Roots updated: ${count} root(s)`)) seen.fire(message);
      };
      return seen.promise;
    }

    /** The simulated messages only (the roots messages are announced at level info). */
    function randomOnly(messages: LoggingMessage[]): LoggingMessage[] {
      return messages.filter((message) => !String(message.data).includes("Roots updated"));
    }

    it("messages arrive at level debug, and setLoggingLevel('error') stops every message below error", async () => {
      // The server syncs roots once on its own: make it register its list_changed handler now.
      await runtime.callTool("everything", "get-roots-list");

      // Level debug: an info message arrives, and random levels include some below error.
      const announcedTwo = rootsAnnounced(2);
      await offerRoots(2);
      expect(await announcedTwo).toMatchObject({ level: "info", logger: "everything-server" });
      let start = logs.length;
      await randomLogBursts();
      const announcedMarker = rootsAnnounced(3);
      await offerRoots(3); // its message comes after every burst message on the same stream
      const atDebug = randomOnly(logs.slice(start, logs.indexOf(await announcedMarker)));
      expect(atDebug.length).toBeGreaterThanOrEqual(TOGGLES); // nothing filtered
      expect(atDebug.some((message) => severity(message.level) < severity("error"))).toBe(true);

      // Level error: the info roots message and every random message below error are not sent.
      await runtime.setLoggingLevel("everything", "error");
      start = logs.length;
      await offerRoots(4);
      await randomLogBursts();

      // Back to debug: the next roots message marks the end of what was sent at level error.
      await runtime.setLoggingLevel("everything", "debug");
      const announcedFive = rootsAnnounced(5);
      await offerRoots(5);
      const atError = logs.slice(start, logs.indexOf(await announcedFive));
      expect(atError.filter((message) => String(message.data).includes("Roots updated"))).toEqual([]);
      expect(atError.filter((message) => severity(message.level) < severity("error"))).toEqual([]);
    });
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { childPids, EVERYTHING_STDIO } from "../helpers/servers.js";
import {
  CancelledError,
  ConfigError,
  createRuntime,
  expandUriTemplate,
  getPromptMessages,
  TimeoutError,
  type ProgressUpdate,
} from "../../runtime/src/index.js";

const before = new Set(childPids());

const runtime = createRuntime({
  servers: {
    everything: { ...EVERYTHING_STDIO, env: { MCP_TEST_TOKEN: "${TOKEN}", MCP_TEST_REGION: "${REGION:-eu}" } },
    missing: { ...EVERYTHING_STDIO, env: { MCP_TEST_TOKEN: "${NOT_SET_ANYWHERE}" } },
  },
  env: { TOKEN: "s3cret-token" },
});

afterAll(async () => {
  await runtime.close();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

describe("runtime over stdio (server-everything)", () => {
  it("resolves placeholders into the child's env, over a safe default environment only", async () => {
    const result = await runtime.callTool("everything", "get-env", {});
    const first = result.content[0];
    const env = JSON.parse(first?.type === "text" ? first.text : "{}") as Record<string, string>;
    expect(env["MCP_TEST_TOKEN"]).toBe("s3cret-token");
    expect(env["MCP_TEST_REGION"]).toBe("eu");
    expect(env["PATH"]).toBe(process.env["PATH"]);
    // Nothing from the parent beyond the safe defaults (vitest sets VITEST in the parent).
    expect(process.env["VITEST"]).toBeDefined();
    expect(env["VITEST"]).toBeUndefined();
  });

  it("names the server and the missing variable, never a value, and starts nothing", async () => {
    const pids = childPids();
    const error = await runtime.listTools("missing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      'server "missing": environment variable NOT_SET_ANYWHERE is not set (used in servers.missing.env.MCP_TEST_TOKEN)',
    );
    expect(childPids()).toEqual(pids);
  });

  it("reads a blob resource as bytes (and text for a textual MIME type)", async () => {
    const uri = expandUriTemplate("demo://resource/dynamic/blob/{resourceId}", { resourceId: 7 });
    expect(uri).toBe("demo://resource/dynamic/blob/7");
    const [content] = await runtime.readResource("everything", uri);
    expect(content?.bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(content?.bytes)).toMatch(/^Resource 7: This is a base64 blob/);
    expect(content?.text).toMatch(/^Resource 7: This is a base64 blob/);
    const [text] = await runtime.readResource("everything", "demo://resource/dynamic/text/3");
    expect(text?.text).toMatch(/^Resource 3: This is a plaintext resource/);
    expect(text?.bytes).toBeUndefined();
  });

  it("times out with the call's timeout over the runtime's", async () => {
    const error = await runtime
      .callTool("everything", "trigger-long-running-operation", { duration: 5, steps: 5 }, { timeout: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeout).toBe(50);
    expect((error as TimeoutError).message).toBe(
      `server "everything" tool "trigger-long-running-operation": request timed out after 50 ms (raise it with the call's { timeout }, the server's toolTimeouts or timeout, or the runtime's timeout)`,
    );
  });

  it("cancels with an AbortSignal and reports progress", async () => {
    const controller = new AbortController();
    const updates: ProgressUpdate[] = [];
    const call = runtime.callTool("everything", "trigger-long-running-operation", { duration: 10, steps: 20 }, {
      signal: controller.signal,
      onProgress: (update) => {
        updates.push(update);
        controller.abort(new Error("enough"));
      },
    });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as CancelledError).cause).toEqual(new Error("enough"));
    expect(updates[0]).toMatchObject({ progress: 1, total: 20 });
    // The connection stays usable after a cancelled request.
    const echo = await runtime.callTool("everything", "echo", { message: "still here" });
    expect(echo.content).toEqual([{ type: "text", text: "Echo: still here" }]);
  });

  it("turns an embedded resource in a prompt into a standard block", async () => {
    const messages = await getPromptMessages(runtime, "everything", "resource-prompt", { resourceType: "Text", resourceId: "2" });
    expect(messages.map((m) => m.getType())).toEqual(["human", "human"]);
    expect(messages[1]?.content).toEqual([
      expect.objectContaining({ type: "text-plain", mimeType: "text/plain", metadata: { uri: "demo://resource/dynamic/text/2" } }),
    ]);
  });
});

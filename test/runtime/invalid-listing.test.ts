/**
 * A listing that breaks the protocol's schema, read by the runtime (`listTools`, the drift guard):
 * the error names each entity and a JSON pointer inside it, as `generate` does, over a real stdio
 * pipe to a server written without the SDK.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRuntime, McpRuntimeError } from "../../runtime/src/index.js";
import { repoRoot } from "../helpers/servers.js";

const runtime = createRuntime({
  servers: { odd: { transport: "stdio", command: "node", args: [path.join(repoRoot, "test/servers/dist/hostile-stdio.js"), "untyped-inputs"] } },
});

afterAll(() => runtime.close());

describe("an invalid listing through the runtime", () => {
  it("names the first three tools by name with a pointer inside each, and counts the rest", async () => {
    const error = await runtime.listTools("odd").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpRuntimeError);
    expect((error as Error).message).toMatch(/^server "odd": tools\/list answered with an invalid result \(tool "tool_0" \/inputSchema\/type: .*expected "object".*; tool "odd \\"name\\"\/\\nx{47}…" \/inputSchema\/type: .*; tool "tool_2" \/inputSchema\/type: .*; and 6 more\)$/);
  });
});

/**
 * `__proto__` is an ordinary property name in JSON (issue 17 item 6): a typed call sends an own
 * `__proto__` argument as given and returns an own `__proto__` of `structuredContent`, though
 * Zod's parsed output would leave both out. The endpoint sees the request body as sent.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { callTypedTool, createRuntime, type ToolDescriptor } from "../../runtime/src/index.js";
import { startRawEndpoint, type RawEndpoint } from "../helpers/raw-endpoint.js";

let endpoint: RawEndpoint;

beforeAll(async () => {
  endpoint = await startRawEndpoint(() => ({
    resultType: "complete",
    content: [],
    structuredContent: JSON.parse('{"__proto__":"kept","n":1}') as Record<string, unknown>,
  }));
});
afterAll(() => endpoint.close());

const tool: ToolDescriptor<Record<string, unknown>, Record<string, unknown>> = {
  name: "protos",
  description: "",
  fingerprint: "",
  input: z.looseObject({ a: z.string() }),
  output: z.looseObject({ n: z.number() }),
};

it("an own __proto__ argument reaches the server, and one in structuredContent reaches the caller", async () => {
  const runtime = createRuntime({ servers: { s: { transport: "http", url: endpoint.url } } });
  try {
    const args = JSON.parse('{"a":"x","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const result = await callTypedTool(runtime, "s", tool, args);
    const sent = endpoint.requests.find((request) => request.method === "tools/call")?.params?.["arguments"] as Record<string, unknown>;
    expect(Object.hasOwn(sent, "__proto__")).toBe(true);
    expect(sent["__proto__"]).toEqual({ polluted: true });
    expect(Object.hasOwn(result.structuredContent, "__proto__")).toBe(true);
    expect(result.structuredContent["__proto__"]).toBe("kept");
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  } finally {
    await runtime.close();
  }
});

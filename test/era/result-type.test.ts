/**
 * A 2026-07-28 result without `resultType` is a complete result (spec basic/index: clients MUST
 * treat an absent `resultType` as "complete"; the conformance suite's SEP-2322 scenario checks
 * it). The server is a hand-written endpoint, as no SDK server omits the field.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRuntime } from "../../runtime/src/index.js";
import { MODERN, startRawEndpoint, type RawEndpoint } from "../helpers/raw-endpoint.js";

let endpoint: RawEndpoint;

beforeAll(async () => {
  endpoint = await startRawEndpoint((method) => {
    if (method !== "tools/call") throw new Error(`unexpected method ${method}`);
    return { content: [{ type: "text", text: "done" }], structuredContent: { ok: true } };
  });
});
afterAll(() => endpoint.close());

it("a tools/call result without resultType from a 2026-07-28 server is the call's result, with no retry", async () => {
  const runtime = createRuntime({ servers: { s: { transport: "http", url: endpoint.url } } });
  try {
    const result = await runtime.callTool("s", "plain", {});
    expect(result.content).toEqual([{ type: "text", text: "done" }]);
    expect(result.structuredContent).toEqual({ ok: true });
    // Spoken in 2026-07-28 (each request says so in its _meta), and sent once: no retry, no error.
    expect(endpoint.requests).toHaveLength(1);
    expect((endpoint.requests[0]?.params?.["_meta"] as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/protocolVersion"]).toBe(MODERN);
  } finally {
    await runtime.close();
  }
});

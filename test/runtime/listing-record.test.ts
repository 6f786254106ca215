/**
 * The record of list results as sent (runtime/src/wire/listing-record.ts), driven with JSON-RPC
 * messages the way a transport carries them: walks followed by cursor, walks that overlap, a
 * walk that fails half-way. The whole path (a 2026-07-28 server, the SDK's parse and cache) is
 * covered by test/era/runtime.test.ts and test/era/generate.test.ts.
 */
import type { Client, JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { listedAsSent, recordListings } from "../../runtime/src/wire/listing-record.js";

/** A transport's two ends: what the client sends, and what arrives from the server. */
function wire(modern = true) {
  const transport = { send: async () => undefined, start: async () => undefined, close: async () => undefined } as unknown as Transport;
  const client = {} as Client;
  recordListings(client, transport, () => modern);
  let id = 0;
  return {
    client,
    ask(method: string, cursor?: string): number {
      id++;
      void transport.send({ jsonrpc: "2.0", id, method, params: cursor === undefined ? {} : { cursor } } as JSONRPCMessage);
      return id;
    },
    answer(requestId: number, result: Record<string, unknown>): void {
      transport.onmessage?.({ jsonrpc: "2.0", id: requestId, result } as JSONRPCMessage);
    },
    fail(requestId: number): void {
      transport.onmessage?.({ jsonrpc: "2.0", id: requestId, error: { code: -32603, message: "boom" } } as JSONRPCMessage);
    },
  };
}

const sent = (name: string, extra = "x") => ({ name, inputSchema: { type: "object" }, annotations: { readOnlyHint: true, "x-extra": extra } });
/** What the SDK's parse makes of it. */
const parsed = (name: string) => ({ name, inputSchema: { type: "object" }, annotations: { readOnlyHint: true } });

describe("listing record", () => {
  it("puts back every item of a paged walk as sent, in the SDK's order", () => {
    const { client, ask, answer } = wire();
    answer(ask("tools/list"), { tools: [sent("a"), sent("__proto__")], nextCursor: "p2" });
    answer(ask("tools/list", "p2"), { tools: [sent("b")] });
    expect(listedAsSent(client, "tools/list", [parsed("b"), parsed("a"), parsed("__proto__")])).toEqual([sent("b"), sent("a"), sent("__proto__")]);
  });

  it("keeps overlapping walks apart", () => {
    const { client, ask, answer } = wire();
    const first = ask("tools/list");
    const second = ask("tools/list");
    answer(second, { tools: [sent("a", "second")] });
    answer(first, { tools: [sent("a", "first")], nextCursor: "more" });
    answer(ask("tools/list", "more"), { tools: [sent("b", "first")] });
    // The walk that completed last is the record.
    expect(listedAsSent(client, "tools/list", [parsed("a"), parsed("b")])).toEqual([sent("a", "first"), sent("b", "first")]);
  });

  it("keeps the last complete walk when a later one fails half-way", () => {
    const { client, ask, answer, fail } = wire();
    answer(ask("tools/list"), { tools: [sent("a", "old")] });
    answer(ask("tools/list"), { tools: [sent("a", "new")], nextCursor: "p2" });
    fail(ask("tools/list", "p2"));
    expect(listedAsSent(client, "tools/list", [parsed("a")])).toEqual([sent("a", "old")]);
  });

  it("keeps the SDK's item where the record has none, and each list apart", () => {
    const { client, ask, answer } = wire();
    answer(ask("tools/list"), { tools: [sent("a")] });
    answer(ask("prompts/list"), { prompts: [{ name: "a", arguments: [], "x-extra": 1 }] });
    expect(listedAsSent(client, "tools/list", [parsed("a"), parsed("new")])).toEqual([sent("a"), parsed("new")]);
    expect(listedAsSent(client, "prompts/list", [{ name: "a", arguments: [] }])).toEqual([{ name: "a", arguments: [], "x-extra": 1 }]);
    expect(listedAsSent(client, "resources/list", [{ uri: "r://1", name: "r" }])).toEqual([{ uri: "r://1", name: "r" }]);
  });

  it("records nothing on a 2025-era connection (it lists as sent already)", () => {
    const { client, ask, answer } = wire(false);
    answer(ask("tools/list"), { tools: [sent("a")] });
    expect(listedAsSent(client, "tools/list", [parsed("a")])).toEqual([parsed("a")]);
  });

  it("keeps a bounded number of unanswered requests: the oldest are forgotten, recent ones still recorded", () => {
    const { client, ask, answer } = wire();
    const unanswered = Array.from({ length: 1_000 }, () => ask("tools/list"));
    // Answered at last, the first request of the thousand is no longer known: nothing recorded.
    answer(unanswered[0] as number, { tools: [sent("a", "oldest")] });
    expect(listedAsSent(client, "tools/list", [parsed("a")])).toEqual([parsed("a")]);
    answer(unanswered.at(-1) as number, { tools: [sent("a", "latest")] });
    expect(listedAsSent(client, "tools/list", [parsed("a")])).toEqual([sent("a", "latest")]);
  });

  it("leaves out a page whose walk it did not see start", () => {
    const { client, ask, answer } = wire();
    answer(ask("tools/list", "unknown"), { tools: [sent("a")] });
    expect(listedAsSent(client, "tools/list", [parsed("a")])).toEqual([parsed("a")]);
  });
});

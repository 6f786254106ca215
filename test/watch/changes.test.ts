/**
 * What a `--watch` run line says changed (issue 29.5): the tools (and other entities) added,
 * removed and changed, per server, by name; names are server text, cleaned for the terminal.
 */
import { describe, expect, it } from "vitest";
import type { ServerSnapshot } from "../../runtime/src/shared/snapshot.js";
import { listingChange } from "../../src/watch-changes.js";

const entry = (tools: [string, string][], prompts: [string, string][] = []): ServerSnapshot =>
  ({
    protocolVersion: "2025-11-25",
    serverInfo: {},
    capabilities: {},
    tools: tools.map(([name, hash]) => ({ name, hash, inputSchema: {} })),
    resources: [],
    resourceTemplates: [],
    prompts: prompts.map(([name, hash]) => ({ name, hash, arguments: [] })),
    hash: JSON.stringify([tools, prompts]),
  }) as ServerSnapshot;

describe("listingChange", () => {
  it("lists added, removed and changed tools by name, then other kinds", () => {
    const before = entry([["add", "1"], ["old", "2"], ["same", "3"]], [["p", "1"]]);
    const after = entry([["add", "9"], ["echo2", "4"], ["same", "3"]], [["p", "1"], ["q", "2"]]);
    expect(listingChange(before, after)).toBe("tools: +echo2, -old, ~add; prompts: +q");
  });

  it("says nothing when nothing changed, and caps long lists", () => {
    expect(listingChange(entry([["a", "1"]]), entry([["a", "1"]]))).toBeUndefined();
    const many = entry(Array.from({ length: 8 }, (_, index): [string, string] => [`t${index}`, "1"]));
    expect(listingChange(entry([]), many)).toBe("tools: +t0, +t1, +t2, +t3, +t4 and 3 more");
    expect(listingChange(entry([]), entry([["evil\u001b[2Jname", "1"]]))).not.toContain("\u001b");
  });
});

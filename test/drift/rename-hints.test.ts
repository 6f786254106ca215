/** A removed and an added tool or property with equal (canonical) schemas are reported as a likely rename. */
import { describe, expect, it } from "vitest";
import { diffSnapshots } from "../../runtime/src/drift/diff.js";
import { buildServerSnapshot } from "../../runtime/src/shared/listing-snapshot.js";
import { SNAPSHOT_FORMAT, type Snapshot } from "../../runtime/src/shared/snapshot.js";

type Tool = { name: string; description?: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> };

function snapshot(tools: Tool[]): Snapshot {
  const listing = { protocolVersion: "2025-06-18", serverInfo: { name: "s", version: "1" }, capabilities: { tools: {} }, tools, resources: [], resourceTemplates: [], prompts: [] };
  return { format: SNAPSHOT_FORMAT, servers: { s: buildServerSnapshot(listing as never) } };
}

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required });
const messages = (before: Tool[], after: Tool[]) => diffSnapshots(snapshot(before), snapshot(after)).changes.map((change) => [change.ruleId, change.entity.name, change.message]);

describe("rename hints", () => {
  it("a tool renamed with the same schemas (keys in another order): both changes name the other", () => {
    const input = object({ city: { type: "string" }, days: { type: "integer", minimum: 1 } }, ["city"]);
    const reordered = { required: ["city"], properties: { days: { minimum: 1, type: "integer" }, city: { type: "string" } }, type: "object" };
    expect(messages([{ name: "get_weather", inputSchema: input }], [{ name: "weather", description: "New text.", inputSchema: reordered }])).toEqual([
      ["tool-removed", "get_weather", 'Tool was removed (renamed to "weather"? it has the same schemas)'],
      ["tool-added", "weather", 'Tool was added (renamed from "get_weather"? it has the same schemas)'],
    ]);
  });

  it("tools with different schemas get no hint", () => {
    const changes = messages([{ name: "a", inputSchema: object({ x: { type: "string" } }) }], [{ name: "b", inputSchema: object({ x: { type: "number" } }) }]);
    expect(changes.map(([, , message]) => message)).toEqual(["Tool was removed", "Tool was added"]);
  });

  it("a property renamed within a tool: removed and added name each other; levels unchanged", () => {
    const before = [{ name: "w", inputSchema: object({ city: { type: "string", minLength: 1 }, n: { type: "number" } }, ["city"]) }];
    const after = [{ name: "w", inputSchema: object({ town: { minLength: 1, type: "string" }, n: { type: "number" } }, ["town"]) }];
    const report = diffSnapshots(snapshot(before), snapshot(after));
    expect(report.changes.map((change) => [change.ruleId, change.level, change.message])).toEqual([
      ["input-property-removed", "breaking", 'Input property "city" was removed (renamed to "town"? it has the same schema)'],
      ["input-required-property-added", "breaking", 'Required input property "town" was added (renamed from "city"? it has the same schema)'],
    ]);
  });
});

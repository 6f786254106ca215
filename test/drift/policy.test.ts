import { describe, expect, it } from "vitest";
import { failsAt } from "../../runtime/src/drift/policy.js";
import { CodegenError } from "../../runtime/src/shared/errors.js";
import type { DriftOptions, DriftReport } from "../../runtime/src/drift/types.js";
import { diffServers, diffInput, obj, tool, snapshot, server } from "./builder.js";
import { diffSnapshots } from "../../runtime/src/drift/diff.js";

const str = { type: "string" };

/** Tool "t" loses property "b" (breaking), "u" gets a new description (dangerous), "v" is added (safe). */
function mixed(options?: DriftOptions): DriftReport {
  return diffServers(
    { tools: [tool("t", obj({ a: str, b: str })), tool("u", undefined, { description: "old" })] },
    { tools: [tool("t", obj({ a: str })), tool("u", undefined, { description: "new" }), tool("v")] },
    options,
  );
}

describe("re-levelling", () => {
  it("reports default levels and counts them", () => {
    const report = mixed();
    expect(report.version).toBe(1);
    expect(report.changes.map((change) => [change.ruleId, change.level, change.entity.name])).toEqual([
      ["input-property-removed", "breaking", "t"],
      ["description-changed", "dangerous", "u"],
      ["tool-added", "safe", "v"],
    ]);
    expect(report.summary).toEqual({ breaking: 1, dangerous: 1, safe: 1, accepted: 0 });
  });

  it("re-levels a rule globally and turns one off", () => {
    const report = mixed({ rules: { "description-changed": "breaking", "tool-added": "off" } });
    expect(report.changes.map((change) => [change.ruleId, change.level])).toEqual([
      ["input-property-removed", "breaking"],
      ["description-changed", "breaking"],
    ]);
    expect(report.summary).toEqual({ breaking: 2, dangerous: 0, safe: 0, accepted: 0 });
  });

  it("overrides per server and tool glob, later entries winning, after the global setting", () => {
    const report = mixed({
      rules: { "input-property-removed": "safe" },
      overrides: [
        { server: "s", tool: "t*", rules: { "input-property-removed": "dangerous" } },
        { server: "other", rules: { "input-property-removed": "off" } },
        { tool: "u", rules: { "description-changed": "safe" } },
      ],
    });
    expect(report.changes.map((change) => [change.ruleId, change.level])).toEqual([
      ["input-property-removed", "dangerous"],
      ["description-changed", "safe"],
      ["tool-added", "safe"],
    ]);
  });

  it("a tool-scoped override does not touch server-level changes", () => {
    const report = diffServers({ protocolVersion: "1" }, { protocolVersion: "2" }, { overrides: [{ tool: "*", rules: { "protocol-version-changed": "off" } }] });
    expect(report.changes.map((change) => change.ruleId)).toEqual(["protocol-version-changed"]);
  });

  it("rejects unknown rule ids and levels with a config error naming the key", () => {
    const unknownId = { rules: { "no-such-rule": "safe" } } as unknown as DriftOptions;
    expect(() => mixed(unknownId)).toThrowError(CodegenError);
    expect(() => mixed(unknownId)).toThrow(/no-such-rule/);
    const badLevel = { rules: { "tool-added": "fatal" } } as unknown as DriftOptions;
    expect(() => mixed(badLevel)).toThrow(/not a level/);
    const noReason = { accept: [{ server: "s", ruleId: "tool-added", reason: " " }] } as DriftOptions;
    expect(() => mixed(noReason)).toThrow(/reason/);
  });
});

describe("accepting changes", () => {
  it("keeps an accepted change in the report, marked, and it no longer fails", () => {
    const report = mixed({ accept: [{ server: "s", tool: "t", ruleId: "input-property-removed", pointer: "/inputSchema/properties/b", reason: "b was never used" }] });
    const accepted = report.changes.find((change) => change.ruleId === "input-property-removed");
    expect(accepted?.accepted).toBe("b was never used");
    expect(report.summary).toEqual({ breaking: 0, dangerous: 1, safe: 1, accepted: 1 });
    expect(failsAt(report, "breaking")).toBe(false);
    expect(failsAt(report, "dangerous")).toBe(true);
  });

  it("does not accept a change at another pointer, tool, server or rule", () => {
    for (const acceptance of [
      { server: "s", tool: "t", ruleId: "input-property-removed" as const, pointer: "/inputSchema/properties/a", reason: "r" },
      { server: "s", tool: "x", ruleId: "input-property-removed" as const, reason: "r" },
      { server: "other", ruleId: "input-property-removed" as const, reason: "r" },
      { server: "s", ruleId: "input-property-became-optional" as const, reason: "r" },
    ]) {
      const report = mixed({ accept: [acceptance] });
      expect(report.summary.accepted, JSON.stringify(acceptance)).toBe(0);
      expect(failsAt(report, "breaking")).toBe(true);
    }
  });
});

describe("failsAt", () => {
  const only = (level: "breaking" | "dangerous" | "safe"): DriftReport =>
    ({
      breaking: diffInput(obj({ a: str }), obj({ a: str }, ["a"])),
      dangerous: diffInput(obj({ a: { type: "string", default: "x" } }), obj({ a: { type: "string", default: "y" } })),
      safe: diffInput(obj({ a: str }), obj({ a: str, b: str })),
    })[level];

  it.each([
    ["breaking", "breaking", true],
    ["breaking", "dangerous", true],
    ["breaking", "safe", true],
    ["dangerous", "breaking", false],
    ["dangerous", "dangerous", true],
    ["dangerous", "safe", true],
    ["safe", "breaking", false],
    ["safe", "dangerous", false],
    ["safe", "safe", true],
  ] as const)("a %s change with threshold %s fails: %s", (level, threshold, fails) => {
    const report = only(level);
    expect(report.changes.map((change) => change.level)).toEqual([level]);
    expect(failsAt(report, threshold)).toBe(fails);
  });

  it("an empty report never fails", () => {
    const same = snapshot({ s: server({ tools: [tool("t")] }) });
    const report = diffSnapshots(same, same);
    expect(report).toEqual({ version: 1, changes: [], summary: { breaking: 0, dangerous: 0, safe: 0, accepted: 0 } });
    for (const threshold of ["breaking", "dangerous", "safe"] as const) expect(failsAt(report, threshold)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { diffSnapshots } from "../../runtime/src/drift/diff.js";
import type { JsonObject } from "../../runtime/src/shared/snapshot.js";
import { diffInput, diffOutput, diffServers, obj, prompt, resource, ruleIds, server, snapshot, template, tool } from "./builder.js";

const str = { type: "string" };

describe("diffSnapshots walks schemas recursively", () => {
  it("points into nested objects and array items", () => {
    const before = obj({ user: obj({ address: obj({ city: str }) }), tags: { type: "array", items: obj({ k: str }) } });
    const after = obj({ user: obj({ address: obj({ city: str, zip: str }, ["zip"]) }), tags: { type: "array", items: obj({ k: { type: "number" } }) } });
    const report = diffInput(before, after);
    expect(report.changes.map((change) => [change.ruleId, change.pointer])).toEqual([
      ["input-type-changed", "/inputSchema/properties/tags/items/properties/k/type"],
      ["input-required-property-added", "/inputSchema/properties/user/properties/address/properties/zip"],
    ]);
    expect(report.changes[1]?.message).toBe('Required input property "user.address.zip" was added');
  });

  it("walks into a union branch that changed, matched by its type", () => {
    const before = obj({ v: { anyOf: [obj({ a: str }), { type: "string", minLength: 1 }] } });
    const after = obj({ v: { anyOf: [obj({ a: str }, ["a"]), { type: "string", minLength: 1 }] } });
    const report = diffInput(before, after);
    expect(report.changes).toHaveLength(1);
    expect(report.changes[0]?.ruleId).toBe("input-property-became-required");
    expect(report.changes[0]?.pointer).toMatch(/^\/inputSchema\/properties\/v\/anyOf\/\d\/properties\/a$/);
  });

  it("a required property added with a default is still breaking", () => {
    expect(ruleIds(diffInput(obj({}), obj({ n: { type: "number", default: 3 } }, ["n"])))).toEqual(["input-required-property-added"]);
  });

  it("follows $refs on both sides and reports the change at the inlined location", () => {
    const defs = (city: JsonObject): JsonObject => ({ $defs: { A: obj({ city }) } });
    const report = diffInput({ ...obj({ home: { $ref: "#/$defs/A" } }), ...defs(str) }, { ...obj({ home: { $ref: "#/$defs/A" } }), ...defs({ type: "string", maxLength: 3 }) });
    expect(report.changes.map((change) => [change.ruleId, change.pointer])).toEqual([["input-constraint-added", "/inputSchema/properties/home/properties/city/maxLength"]]);
  });

  it("classifies the same change by direction: input narrowing breaks, output narrowing is safe", () => {
    const before = obj({ n: { type: "number" } });
    const after = obj({ n: { type: "integer" } });
    expect(diffInput(before, after).changes.map((change) => [change.ruleId, change.level])).toEqual([["input-type-narrowed", "breaking"]]);
    expect(diffOutput(before, after).changes.map((change) => [change.ruleId, change.level])).toEqual([["output-type-narrowed", "safe"]]);
  });
});

describe("entities", () => {
  it("reports description changes of prompts, resources, templates and server instructions as dangerous", () => {
    const report = diffServers(
      { prompts: [prompt("p", [], { description: "a" })], resources: [resource("file:///r", { description: "a" })], resourceTemplates: [template("t://{x}", "t", { description: "a" })], instructions: "a" },
      { prompts: [prompt("p", [], { description: "b" })], resources: [resource("file:///r", { description: "b" })], resourceTemplates: [template("t://{x}", "t", { description: "b" })], instructions: "b" },
    );
    expect(report.changes.map((change) => [change.entity.kind, change.ruleId, change.level])).toEqual([
      ["server", "instructions-changed", "dangerous"],
      ["resource", "description-changed", "dangerous"],
      ["resourceTemplate", "description-changed", "dangerous"],
      ["prompt", "description-changed", "dangerous"],
    ]);
  });

  it("pairs a template whose variable was renamed by its name", () => {
    const report = diffServers({ resourceTemplates: [template("db://{table}/{id}", "row")] }, { resourceTemplates: [template("db://{table}/{key}", "row")] });
    expect(report.changes).toHaveLength(1);
    expect(report.changes[0]).toMatchObject({ ruleId: "template-variable-changed", level: "breaking", before: "id", after: "key", entity: { kind: "resourceTemplate", name: "db://{table}/{id}" } });
  });

  it("an annotation hint flipped in either direction is dangerous", () => {
    for (const [before, after] of [[true, false], [false, true]] as const) {
      const report = diffServers({ tools: [tool("t", undefined, { annotations: { readOnlyHint: before } })] }, { tools: [tool("t", undefined, { annotations: { readOnlyHint: after } })] });
      expect(report.changes.map((change) => [change.ruleId, change.level, change.before, change.after])).toEqual([["annotation-hint-changed", "dangerous", before, after]]);
    }
  });

  it("skips entities whose fingerprint did not change, without looking inside", () => {
    const original = tool("t", obj({ a: str }));
    const tampered = { ...original, description: "changed but same hash" };
    const report = diffSnapshots(snapshot({ s: server({ tools: [original], protocolVersion: "1" }) }), snapshot({ s: server({ tools: [tampered], protocolVersion: "2" }) }));
    expect(ruleIds(report)).toEqual(["protocol-version-changed"]);
  });

  it("orders changes by server, then server-level, tools, resources, templates, prompts, then name", () => {
    const before = snapshot({ b: server({ tools: [tool("z"), tool("a")] }), a: server({ prompts: [prompt("p")], tools: [tool("t")] }) });
    const after = snapshot({ b: server({ tools: [] }), a: server({ protocolVersion: "x", tools: [] }) });
    const report = diffSnapshots(before, after);
    expect(report.changes.map((change) => `${change.server}/${change.entity.kind}/${change.entity.name}/${change.ruleId}`)).toEqual([
      "a/server/a/protocol-version-changed",
      "a/tool/t/tool-removed",
      "a/prompt/p/prompt-removed",
      "b/tool/a/tool-removed",
      "b/tool/z/tool-removed",
    ]);
  });
});

/**
 * The cheaper tools/list page check (runtime/src/wire/page-schemas.ts) gives the verdict and the
 * issues of the SDK's own ListToolsResultSchema for every page parsed from JSON text (but for the
 * wording of one refusal, a number beyond a double's range): real tools
 * (server-everything listed live over stdio, the example servers), fuzzed schemas of hostile
 * vocabulary as their inputs, and pages mutated at random places with random JSON.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSchemaSdk } from "../../runtime/src/wire/sdk.js";
import { loadPageSchema, type PageSchema } from "../../runtime/src/wire/page-schemas.js";
import { realisticTools } from "../bench/realistic.js";
import { schemaArbitrary } from "../fuzz/schemas.js";
import { EXTRA_KEYS } from "../fuzz/vocabulary.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

let sdkPage: PageSchema;
let cheaper: PageSchema;
let tools: Json[];

beforeAll(async () => {
  sdkPage = (await loadSchemaSdk()).ListToolsResultSchema;
  cheaper = await loadPageSchema("tools/list");
  tools = (await realisticTools()) as unknown as Json[];
}, 60_000);

/** Both verdicts, issues included, as JSON text. */
function verdicts(page: Json): [string, string] {
  const text = (schema: PageSchema) => {
    const result = schema.safeParse(page);
    return JSON.stringify(result.success ? "valid" : result.error.issues);
  };
  return [text(sdkPage), text(cheaper)];
}

/** Every place in a JSON value, as the path of keys and indexes to it. */
function places(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const inside = Array.isArray(value) ? value.flatMap((item, index) => places(item, [...at, index])) : value !== null && typeof value === "object" ? Object.entries(value).flatMap(([key, item]) => places(item, [...at, key])) : [];
  return [at, ...inside];
}

type Mutation = { kind: "replace"; with: Json } | { kind: "remove" } | { kind: "add"; key: string; with: Json };

/** `page` with one mutation at `path` (a copy through JSON text: what a server sends). */
function mutated(page: Json, path: (string | number)[], mutation: Mutation): Json {
  const copy = JSON.parse(JSON.stringify(page)) as Json;
  if (path.length === 0) return mutation.kind === "replace" ? mutation.with : copy;
  let parent: Json = copy;
  for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[step] as Json;
  const last = path[path.length - 1]!;
  const container = parent as Record<string | number, Json>;
  if (mutation.kind === "replace") Object.defineProperty(container, last, { value: mutation.with, enumerable: true, writable: true, configurable: true });
  else if (mutation.kind === "remove") {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete container[last];
  } else {
    const target = container[last];
    if (target !== null && typeof target === "object" && !Array.isArray(target)) Object.defineProperty(target, mutation.key, { value: mutation.with, enumerable: true, writable: true, configurable: true });
  }
  return JSON.parse(JSON.stringify(copy)) as Json;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("replace" as const), with: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> }),
  fc.constant({ kind: "remove" as const }),
  fc.record({ kind: fc.constant("add" as const), key: fc.constantFrom(...EXTRA_KEYS, "type", "properties", "required", "name", "inputSchema"), with: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> }),
);

describe("the cheaper tools/list page check", () => {
  it("is derived from the SDK's schema (not the SDK's schema itself, which is the fallback)", () => {
    expect(cheaper).not.toBe(sdkPage);
  });

  it("agrees with the SDK's schema on real listings as they are", () => {
    expect(tools.length).toBeGreaterThan(10);
    const [sdk, ours] = verdicts({ tools });
    expect(sdk).toBe('"valid"');
    expect(ours).toBe(sdk);
  });

  it("agrees on real tools mutated at a random place with random JSON", () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), mutation, (pick, where, change) => {
        const tool = tools[pick % tools.length]!;
        const page: Json = { tools: [tool], nextCursor: "n" };
        const all = places(page);
        const [sdk, ours] = verdicts(mutated(page, all[where % all.length]!, change));
        expect(ours).toBe(sdk);
      }),
      { numRuns: 1500, seed: 7 },
    );
  });

  it("agrees on fuzzed input schemas of hostile vocabulary, as they are and mutated", () => {
    fc.assert(
      fc.property(schemaArbitrary("2020-12"), fc.nat(), mutation, (schema, where, change) => {
        const tool: Json = { name: "t", inputSchema: { ...(schema as { [key: string]: Json }), type: "object" } };
        const page: Json = { tools: [tool] };
        expect(verdicts(page)[1]).toBe(verdicts(page)[0]);
        const all = places(page);
        const [sdk, ours] = verdicts(mutated(page, all[where % all.length]!, change));
        expect(ours).toBe(sdk);
      }),
      { numRuns: 500, seed: 11 },
    );
  });

  it("refuses what the SDK refuses around properties, with the same issues", () => {
    for (const properties of [[], "x", 1, null, true, [{ type: "string" }]] as Json[]) {
      const [sdk, ours] = verdicts({ tools: [{ name: "t", inputSchema: { type: "object", properties } }] });
      expect(sdk).not.toBe('"valid"');
      expect(ours).toBe(sdk);
    }
    const named = JSON.parse('{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":1}}}]}') as Json;
    expect(verdicts(named)[1]).toBe(verdicts(named)[0]);
  });

  it("refuses a number beyond a double's range inside a property as the SDK does, at the same place, in words of its own", () => {
    const page = JSON.parse('{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"array","items":{"maximum":1e400}}}}}]}') as Json;
    const issues = (schema: PageSchema) => {
      const result = schema.safeParse(page);
      return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    };
    expect(issues(sdkPage)).toEqual([{ path: ["tools", 0, "inputSchema", "properties", "n"], message: "Invalid input" }]);
    expect(issues(cheaper)).toEqual([{ path: ["tools", 0, "inputSchema", "properties", "n"], message: expect.stringMatching(/beyond a double's range/) }]);
    // Beside `properties` the SDK's schema lets it through, and so does this one.
    const beside = JSON.parse('{"tools":[{"name":"t","inputSchema":{"type":"object","maximum":1e400}}]}') as Json;
    expect(verdicts(beside)).toEqual(['"valid"', '"valid"']);
  });
});

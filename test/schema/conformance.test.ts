/**
 * The emitted Zod schema accepts exactly what Ajv accepts: hand-written fixtures (one per
 * feature) and every schema server-everything and the example servers list, with valid and
 * invalid instances.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../../runtime/src/shared/canonical-json.js";
import { emitZod } from "../../src/emit/schema/zod.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { MATH_STDIO, startWeatherServer } from "../helpers/servers.js";
import { ajvValidator, evaluateZod, everythingSchemas, instancesFor, listedSchemas, loadFixtures, type ListedSchema } from "./helpers.js";

function disagreements(schema: Parameters<typeof emitZod>[0], instances: Json[], exact: boolean) {
  const { expression } = emitZod(schema, { subject: "test" });
  const zod = evaluateZod(expression);
  const ajv = ajvValidator(schema);
  const out: { instance: Json; ajv: boolean; zod: boolean }[] = [];
  for (const instance of instances) {
    const byAjv = ajv(instance) === true;
    const byZod = zod.safeParse(instance).success;
    // A degraded schema may be looser, never stricter.
    if (exact ? byAjv !== byZod : byAjv && !byZod) out.push({ instance, ajv: byAjv, zod: byZod });
  }
  return out;
}

describe("fixtures agree with Ajv", () => {
  for (const fixture of loadFixtures()) {
    it(fixture.name, () => {
      if (fixture.ajvCannotCompile) {
        // Ajv rejects the schema itself (unreachable $ref, invalid pattern): compare with the fixture's own verdicts.
        expect(() => ajvValidator(fixture.schema)).toThrow();
        const zod = evaluateZod(emitZod(fixture.schema, { subject: fixture.name }).expression);
        for (const v of fixture.valid) expect(zod.safeParse(v).success, JSON.stringify(v)).toBe(true);
        for (const v of fixture.invalid) expect(zod.safeParse(v).success, JSON.stringify(v)).toBe(false);
        expect(emitZod(fixture.schema, { subject: fixture.name }).warnings.length).toBeGreaterThan(0);
        return;
      }
      const ajv = ajvValidator(fixture.schema);
      for (const v of fixture.valid) expect(ajv(v), `fixture valid instance ${JSON.stringify(v)}`).toBe(true);
      for (const v of fixture.invalid) expect(ajv(v), `fixture invalid instance ${JSON.stringify(v)}`).toBe(false);
      const { warnings } = emitZod(fixture.schema, { subject: fixture.name });
      expect(warnings.length > 0, JSON.stringify(warnings)).toBe(fixture.expectWarnings);
      expect(disagreements(fixture.schema, [...fixture.valid, ...fixture.invalid], true)).toEqual([]);
    });
  }
});

/** Every schema of server-everything and of the two example servers, over real connections. */
const SOURCES: [string, () => Promise<ListedSchema[]>][] = [
  ["server-everything", everythingSchemas],
  ["math (example, stdio)", () => listedSchemas(new StdioClientTransport({ ...MATH_STDIO, stderr: "ignore" }))],
  [
    "weather (example, streamable HTTP)",
    async () => {
      const weather = await startWeatherServer();
      try {
        return await listedSchemas(new StreamableHTTPClientTransport(new URL(weather.url)));
      } finally {
        await weather.stop();
      }
    },
  ],
];

describe.each(SOURCES)("%s schemas agree with Ajv", (_name, list) => {
  let schemas: ListedSchema[] = [];
  beforeAll(async () => {
    schemas = await list();
  }, 60_000);

  it("lists schemas", () => {
    expect(schemas.length).toBeGreaterThan(1);
  });

  it("every schema, generated valid and mutated instances", () => {
    let validSeen = 0;
    let invalidSeen = 0;
    for (const { label, schema } of schemas) {
      const instances = instancesFor(schema);
      const ajv = ajvValidator(schema);
      for (const instance of instances) (ajv(instance) ? validSeen++ : invalidSeen++);
      const exact = emitZod(schema, { subject: label }).warnings.length === 0;
      expect(disagreements(schema, instances, exact), label).toEqual([]);
    }
    expect(validSeen).toBeGreaterThan(schemas.length);
    expect(invalidSeen).toBeGreaterThan(schemas.length);
  });
});

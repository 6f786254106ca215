/**
 * One meaning for "optional": an optional input may be absent or `undefined`, in the generated
 * types and in validation alike. The consumer compiles under plain `strict` and under
 * `exactOptionalPropertyTypes`; run against the real servers (math over stdio, weather over
 * HTTP), every call succeeds and no `undefined` key reaches the wire.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ts from "typescript";
import { MATH_STDIO, repoRoot, startWeatherServer, type RunningServer } from "../helpers/servers.js";
import { STRICT_OPTIONS, typecheck } from "../helpers/typecheck.js";
import { callWithUndefined } from "./optional-consumer.js";

const { createClient } = await import("../../generated-example/index.js");
const consumer = path.join(repoRoot, "test/types/optional-consumer.ts");

describe("optional inputs given as undefined: types", () => {
  it("compile under plain strict", () => {
    const plain: ts.CompilerOptions = { ...STRICT_OPTIONS, noUncheckedIndexedAccess: false, exactOptionalPropertyTypes: false };
    expect(typecheck([consumer], plain)).toEqual([]);
  });

  it("compile under exactOptionalPropertyTypes", () => {
    expect(typecheck([consumer], STRICT_OPTIONS)).toEqual([]);
  });
});

describe("optional inputs given as undefined: calls against real servers", () => {
  let weather: RunningServer;
  let mcp: ReturnType<typeof createClient>;
  const sent: Record<string, unknown>[] = [];

  beforeAll(async () => {
    weather = await startWeatherServer();
    mcp = createClient({
      servers: { math: MATH_STDIO, weather: { transport: "http", url: weather.url } },
      interceptors: [
        async (request, next) => {
          sent.push(request.args);
          return next(request);
        },
      ],
    });
  });

  afterAll(async () => {
    await mcp.close();
    await weather.stop();
  });

  it("succeed as if the keys were absent, and send no undefined key", async () => {
    const { random, weather: now, forecast, noOptions, summary } = await callWithUndefined(mcp, {});
    expect(random.structuredContent.value).toBe(0.5); // the server's default max, 1
    expect(now.structuredContent.units).toBe("metric"); // the server's default unit
    expect(forecast.structuredContent.days.map((day) => day.day)).toEqual([1, 2]);
    expect(noOptions.structuredContent.days).toHaveLength(1);
    expect(summary.length).toBeGreaterThan(0);
    // toStrictEqual: a key holding `undefined` is not a missing key.
    expect(sent).toStrictEqual([{}, { city: "Oslo" }, { city: "Oslo", days: 2, options: {} }, { city: "Oslo", days: 1 }]);
  });

  it("pass defined values on unchanged", async () => {
    sent.length = 0;
    const { random, weather: now, forecast } = await callWithUndefined(mcp, { max: 10, units: "imperial", startDay: 3 });
    expect(random.structuredContent.value).toBe(5);
    expect(now.structuredContent.units).toBe("imperial");
    expect(forecast.structuredContent.days.map((day) => day.day)).toEqual([3, 4]);
    expect(sent.slice(0, 3)).toStrictEqual([{ max: 10 }, { city: "Oslo", units: "imperial" }, { city: "Oslo", days: 2, options: { startDay: 3 } }]);
  });

  it("LangChain tools accept undefined for optional arguments and drop the key", async () => {
    sent.length = 0;
    const tools = await mcp.math.getTools();
    const random = tools.find((tool) => tool.name === "random");
    if (!random) throw new Error("no random tool");
    const output: unknown = await random.invoke({ max: undefined });
    expect(JSON.stringify(output)).toContain("0.5");
    expect(sent).toStrictEqual([{}]);
  });
});

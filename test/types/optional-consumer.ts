/**
 * Optional inputs given as `undefined`: type-checked under plain `strict` and under
 * `exactOptionalPropertyTypes` (test/types/optional-undefined.test.ts), and run against the real
 * example servers by the same test. The values come from variables typed `T | undefined`, as a
 * caller passing its own optional settings on has them.
 */
import type { Client } from "../../generated-example/index.js";

export interface OptionalSettings {
  max?: number | undefined;
  units?: "metric" | "imperial" | undefined;
  startDay?: number | undefined;
}

export async function callWithUndefined(mcp: Client, settings: OptionalSettings) {
  const random = await mcp.math.random({ max: settings.max });
  const weather = await mcp.weather.getWeather({ city: "Oslo", units: settings.units });
  const forecast = await mcp.weather.getForecast({ city: "Oslo", days: 2, options: { startDay: settings.startDay } });
  const noOptions = await mcp.weather.getForecast({ city: "Oslo", days: 1, options: undefined });
  const summary = await mcp.math.prompts.summarize({ topic: "sets", style: settings.units });
  return { random, weather, forecast, noOptions, summary };
}

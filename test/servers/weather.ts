/**
 * Example MCP server "weather" over streamable HTTP on 127.0.0.1 (stateful sessions).
 * Results are computed from the city name, so every run answers the same.
 *
 * Usage: node weather.js [--port N]   (0 = random; default $WEATHER_PORT, else 3917)
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import { serveMcpOverHttp } from "./http-host.js";

const CONDITIONS = ["sunny", "cloudy", "rain", "snow"] as const;
const UNITS = ["metric", "imperial"] as const;
type Units = (typeof UNITS)[number];

const LOOKS_UP = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

const city = z.string().min(1).describe("City name, e.g. 'Paris'");

/** A stable number from a text: the same city always gets the same weather. */
function seedOf(text: string): number {
  let seed = 0;
  for (const char of text.trim().toLowerCase()) seed = (seed * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
  return seed;
}

function toUnits(celsius: number, units: Units): number {
  return units === "metric" ? celsius : Math.round((celsius * 9) / 5 + 32);
}

function currentWeather(name: string, units: Units) {
  const seed = seedOf(name);
  const conditions = CONDITIONS[seed % CONDITIONS.length] ?? "sunny";
  const weather = { city: name, temperature: toUnits((seed % 40) - 5, units), units, conditions };
  // Humidity is optional in the schema; leave it out for some cities so clients meet both shapes.
  return seed % 5 === 0 ? weather : { ...weather, humidity: seed % 101 };
}

function forecast(name: string, days: number, startDay = 1) {
  const seed = seedOf(name);
  const list = Array.from({ length: days }, (_, index) => {
    const day = startDay + index;
    const low = ((seed + (day - 1) * 7) % 30) - 5;
    return { day, high: low + 4 + ((seed + day - 1) % 8), low };
  });
  return { city: name, days: list };
}

function structured<T extends Record<string, unknown>>(text: string, value: T): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: value };
}

function createWeatherServer(): McpServer {
  const server = new McpServer(
    { name: "weather", version: "1.0.0" },
    { instructions: "Ask for the current weather or a forecast of up to 7 days for a city." },
  );
  server.registerTool(
    "get_weather",
    {
      description: "Current weather for a city.",
      inputSchema: {
        city,
        units: z.enum(UNITS).default("metric").describe("Unit system of the temperature"),
      },
      outputSchema: {
        city: z.string().describe("City the weather is for"),
        temperature: z.number().describe("Temperature in °C (metric) or °F (imperial)"),
        units: z.enum(UNITS).describe("Unit system of the temperature"),
        conditions: z.enum(CONDITIONS).describe("Sky conditions"),
        humidity: z.number().optional().describe("Relative humidity in percent"),
      },
      annotations: LOOKS_UP,
    },
    ({ city: name, units }) => {
      const weather = currentWeather(name, units);
      return structured(`${name}: ${weather.temperature}° (${units}), ${weather.conditions}`, weather);
    },
  );
  server.registerTool(
    "get_forecast",
    {
      description: "Daily forecast for a city.",
      inputSchema: {
        city,
        days: z.number().int().min(1).max(7).describe("Number of days, 1 to 7"),
        options: z
          .object({ startDay: z.number().int().min(1).max(7).optional().describe("First day of the forecast, 1 = tomorrow (the default)") })
          .optional()
          .describe("Forecast options"),
      },
      outputSchema: {
        city: z.string().describe("City the forecast is for"),
        days: z
          .array(
            z.object({
              day: z.number().int().describe("Day number, 1 = tomorrow"),
              high: z.number().describe("Highest temperature in °C"),
              low: z.number().describe("Lowest temperature in °C"),
            }),
          )
          .describe("One entry per day"),
      },
      annotations: LOOKS_UP,
    },
    ({ city: name, days, options }) => {
      const result = forecast(name, days, options?.startDay);
      return structured(`${days}-day forecast for ${name}`, result);
    },
  );
  return server;
}

await serveMcpOverHttp({ createSession: () => ({ server: createWeatherServer() }), portEnv: "WEATHER_PORT", defaultPort: 3917 });

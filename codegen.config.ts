import { defineConfig } from "mcp-codegen";

/**
 * The example configuration: the two example servers under test/. `npm run example`
 * regenerates `generated-example/` from them.
 */
export default defineConfig({
  servers: {
    math: {
      transport: "stdio",
      command: "node",
      args: ["test/servers/dist/math.js"],
    },
    weather: {
      transport: "http",
      url: "http://127.0.0.1:${WEATHER_PORT:-3917}/mcp",
    },
  },
  outDir: "generated-example",
  snapshot: "generated-example/mcp-snapshot.json",
  timeout: 20_000,
});

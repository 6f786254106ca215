/**
 * `npm run example`: start the weather server, regenerate `generated-example/` from both
 * example servers with the real CLI, then make typed calls through the generated client.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { repoRoot, startWeatherServer } from "../helpers/servers.js";

const weather = await startWeatherServer();
process.env["WEATHER_PORT"] = new URL(weather.url).port;
try {
  const cli = path.join(repoRoot, "dist/cli/bin.js");
  const generated = spawnSync(process.execPath, [cli, "generate"], { cwd: repoRoot, stdio: "inherit", env: process.env });
  if (generated.status !== 0) throw new Error(`generate exited with ${generated.status}`);

  // Imported only now: the files were just (re)generated.
  const { createClient } = await import("../../generated-example/index.js");
  const { ToolCallError } = await import("@mcp-codegen/runtime");
  const mcp = createClient();
  try {
    const sum = await mcp.math.add({ a: 3, b: 5 });
    console.log(`math.add({ a: 3, b: 5 })            → ${sum.structuredContent.result}`);

    const paris = await mcp.weather.getWeather({ city: "Paris", units: "metric" });
    const { city, temperature, units, conditions } = paris.structuredContent;
    console.log(`weather.getWeather({ city: "Paris" }) → ${city}: ${temperature}° (${units}), ${conditions}`);

    const [handbook] = await mcp.math.resources.handbook();
    console.log(`math.resources.handbook()            → ${handbook?.text?.split("\n")[0]}`);

    const [pi] = await mcp.math.resources.constant({ name: "pi" });
    console.log(`math.resources.constant({ name: "pi" }) → ${pi?.text}`);

    const messages = await mcp.math.prompts.summarize({ topic: "the Model Context Protocol" });
    console.log(`math.prompts.summarize(…)            → ${messages.length} message(s): ${String(messages[0]?.content).slice(0, 60)}…`);

    try {
      await mcp.math.divide({ a: 1, b: 0 });
    } catch (error) {
      if (!(error instanceof ToolCallError)) throw error;
      console.log(`math.divide({ a: 1, b: 0 })          → tool error: ${error.text}`);
    }

    const tools = await mcp.getTools();
    console.log(`getTools()                            → ${tools.map((tool) => tool.name).join(", ")}`);
  } finally {
    await mcp.close();
  }
} finally {
  await weather.stop();
}

/**
 * What `check` adds to capturing the listing (issue 4: at most 200 ms). In one process, against
 * the example servers: median of capture alone (connect, initialise, list every page, build the
 * live snapshot) and of a full `check()` (the same plus reading the committed snapshot, the
 * diff and the classification).
 *   npm run bench:check
 */
import path from "node:path";
import { captureServers } from "../../src/capture/capture.js";
import { check } from "../../src/check.js";
import { loadConfig } from "../../src/config/load.js";
import { buildSnapshot } from "../../src/snapshot/build.js";
import { repoRoot, startWeatherServer } from "../helpers/servers.js";

const RUNS = Number(process.env["BENCH_RUNS"] ?? 15);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const weather = await startWeatherServer();
const env = { ...process.env, WEATHER_PORT: new URL(weather.url).port };
try {
  const configPath = path.join(repoRoot, "codegen.config.ts");
  const config = await loadConfig({ configPath });
  const captureOnly = async () => buildSnapshot(await captureServers(config, { env }));
  const fullCheck = async () => check({ configPath, env });
  await captureOnly();
  await fullCheck();
  const capture: number[] = [];
  const checks: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    capture.push(await timed(captureOnly));
    checks.push(await timed(fullCheck));
  }
  const [a, b] = [median(capture), median(checks)];
  console.log(`capture (example servers, stdio + HTTP): median ${a.toFixed(1)} ms`);
  console.log(`check() (capture + snapshot + diff):     median ${b.toFixed(1)} ms`);
  console.log(`check adds ${(b - a).toFixed(1)} ms to the capture (target <= 200 ms), ${RUNS} interleaved runs`);
} finally {
  await weather.stop();
}

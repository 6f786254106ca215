/**
 * `generate()` goes on with a captured listing while the server's child ends (stdin EOF, then
 * signals), and returns only once it has ended: no child outlives the run, even one that ignores
 * stdin EOF and SIGTERM. A real stdio server, in process through the library's `generate()`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline.js";
import { tempProject } from "../helpers/cli.js";
import { repoRoot } from "../helpers/servers.js";
import { isRunning } from "../faults/helpers.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");

/** Logs its pid, ignores SIGTERM and stays up after stdin EOF, then runs the listing server. */
const STUBBORN = `import { appendFileSync } from "node:fs";
appendFileSync(process.env.PID_LOG, process.pid + "\\n");
process.on("SIGTERM", () => undefined);
setInterval(() => undefined, 1_000);
await import(${JSON.stringify(pathToFileURL(LISTING_SERVER).href)});
`;

describe("a capture's server children", () => {
  it("have ended when generate() returns, a server that ignores stdin EOF and SIGTERM included", async () => {
    const dir = tempProject("close-after");
    const log = path.join(dir, "pids.log");
    writeFileSync(log, "");
    writeFileSync(path.join(dir, "stubborn.mjs"), STUBBORN);
    writeFileSync(path.join(dir, "listing.json"), JSON.stringify({ capabilities: { tools: {} }, tools: [{ name: "lookup", inputSchema: { type: "object" } }] }));
    const server = { transport: "stdio", command: process.execPath, args: ["stubborn.mjs", "listing.json"], env: { PID_LOG: log } };
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { stubborn: server }, outDir: "out" }));

    const report = await generate({ cwd: dir, contextCost: false });

    expect(report.servers.map((entry) => [entry.name, entry.tools])).toEqual([["stubborn", 1]]);
    const pids = readFileSync(log, "utf8").split("\n").filter(Boolean).map(Number);
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) expect(isRunning(pid), `server process ${pid}`).toBe(false);
  });
});

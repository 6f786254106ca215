/**
 * MultiServerMCPClient's `restart` / `reconnect: { enabled, maxAttempts, delayMs }` mean the same
 * in codegen.config and in the compat client: both go through one mapping.
 */
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/load.js";
import { parseClientConfig } from "../../runtime/src/adapters/compat/config.js";

const SHAPES: Array<Record<string, unknown>> = [
  { maxAttempts: 5 },
  { enabled: true, maxAttempts: 5 },
  { enabled: false, maxAttempts: 5 },
  { delayMs: 300 },
  { enabled: true, maxAttempts: 2, delayMs: 50 },
  { enabled: true },
  { maxAttempts: 0 },
];

function fromConfig(kind: "restart" | "reconnect", settings: Record<string, unknown>): unknown {
  const entry = kind === "restart" ? { command: "node", restart: settings } : { url: "http://127.0.0.1:1/mcp", reconnect: settings };
  const [server] = resolveConfig({ mcpServers: { s: entry } }, "/project/codegen.config.json").servers;
  return (server!.config as { reconnect?: unknown }).reconnect;
}

function fromCompat(kind: "restart" | "reconnect", settings: Record<string, unknown>): unknown {
  const entry = kind === "restart" ? { command: "node", restart: settings } : { url: "http://127.0.0.1:1/mcp", reconnect: settings };
  return (parseClientConfig({ mcpServers: { s: entry } }).servers["s"] as { reconnect?: unknown }).reconnect;
}

describe("peer retry settings", () => {
  for (const kind of ["restart", "reconnect"] as const) {
    for (const settings of SHAPES) {
      it(`${kind}: ${JSON.stringify(settings)} maps the same in a config and in the compat client`, () => {
        const config = fromConfig(kind, settings);
        const compat = fromCompat(kind, settings);
        // An empty mapping and no mapping both mean "the runtime's default".
        expect(compat ?? {}).toEqual(config ?? {});
      });
    }
  }

  it("maxAttempts is the number of retries, in both", () => {
    expect(fromCompat("restart", { maxAttempts: 5 })).toEqual({ retries: 5 });
    expect(fromConfig("restart", { maxAttempts: 5 })).toEqual({ retries: 5 });
    expect(fromCompat("reconnect", { enabled: false, maxAttempts: 5 })).toEqual({ retries: 0 });
  });
});

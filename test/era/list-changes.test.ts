/**
 * Change notifications from the SDK 2.x era servers: a 2026-07-28 server sends list changes
 * only on a `subscriptions/listen` stream, which the runtime opens when someone listens; the
 * runtime's `onListChanged` hears them as it hears a 2025 server's unsolicited notifications,
 * and the next listing is fresh although the server marked `tools/list` cacheable for a minute.
 * `add_tool` (the servers' `--mutable` flag) adds a tool and so changes the list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../helpers/servers.js";
import { createRuntime, type ListChangedKind, type Runtime, type RuntimeServerConfig } from "../../runtime/src/index.js";
import { runtimeInternals } from "../../runtime/src/calls/runtime-api.js";
import type { ProtocolSelection } from "../../runtime/src/shared/protocol.js";
import { eraStdio, startEraHttp, type EraServer } from "./servers.js";

const http: Partial<Record<EraServer, RunningServer>> = {};

beforeAll(async () => {
  [http.modern, http.dual] = await Promise.all([startEraHttp("modern", { mutable: true }), startEraHttp("dual", { mutable: true })]);
});
afterAll(async () => {
  await Promise.all([http.modern?.stop(), http.dual?.stop()]);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tools added before giving up: a cap on attempts, not on time. */
const MAX_ADDS = 20;

/**
 * Adds tools until a tools list change was heard: the listen stream opens in the background
 * after the connect (HTTP: on its own request), and a change made before the server
 * registered it reaches nobody. Returns the names added.
 */
async function changeToolsUntilHeard(runtime: Runtime, heard: () => boolean, prefix: string): Promise<string[]> {
  const names: string[] = [];
  while (!heard() && names.length < MAX_ADDS) {
    const name = `${prefix}_${names.length}`;
    names.push(name);
    await runtime.callTool("era", "add_tool", { name });
    for (let turn = 0; turn < 20 && !heard(); turn++) await pause(10);
  }
  return names;
}

describe.each([
  ["modern", "stdio", "auto", "2026-07-28"],
  ["modern", "http", "auto", "2026-07-28"],
  ["dual", "stdio", "auto", "2026-07-28"],
  ["dual", "http", "auto", "2026-07-28"],
  // The same server spoken to in 2025: the change comes as an unsolicited notification.
  ["dual", "stdio", "legacy", "2025-11-25"],
] as const)("%s server over %s, protocol %s", (which, transport, protocol: ProtocolSelection, revision) => {
  const changes: [ListChangedKind, string][] = [];
  let runtime: Runtime;
  beforeAll(() => {
    const config: RuntimeServerConfig = transport === "stdio" ? eraStdio(which, { mutable: true }) : { transport: "http", url: http[which]!.url };
    runtime = createRuntime({
      servers: { era: { ...config, protocol } },
      onWarning: () => undefined, // broken_header is left out, as it must be
      callbacks: { onListChanged: (kind, source) => void changes.push([kind, source.server]) },
    });
  });
  afterAll(async () => {
    await runtime?.close();
  });

  it("onListChanged hears a tools list change, and the next listing has the new tool", async () => {
    const before = (await runtime.listTools("era")).map((tool) => tool.name);
    expect(before).toContain("add_tool");
    expect(runtimeInternals(runtime)!.connection("era").client!.getNegotiatedProtocolVersion()).toBe(revision);
    const prefix = `late_${which}_${transport}_${protocol === "legacy" ? "legacy" : "auto"}`;
    const added = await changeToolsUntilHeard(runtime, () => changes.length > 0, prefix);
    expect(changes[0], `no list change after ${added.length} added tools`).toEqual(["tools", "era"]);
    const after = (await runtime.listTools("era")).map((tool) => tool.name);
    expect(after).toEqual(expect.arrayContaining(added));
  });
});

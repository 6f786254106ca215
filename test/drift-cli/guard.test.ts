/**
 * The runtime drift guard of a generated client: generate from the file-driven listing
 * server, change its listing, then call tools through the generated client under each policy.
 */
import { renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../../src/check.js";
import type { DriftReport } from "../../runtime/src/drift/types.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { LISTING_SERVER, MUTATIONS, SERVER, baseListing, listingConfig, writeListing } from "./listing.js";

type GeneratedIndex = typeof import("../../generated-example/index.js");
// The generated module of this test is not known to the type checker: describe what is used.
interface ListingClient {
  listing: {
    t(args: { req: string }): Promise<{ structuredContent: unknown }>;
    other(args?: { q?: string }): Promise<{ text: string }>;
    verify(): Promise<DriftReport>;
  };
  verify(): Promise<DriftReport>;
  close(): Promise<void>;
}
type CreateClient = (options: Record<string, unknown>) => ListingClient;

let project: string;
let createClient: CreateClient;
let DriftError: typeof import("../../runtime/src/shared/errors.js").DriftError;
/** Removes tool "other" (breaking) and rewrites the description of "t" (dangerous). */
const drifted = (listing: Record<string, any>): void => { // eslint-disable-line @typescript-eslint/no-explicit-any
  MUTATIONS["tool-removed"]?.(listing);
  MUTATIONS["description-changed"]?.(listing);
};

beforeAll(async () => {
  project = tempProject("drift-guard");
  const config = listingConfig();
  config["servers"][SERVER].args = [LISTING_SERVER, "${LISTING_FILE}", "--notify"];
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(config));
  const generated = await runCli(["generate", "--quiet"], { cwd: project, env: { LISTING_FILE: writeListing(project, "base") } });
  expect(generated.status, generated.stderr).toBe(0);
  const module = (await import(path.join(project, "out/index.ts"))) as unknown as GeneratedIndex;
  createClient = module.createClient as unknown as CreateClient;
  ({ DriftError } = (await import("@mcp-codegen/runtime")) as unknown as { DriftError: typeof DriftError });
});
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

function client(file: string, options: Record<string, unknown>): { mcp: ListingClient; reports: DriftReport[] } {
  const reports: DriftReport[] = [];
  const mcp = createClient({ env: { LISTING_FILE: file }, callbacks: { onDrift: (report: DriftReport) => reports.push(report) }, ...options });
  return { mcp, reports };
}

describe("drift guard", () => {
  it("an unchanged server: no report, calls go through, verify() is empty", async () => {
    const { mcp, reports } = client(writeListing(project, "guard-same"), { driftGuard: "error" });
    try {
      expect((await mcp.listing.t({ req: "x" })).structuredContent).toEqual({ r: "one", r2: "two" });
      expect((await mcp.listing.other({ q: "y" })).text).toBe('{"q":"y"}');
      expect(reports).toEqual([]);
      expect(await mcp.verify()).toEqual({ version: 1, changes: [], summary: { breaking: 0, dangerous: 0, safe: 0, accepted: 0 } });
    } finally {
      await mcp.close();
    }
  });

  it('"error": a call to a removed tool throws DriftError naming the change; other calls go on', async () => {
    const { mcp, reports } = client(writeListing(project, "guard-error", drifted), { driftGuard: "error" });
    try {
      const failure = await mcp.listing.other({ q: "y" }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DriftError);
      expect(failure).toMatchObject({ name: "DriftError", server: SERVER, tool: "other", ruleId: "tool-removed" });
      expect((failure as Error).message).toMatch(/tool-removed/);
      // A dangerous change (the description) only warns.
      expect((await mcp.listing.t({ req: "x" })).structuredContent).toEqual({ r: "one", r2: "two" });
      await expect(mcp.listing.other()).rejects.toBeInstanceOf(DriftError);
      expect(reports).toHaveLength(1);
      expect(reports[0]?.changes.map((change) => [change.ruleId, change.entity.name])).toEqual([
        ["tool-removed", "other"],
        ["description-changed", "t"],
      ]);
    } finally {
      await mcp.close();
    }
  });

  it('"warn": the report is delivered once and every call goes on', async () => {
    const { mcp, reports } = client(writeListing(project, "guard-warn", drifted), { driftGuard: "warn" });
    try {
      expect((await mcp.listing.other({ q: "1" })).text).toBe('{"q":"1"}');
      expect((await mcp.listing.other({ q: "2" })).text).toBe('{"q":"2"}');
      await mcp.listing.t({ req: "x" });
      expect(reports).toHaveLength(1);
      expect(reports[0]?.summary).toEqual({ breaking: 1, dangerous: 1, safe: 0, accepted: 0 });
    } finally {
      await mcp.close();
    }
  });

  it('"off": no listing is compared, nothing is reported', async () => {
    const { mcp, reports } = client(writeListing(project, "guard-off", drifted), { driftGuard: "off" });
    try {
      expect((await mcp.listing.other({ q: "1" })).text).toBe('{"q":"1"}');
      expect(reports).toEqual([]);
    } finally {
      await mcp.close();
    }
  });

  it("the default policy warns through process.emitWarning", async () => {
    const file = writeListing(project, "guard-default", drifted);
    const mcp = createClient({ env: { LISTING_FILE: file } });
    const warned = new Promise<Error>((resolve) => {
      const listener = (warning: Error): void => {
        if (warning.name !== "McpDriftWarning") return;
        process.off("warning", listener);
        resolve(warning);
      };
      process.on("warning", listener);
    });
    try {
      expect((await mcp.listing.other({ q: "1" })).text).toBe('{"q":"1"}');
      const warning = await warned;
      expect(warning.message).toMatch(/tool-removed tool "other"/);
    } finally {
      await mcp.close();
    }
  });

  it("re-checks after notifications/tools/list_changed, and the user's onListChanged still hears it", async () => {
    const file = writeListing(project, "guard-live");
    let announce: (report: DriftReport) => void = () => undefined;
    const announced = new Promise<DriftReport>((resolve) => (announce = resolve));
    const heard: string[] = [];
    const callbacks = { onDrift: (report: DriftReport) => announce(report), onListChanged: (kind: string) => void heard.push(kind) };
    const mcp = createClient({ env: { LISTING_FILE: file }, driftGuard: "error", callbacks });
    try {
      expect((await mcp.listing.other({ q: "before" })).text).toBe('{"q":"before"}');
      // Replace the file atomically: the server announces the change, the guard re-lists.
      const next = `${file}.next`;
      const listing = baseListing();
      drifted(listing);
      writeFileSync(next, JSON.stringify(listing));
      renameSync(next, file);
      const report = await announced;
      expect(report.changes.map((change) => change.ruleId)).toContain("tool-removed");
      expect(heard).toContain("tools");
      await expect(mcp.listing.other({ q: "after" })).rejects.toBeInstanceOf(DriftError);
    } finally {
      await mcp.close();
    }
  });

  it("verify() returns the same report as check", async () => {
    const file = writeListing(project, "guard-verify", (listing) => {
      drifted(listing);
      MUTATIONS["prompt-removed"]?.(listing);
      MUTATIONS["instructions-changed"]?.(listing);
    });
    const mcp = createClient({ env: { LISTING_FILE: file }, driftGuard: "off" });
    try {
      const [verified, perServer, checked] = await Promise.all([mcp.verify(), mcp.listing.verify(), check({ cwd: project, env: { LISTING_FILE: file } })]);
      expect(verified).toEqual(checked.report);
      expect(perServer).toEqual(checked.report);
      expect(verified.changes.map((change) => change.ruleId).sort()).toEqual(["description-changed", "instructions-changed", "prompt-removed", "tool-removed"]);
    } finally {
      await mcp.close();
    }
  });
});

/**
 * A placeholder in a stdio server's `cwd` is substituted first, then resolved against the
 * config's folder, and generate and run time start the server in the same folder, for an
 * absolute and a relative value. The server reads its listing from `listing.json` relative
 * to its working folder: it only starts and answers in the right one.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");

interface GeneratedIndex {
  createClient(options: { env: Record<string, string> }): { srv: { where(): Promise<{ structuredContent: unknown }> }; close(): Promise<void> };
}

/** A project whose server folder `servers/here` holds the listing; the config's `cwd` is `${SERVER_DIR}`. */
function project(): string {
  const root = tempProject("cwd");
  mkdirSync(path.join(root, "servers/here"), { recursive: true });
  const listing = { capabilities: { tools: {} }, tools: [{ name: "where", inputSchema: { type: "object" } }], results: { where: { folder: "servers/here" } } };
  writeFileSync(path.join(root, "servers/here/listing.json"), JSON.stringify(listing));
  const server = { transport: "stdio", command: "node", args: [LISTING_SERVER, "listing.json"], cwd: "${SERVER_DIR}" };
  writeFileSync(path.join(root, "codegen.config.json"), JSON.stringify({ servers: { srv: server }, outDir: "out" }));
  return root;
}

describe("cwd with a placeholder", () => {
  it.each([
    ["relative", (_root: string) => "servers/here"],
    ["absolute", (root: string) => path.join(root, "servers/here")],
  ])("%s value: the same folder at generate and at run time", async (_kind, value) => {
    const root = project();
    const generated = await runCli(["generate", "--quiet"], { cwd: root, env: { SERVER_DIR: value(root) } });
    expect(generated.status, generated.stderr).toBe(0);
    const module = readFileSync(path.join(root, "out/srv/index.ts"), "utf8");
    // The project has no package.json of its own: its root is the repository's, the config's folder is recorded from there.
    expect(module).toMatch(/cwd: "\$\{SERVER_DIR\}",\s*cwdBase: pathFromProjectRoot\(import\.meta\.url, "\.tmp\/cwd-[^"/]+"\)/);
    expect(module).not.toContain(root); // no machine path, whatever the value was

    // Run time: another process working folder (the repo's), the same value.
    const { createClient } = (await import(path.join(root, "out/index.ts"))) as GeneratedIndex;
    const mcp = createClient({ env: { SERVER_DIR: value(root) } });
    try {
      expect((await mcp.srv.where()).structuredContent).toEqual({ folder: "servers/here" });
    } finally {
      await mcp.close();
    }
  });

  it("a value naming another folder fails at generate with the server named", async () => {
    const root = project();
    const result = await runCli(["generate"], { cwd: root, env: { SERVER_DIR: "servers" } });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/server "srv": cannot capture: .*listing\.json/);
  });
});

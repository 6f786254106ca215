/**
 * Warnings worth reading (issue 29.4): each has a stable rule id; the same rule on the same
 * server is one line with a count and its first occurrence; `warnings: { … : "off" }` in the
 * config acknowledges them by rule id or `server.tool` glob (counted as silenced); `--quiet`
 * prints failures only; an unknown rule id is a config error with a suggestion. One real SDK 1.x
 * stdio server, its listing captured once; the other runs are offline.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { WARNING_RULE_IDS } from "../../src/warnings/rules.js";
import { runCli, tempProject } from "../helpers/cli.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");

/** Three tools with two unchecked formats each (6 × format-not-checked) and one propertyNames (keyword-not-in-type). */
const LISTING = {
  capabilities: { tools: {} },
  tools: ["tool_a", "tool_b", "tool_c"].map((name) => ({
    name,
    inputSchema: {
      type: "object",
      properties: {
        one: { type: "string", format: "x-custom" },
        two: { type: "string", format: "x-other" },
        ...(name === "tool_c" ? { map: { type: "object", propertyNames: { pattern: "^[a-z]+$" } } } : {}),
      },
    },
  })),
};

const warningLines = (stderr: string) => stderr.split("\n").filter((line) => line.startsWith("warning"));

describe("warning lines, rule ids, acknowledgement", () => {
  let dir: string;
  const writeConfig = (extra: Record<string, unknown>) =>
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { srv: { command: "node", args: [LISTING_SERVER, "listing.json"] } }, outDir: "gen", ...extra }));

  beforeAll(async () => {
    dir = tempProject("warnings");
    writeFileSync(path.join(dir, "listing.json"), JSON.stringify(LISTING));
    writeConfig({});
    const result = await runCli(["generate"], { cwd: dir, env: { CI: "1" } });
    expect(result.status, result.stderr).toBe(0);
  });

  it("one line per rule and server, with the count and the first JSON pointer", async () => {
    const result = await runCli(["generate", "--offline"], { cwd: dir, env: { CI: "1" } });
    expect(result.status, result.stderr).toBe(0);
    expect(warningLines(result.stderr)).toEqual([
      'warning: tool "srv/tool_a" /inputSchema/properties/one/format: format "x-custom" is not checked [format-not-checked: 6 on server "srv", the first shown]',
      'warning: tool "srv/tool_c" /inputSchema/properties/map/propertyNames: propertyNames is not expressed in the TS type (the Zod schema checks it at run time) [keyword-not-in-type]',
    ]);
    expect(result.stdout).toMatch(/7 warnings\) → gen\//);
    const json = JSON.parse((await runCli(["generate", "--offline", "--json"], { cwd: dir })).stdout);
    expect(json.warnings).toHaveLength(7);
    expect(new Set(json.warnings.map((warning: { rule: string }) => warning.rule))).toEqual(new Set(["format-not-checked", "keyword-not-in-type"]));
    expect(json.silencedWarnings).toBe(0);
  });

  it("a secret written as a value in the config is named by where it is, never quoted; placeholders and plain values are not", async () => {
    const server = {
      command: "node",
      args: [LISTING_SERVER, "listing.json", "--api-key=lit-one-1a", "--token", "lit-two-2b", "--token=${TOKEN}", "--region", "eu"],
      env: { DB_PASSWORD: "lit-three-3c", API_TOKEN: "${API_TOKEN}", LOG_LEVEL: "debug" },
    };
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { srv: server }, outDir: "gen" }));
    try {
      const result = await runCli(["generate", "--offline", "--json"], { cwd: dir, env: { TOKEN: "t", API_TOKEN: "a" } });
      expect(result.status, result.stderr).toBe(0);
      const json = JSON.parse(result.stdout) as { warnings: { rule: string; subject: string; pointer: string }[] };
      const literal = json.warnings.filter((warning) => warning.rule === "literal-secret");
      expect(literal.map((warning) => [warning.subject, warning.pointer])).toEqual([
        ['server "srv"', "(env.DB_PASSWORD)"],
        ['server "srv"', "(args[2])"],
        ['server "srv"', "(args[4])"],
      ]);
      const printed = await runCli(["generate", "--offline"], { cwd: dir, env: { CI: "1", TOKEN: "t", API_TOKEN: "a" } });
      expect(warningLines(printed.stderr)).toContain('warning: server "srv" (env.DB_PASSWORD): a secret written as a value: copied into the generated code as it is; write it as a ${VAR} placeholder [literal-secret: 3 on server "srv", the first shown]');
      expect(`${printed.stdout}${printed.stderr}${result.stdout}`).not.toMatch(/lit-(one|two|three)/);
    } finally {
      writeConfig({});
    }
  });

  it("a rule id set to off silences that rule everywhere, reported as a count", async () => {
    writeConfig({ warnings: { "format-not-checked": "off" } });
    const result = await runCli(["generate", "--offline"], { cwd: dir, env: { CI: "1" } });
    expect(result.status, result.stderr).toBe(0);
    expect(warningLines(result.stderr)).toHaveLength(1);
    expect(warningLines(result.stderr)[0]).toContain("[keyword-not-in-type]");
    expect(result.stdout).toMatch(/1 warning, 6 warnings acknowledged in the config\) → gen\//);
  });

  it("a server.tool glob silences that tool's warnings of every rule", async () => {
    writeConfig({ warnings: { "srv.tool_c": "off" } });
    const result = await runCli(["generate", "--offline", "--json"], { cwd: dir });
    const json = JSON.parse(result.stdout);
    expect(json.silencedWarnings).toBe(3);
    expect(json.warnings.map((warning: { subject: string }) => warning.subject)).toEqual(Array(4).fill('tool "srv/tool_a"').fill('tool "srv/tool_b"', 2));
    writeConfig({ warnings: { "srv.*": "off" } });
    const all = JSON.parse((await runCli(["generate", "--offline", "--json"], { cwd: dir })).stdout);
    expect([all.warnings.length, all.silencedWarnings]).toEqual([0, 7]);
  });

  it("--quiet prints failures only: no warnings", async () => {
    writeConfig({});
    const result = await runCli(["generate", "--offline", "--quiet"], { cwd: dir });
    expect(result).toMatchObject({ status: 0, stdout: "", stderr: "" });
  });

  it("a misspelt rule id is a config error naming the key and the rule meant", async () => {
    writeConfig({ warnings: { "format-not-chekced": "off" } });
    const result = await runCli(["generate", "--offline"], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/warnings\."format-not-chekced": unknown warning rule id \(did you mean "format-not-checked"\?/);
    expect(readFileSync(path.join(dir, "gen/srv/index.ts"), "utf8")).toContain("toolA");
  });
});

describe("the rule table", () => {
  it("docs/cli.md lists every warning rule id", () => {
    const docs = readFileSync(path.join(repoRoot, "docs/cli.md"), "utf8");
    const documented = [...docs.matchAll(/^\| `([a-z-]+)` \| /gm)].map((match) => match[1]);
    expect(documented).toEqual([...WARNING_RULE_IDS]);
  });
});

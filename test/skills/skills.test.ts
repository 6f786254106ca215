/**
 * Skills (SEP-2640) end to end against the SDK 2.4 skills server (test/servers/skills.ts): the
 * built CLI captures them over stdio and streamable HTTP in both eras (2026-07-28 and the 2025
 * handshake); the generated client's typed accessors read files verified against the
 * snapshot's digests and write them to a folder; `check` and the runtime `verify()` report
 * what a release changed; a hostile catalog's entries are refused or caught.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../../src/check.js";
import { McpRuntimeError, SkillDriftError } from "../../runtime/src/index.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { repoRoot, startServerScript, type RunningServer } from "../helpers/servers.js";
import { typecheck } from "../helpers/typecheck.js";

const SCRIPT = path.join(repoRoot, "test/servers/dist/skills.js");
const stdio = (variant: string, extra: Record<string, unknown> = {}) => ({ transport: "stdio", command: process.execPath, args: [SCRIPT, "--variant", variant], ...extra });

/** The same bytes the server holds (test/servers/skills.ts), digested here, independently of any code under test. */
const FORMS_V1 = "# Forms\n\nFill the form fields in order.\n";
const LOGO = new Uint8Array([0, 1, 2, 250, 251, 252]);
const digest = (bytes: string | Uint8Array) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;

const ERA_SERVERS = ["stdioModern", "stdioLegacy", "httpModern", "httpLegacy"] as const;

let project: string;
let http: RunningServer;
let generated: Awaited<ReturnType<typeof runCli>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let snapshot: any;

beforeAll(async () => {
  project = tempProject("skills");
  http = await startServerScript(SCRIPT, ["--http", "--port", "0"]);
  const servers = {
    // The variant comes from the environment, so `check` can meet the server after a release.
    stdioModern: stdio("${SKILLS_VARIANT:-v1}"),
    stdioLegacy: stdio("v1", { protocol: "legacy" }),
    httpModern: { transport: "http", url: http.url },
    httpLegacy: { transport: "http", url: http.url, protocol: "legacy" },
    hostile: stdio("hostile"),
  };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers, outDir: "out" }));
  generated = await runCli(["generate"], { cwd: project });
  snapshot = JSON.parse(readFileSync(path.join(project, "out/mcp-snapshot.json"), "utf8"));
}, 120_000);

afterAll(async () => {
  await http?.stop();
});

describe("generate captures skills", () => {
  it("succeeds, in the era each server was asked for", () => {
    expect(generated.status, generated.stderr).toBe(0);
    expect(snapshot.servers.stdioModern.era).toBe("modern");
    expect(snapshot.servers.httpModern.era).toBe("modern");
    expect(snapshot.servers.stdioLegacy.era).toBe("legacy");
    expect(snapshot.servers.httpLegacy.era).toBe("legacy");
  });

  it.each(ERA_SERVERS)("records every skill of %s with its files' paths, sizes and digests, and SKILL.md's body", (server) => {
    const skills = snapshot.servers[server].skills;
    expect(skills.map((skill: { uri: string }) => skill.uri)).toEqual(["skill://code-review/SKILL.md", "skill://pdf-processing/SKILL.md"]);
    const pdf = skills[1];
    expect(pdf).toMatchObject({
      name: "pdf-processing",
      description: "Extract text and tables from PDF files.",
      frontmatter: { name: "pdf-processing", description: "Extract text and tables from PDF files.", license: "MIT" },
    });
    expect(pdf.body).toContain("Use `scripts/extract.py` to pull the text out of a PDF");
    expect(pdf.files.map((file: { path: string }) => file.path)).toEqual(["SKILL.md", "assets/logo.bin", "references/FORMS.md", "scripts/extract.py"]);
    expect(pdf.files[2]).toEqual({ path: "references/FORMS.md", uri: "skill://pdf-processing/references/FORMS.md", size: FORMS_V1.length, digest: digest(FORMS_V1) });
    expect(pdf.files[1]).toMatchObject({ size: LOGO.length, digest: digest(LOGO) });
    // Cache hints of the 2026-07-28 responses are never part of the snapshot.
    expect(JSON.stringify(skills)).not.toMatch(/ttlMs|cacheScope/);
  });

  it("records the same skills (same fingerprints) whatever the transport and era", () => {
    const hashes = (server: string) => snapshot.servers[server].skills.map((skill: { hash: string }) => skill.hash);
    for (const server of ERA_SERVERS) expect(hashes(server), server).toEqual(hashes("stdioModern"));
  });

  it("refuses the hostile catalog's entries that could escape a folder or are listed twice, with one warning line each", () => {
    const uris = snapshot.servers.hostile.skills.map((skill: { uri: string }) => skill.uri);
    expect(uris).toEqual(["skill://large/SKILL.md", "skill://oversized/SKILL.md", "skill://plain/SKILL.md", "skill://tampered/SKILL.md"]);
    expect(generated.stderr).toContain(
      `warning: skill "hostile/skill://escape/SKILL.md" (skills/list): left out of the snapshot and the generated code: file "skill://escape/%2e%2e/%2e%2e/etc/passwd" has an empty, '.' or '..' path segment`,
    );
    const twice = generated.stderr.split("\n").filter((line) => line.includes("skill://twice/SKILL.md"));
    expect(twice).toEqual([`warning: skill "hostile/skill://twice/SKILL.md" (skills/list): left out of the snapshot and the generated code: the same uri is listed more than once [skill-refused]`]);
  });

  it("pins a SKILL.md over the body bound by digest only", () => {
    const large = snapshot.servers.hostile.skills[0];
    expect(large.files[0].size).toBeGreaterThan(64 * 1024);
    expect(large.body).toBeUndefined();
    expect(large.description).toBe("The large skill.");
  });
});

describe("the generated types", () => {
  it("compile under strict flags; read() accepts only a skill's listed paths, and the names are a literal union", () => {
    const consumer = path.join(project, "consumer.ts");
    writeFileSync(
      consumer,
      [
        'import { createClient } from "./out/index.js";',
        'import type { SkillName } from "./out/stdioModern/index.js";',
        "const mcp = createClient();",
        "export async function use(): Promise<string> {",
        '  const manifest = await mcp.stdioModern.skills.pdfProcessing.read();',
        '  const forms = await mcp.httpLegacy.skills.pdfProcessing.read("references/FORMS.md");',
        '  const path: "SKILL.md" | "assets/logo.bin" | "references/FORMS.md" | "scripts/extract.py" = forms.path;',
        "  // @ts-expect-error a path the skill does not list",
        '  await mcp.stdioModern.skills.pdfProcessing.read("../../etc/passwd");',
        "  // @ts-expect-error a file of another skill",
        '  await mcp.stdioModern.skills.codeReview.read("references/FORMS.md");',
        '  const name: SkillName = "code-review";',
        "  // @ts-expect-error not a skill of the server",
        '  const other: SkillName = "release-notes";',
        "  await mcp.stdioModern.skills.codeReview.writeTo(\"skills/code-review\");",
        "  return `${manifest.text ?? \"\"}${path}${name}${other}`;",
        "}",
        "",
      ].join("\n"),
    );
    expect(typecheck([consumer])).toEqual([]);
  });
});

describe("the generated client", () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let mcp: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let generatedModule: any;

  beforeAll(async () => {
    generatedModule = await import(path.join(project, "out/index.ts"));
    mcp = generatedModule.createClient();
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it.each(ERA_SERVERS)("reads SKILL.md (the default), a text file and a binary file of %s, verified", async (server) => {
    const skill = mcp[server].skills.pdfProcessing;
    const manifest = await skill.read();
    expect(manifest).toMatchObject({ path: "SKILL.md", uri: "skill://pdf-processing/SKILL.md" });
    expect(manifest.text).toContain("name: pdf-processing");
    const forms = await skill.read("references/FORMS.md");
    expect(forms.text).toBe(FORMS_V1);
    expect(forms.digest).toBe(digest(FORMS_V1));
    const logo = await skill.read("assets/logo.bin");
    expect([...logo.bytes]).toEqual([...LOGO]);
  });

  it("refuses a path the skill does not list before sending anything", async () => {
    const error = await mcp.stdioModern.skills.pdfProcessing.read("../../etc/passwd").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpRuntimeError);
    expect(error.message).toBe(
      `server "stdioModern" skill "pdf-processing": "../../etc/passwd" is not a file of this skill (its files: "SKILL.md", "assets/logo.bin", "references/FORMS.md", "scripts/extract.py")`,
    );
  });

  it("writes a skill's verified files under a folder, at their paths", async () => {
    const folder = path.join(project, "written/pdf");
    const written = await mcp.httpModern.skills.pdfProcessing.writeTo(folder);
    expect(written.map((file: string) => path.relative(folder, file).split(path.sep).join("/")).sort()).toEqual(["SKILL.md", "assets/logo.bin", "references/FORMS.md", "scripts/extract.py"]);
    expect(readFileSync(path.join(folder, "references/FORMS.md"), "utf8")).toBe(FORMS_V1);
    expect([...readFileSync(path.join(folder, "assets/logo.bin"))]).toEqual([...LOGO]);
    expect(readdirSync(path.join(folder, "references"))).toEqual(["FORMS.md"]); // no temporary file left
  });

  it("throws a SkillDriftError naming skill, file and both digests when the server serves other bytes than it listed", async () => {
    const error = await mcp.hostile.skills.tampered.read("data.txt").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SkillDriftError);
    expect(error).toMatchObject({ skill: "tampered", file: "data.txt", expected: digest("original\n"), actual: digest("tampered\n"), ruleId: "skill-file-changed" });
    expect(error.message).toContain(`server "hostile" skill "tampered": drift since generation (skill-file-changed at /files/data.txt)`);
    expect(error.message).toContain(`the server sent digest ${digest("tampered\n")}, the snapshot has ${digest("original\n")}`);
    // Nothing is written when one file fails: the others are verified first.
    const folder = path.join(project, "written/tampered");
    mkdirSync(folder, { recursive: true });
    await expect(mcp.hostile.skills.tampered.writeTo(folder)).rejects.toBeInstanceOf(SkillDriftError);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("refuses a file served larger than the snapshot's size, naming both sizes and digests", async () => {
    const error = await mcp.hostile.skills.oversized.read("big.txt").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SkillDriftError);
    expect(error).toMatchObject({ skill: "oversized", file: "big.txt", expected: digest("small\n"), actual: digest("x".repeat(200_000)) });
    expect(error.message).toContain("(200000 bytes, the snapshot has 6)");
  });

  it("reads the large SKILL.md whose body the snapshot does not keep, verified by its digest", async () => {
    const manifest = await mcp.hostile.skills.large.read();
    expect(manifest.size).toBeGreaterThan(64 * 1024);
  });
});

describe("after a release (the v2 catalog)", () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let mcp: any;

  beforeAll(async () => {
    const module = await import(path.join(project, "out/index.ts"));
    const connection = (await import(path.join(project, "out/stdioModern/index.ts"))).defaultConnection;
    mcp = module.createClient({ servers: { stdioModern: { ...connection, args: [SCRIPT, "--variant", "v2"] } } });
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it("reads against the snapshot, not the server's new listing: a changed file is a SkillDriftError, an unchanged one reads", async () => {
    const skill = mcp.stdioModern.skills.pdfProcessing;
    const error = await skill.read("references/FORMS.md").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SkillDriftError);
    expect(error).toMatchObject({ file: "references/FORMS.md", expected: digest(FORMS_V1), actual: digest("# Forms\n\nFill the form fields in any order.\n") });
    expect((await skill.read("scripts/extract.py")).text).toBe("print('extract')\n");
  });

  const expected = [
    ["skill-file-removed", "breaking", "skill://pdf-processing/SKILL.md", "/files/assets~1logo.bin"],
    ["skill-file-changed", "dangerous", "skill://pdf-processing/SKILL.md", "/files/references~1FORMS.md"],
    ["skill-file-added", "safe", "skill://pdf-processing/SKILL.md", "/files/references~1TABLES.md"],
    ["skill-frontmatter-changed", "dangerous", "skill://pdf-processing/SKILL.md", "/frontmatter/license"],
    ["skill-file-changed", "dangerous", "skill://pdf-processing/SKILL.md", "/files/SKILL.md"],
    ["skill-removed", "breaking", "skill://code-review/SKILL.md", undefined],
    ["skill-added", "safe", "skill://release-notes/SKILL.md", undefined],
  ] as const;
  const summary = (report: { changes: { ruleId: string; level: string; server: string; entity: { kind: string; name: string }; pointer?: string }[] }) =>
    report.changes.filter((change) => change.server === "stdioModern" && change.entity.kind === "skill").map((change) => [change.ruleId, change.level, change.entity.name, change.pointer]);

  it("check reports each change, naming skill and file, at its level", async () => {
    const { report } = await check({ cwd: project, env: { SKILLS_VARIANT: "v2" }, servers: ["stdioModern"] });
    expect(summary(report).sort()).toEqual([...expected].map((row) => [...row]).sort());
    const changed = report.changes.find((change) => change.pointer === "/files/references~1FORMS.md");
    expect(changed?.message).toBe(`Skill file "references/FORMS.md" changed: digest ${digest(FORMS_V1)} → ${digest("# Forms\n\nFill the form fields in any order.\n")}`);
    expect(report.summary.breaking).toBeGreaterThan(0);
  });

  it("the runtime verify() gives the same skill changes", async () => {
    const report = await mcp.stdioModern.verify();
    expect(summary(report).sort()).toEqual([...expected].map((row) => [...row]).sort());
  });

  it("check finds nothing against the catalog it was generated from", async () => {
    const { report } = await check({ cwd: project, env: { SKILLS_VARIANT: "v1" } });
    expect(report.changes).toEqual([]);
  });
});

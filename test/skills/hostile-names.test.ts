/**
 * Skill text is server text, hence data: names, descriptions and file paths that try to close
 * comments and strings, or that are `__proto__` / `constructor` / duplicates, give a generated
 * module that compiles, runs nothing, and carries every string back exactly (offline, from a
 * hand-built snapshot: no server needed).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildServerSnapshot } from "../../runtime/src/shared/listing-snapshot.js";
import { buildSkillEntry } from "../../runtime/src/shared/skills.js";
import { canonicalFileText } from "../../runtime/src/shared/canonical-json.js";
import type { SkillEntry } from "../../runtime/src/shared/snapshot.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { STRICT_OPTIONS, typecheck } from "../helpers/typecheck.js";

const EVIL = "*/ globalThis.pwned = 1; /* ` ${globalThis.pwned = 2} \" ' \u2028 \u2029 \u202e </script>\n// x";
/** What a file name can hold (no separator or control character: those refuse the skill, see entries.test.ts). */
const EVIL_FILE = "a*` ${globalThis.pwned = 3} \" ' \u2028 \u2029 \u202e <script>.md";
const DIGEST = `sha256:${"b".repeat(64)}`;

function skill(folder: string, name: string, files: string[]): SkillEntry {
  const root = `skill://${folder}/`;
  const built = buildSkillEntry(
    { uri: `${root}SKILL.md`, frontmatter: { name, description: EVIL, note: EVIL }, resources: ["SKILL.md", ...files].map((file) => ({ uri: `${root}${file}`, size: 1, digest: DIGEST })) },
    { size: 1, digest: DIGEST, body: EVIL },
  );
  if ("problem" in built) throw new Error(built.problem);
  return built.entry;
}

describe("hostile skill text", () => {
  it("stays inert in the generated module and round-trips as data", async () => {
    const project = tempProject("skills-hostile");
    const skills = [
      skill("evil", `evil ${EVIL}`, [encodeURIComponent(EVIL_FILE)]),
      skill("proto", "__proto__", ["x.md"]),
      skill("ctor", "constructor", []),
      skill("twin-a", "twin", []),
      skill("twin-b", "twin", []),
    ];
    const server = buildServerSnapshot({
      protocolVersion: "2025-11-25",
      serverInfo: { name: "evil", version: "1" },
      capabilities: { resources: {}, extensions: { "io.modelcontextprotocol/skills": {} } },
      tools: [],
      resources: [],
      resourceTemplates: [],
      prompts: [],
      skills,
    });
    // A server that declares the extension but lists no skill: an empty namespace, no unused import.
    const empty = buildServerSnapshot({ protocolVersion: "2025-11-25", serverInfo: { name: "empty" }, capabilities: { extensions: { "io.modelcontextprotocol/skills": {} } }, tools: [], resources: [], resourceTemplates: [], prompts: [], skills: [] });
    writeFileSync(path.join(project, "snapshot.json"), canonicalFileText({ format: 1, servers: { empty, evil: server } }));
    const unused = { transport: "stdio", command: "node", args: ["unused.js"] };
    const config = { servers: { empty: unused, evil: unused }, outDir: "out", snapshot: "snapshot.json" };
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(config));
    const result = await runCli(["generate", "--offline"], { cwd: project });
    expect(result.status, result.stderr).toBe(0);

    const consumer = path.join(project, "consumer.ts");
    writeFileSync(
      consumer,
      [
        'import { createClient } from "./out/index.js";',
        'import type { SkillName } from "./out/evil/index.js";',
        "export const client = createClient();",
        'export const names: SkillName[] = ["__proto__", "constructor", "twin"];',
        "export const reads = [client.evil.skills.twin.read, client.evil.skills.twin2.read];",
        "export const none: Record<string, never> = client.empty.skills;",
        "",
      ].join("\n"),
    );
    expect(typecheck([consumer], { ...STRICT_OPTIONS, noUnusedLocals: true, noUnusedParameters: true })).toEqual([]);

    const pwned = () => (globalThis as { pwned?: unknown }).pwned;
    const module = await import(path.join(project, "out/evil/index.ts"));
    expect(pwned()).toBeUndefined();
    const descriptors = Object.values(module.skills) as { name: string; uri: string; files: string[] }[];
    expect(descriptors.map((descriptor) => descriptor.name).sort()).toEqual(["__proto__", "constructor", `evil ${EVIL}`, "twin", "twin"].sort());
    const evil = descriptors.find((descriptor) => descriptor.uri === "skill://evil/SKILL.md");
    expect(evil?.files).toEqual(["SKILL.md", EVIL_FILE]);
    // A server-given name is never a key of a plain object's prototype chain.
    expect(Object.hasOwn(module.skills, "__proto__")).toBe(false);
    expect(({} as Record<string, unknown>)["name"]).toBeUndefined();
  }, 120_000);
});

/**
 * `writeTo` confines every file to its folder even for a snapshot edited by hand (capture
 * refuses such paths: entries.test.ts): the check runs before anything is sent or written.
 * The runtime here refuses every request, to prove none is made.
 */
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { skillAccessor } from "../../runtime/src/calls/skills.js";
import type { Runtime } from "../../runtime/src/calls/runtime-api.js";
import type { GeneratedSnapshot } from "../../runtime/src/calls/drift-guard.js";
import type { ServerSnapshot, SkillEntry } from "../../runtime/src/shared/snapshot.js";
import { McpRuntimeError } from "../../runtime/src/shared/errors.js";
import { tempProject } from "../helpers/cli.js";

const DIGEST = `sha256:${"c".repeat(64)}`;
const sent: string[] = [];
const refusing = {
  readResource: async (_server: string, uri: string) => {
    sent.push(uri);
    throw new Error("no request may be sent");
  },
} as unknown as Runtime;

function snapshotWith(paths: string[]): () => Promise<GeneratedSnapshot> {
  const skill: SkillEntry = {
    uri: "skill://s/SKILL.md",
    name: "s",
    description: "S.",
    frontmatter: { name: "s", description: "S." },
    files: paths.map((file) => ({ path: file, uri: `skill://s/${file}`, size: 1, digest: DIGEST })),
    hash: "edited",
  };
  const server = { skills: [skill] } as unknown as ServerSnapshot;
  return async () => ({ server, toolFilter: {}, drift: {} });
}

describe("writeTo", () => {
  it.each([["../escaped.md"], ["a/../../escaped.md"], ["/etc/passwd"], ["..\\escaped.md"]])("refuses %s from a hand-edited snapshot before sending or writing anything", async (bad) => {
    const folder = path.join(tempProject("skills-write"), "out");
    mkdirSync(folder);
    sent.length = 0;
    const accessor = skillAccessor(refusing, "docs", { name: "s", uri: "skill://s/SKILL.md", files: ["SKILL.md", bad], fingerprint: "x" }, snapshotWith(["SKILL.md", bad]));
    const error = await accessor.writeTo(folder).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpRuntimeError);
    expect((error as Error).message).toBe(`server "docs" skill "s": file path ${JSON.stringify(bad)} would leave ${folder}: nothing written`);
    expect(sent).toEqual([]);
    expect(readdirSync(folder)).toEqual([]);
    expect(readdirSync(path.dirname(folder))).toEqual(["out"]);
  });
});

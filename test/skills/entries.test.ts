/**
 * Which listed skill entries the snapshot keeps (runtime/src/shared/skills.ts): file paths under
 * the skill's folder, and every way a hostile entry could name a path outside it.
 */
import { describe, expect, it } from "vitest";
import { buildSkillEntry, declaresSkills, skillFilePath, type ListedSkill } from "../../runtime/src/shared/skills.js";

const ROOT = "skill://acme/pdf/";
const DIGEST = `sha256:${"a".repeat(64)}`;

describe("skillFilePath", () => {
  it.each([
    ["skill://acme/pdf/SKILL.md", "SKILL.md"],
    ["skill://acme/pdf/references/FORMS.md", "references/FORMS.md"],
    ["skill://acme/pdf/Q%26A.md", "Q&A.md"],
    ["skill://acme/pdf/a%20b/c.md", "a b/c.md"],
  ])("%s is %s", (uri, expected) => {
    expect(skillFilePath(ROOT, uri)).toEqual({ path: expected });
  });

  it.each([
    ["skill://acme/other/SKILL.md", "is not inside the skill's folder"],
    ["skill://acme/pdf/../x.md", "has an empty, '.' or '..' path segment"],
    ["skill://acme/pdf/%2e%2e/%2E%2E/etc/passwd", "has an empty, '.' or '..' path segment"],
    ["skill://acme/pdf/a/./b.md", "has an empty, '.' or '..' path segment"],
    ["skill://acme/pdf/a//b.md", "has an empty, '.' or '..' path segment"],
    ["skill://acme/pdf/a%2F..%2F..%2Fb.md", "has a separator or control character inside a path segment"],
    ["skill://acme/pdf/..%5C..%5Cwin.ini", "has a separator or control character inside a path segment"],
    ["skill://acme/pdf/a%00.md", "has a separator or control character inside a path segment"],
    ["skill://acme/pdf/C:%5Cx", "has a separator or control character inside a path segment"],
    ["skill://acme/pdf/C:x", "starts with a drive letter"],
    ["skill://acme/pdf/a.md?x=1", "has a query or fragment"],
    ["skill://acme/pdf/%E0%A4%A.md", "has an invalid percent-encoding"],
  ])("refuses %s", (uri, problem) => {
    expect(skillFilePath(ROOT, uri)).toEqual({ problem });
  });
});

describe("buildSkillEntry", () => {
  const listed = (resources: ListedSkill["resources"], frontmatter: Record<string, unknown> = { name: "pdf", description: "PDFs." }): ListedSkill => ({
    uri: `${ROOT}SKILL.md`,
    frontmatter,
    resources,
  });
  const file = (name: string) => ({ uri: `${ROOT}${name}`, size: 1, digest: DIGEST });

  it("keeps files sorted by path, with a fingerprint that ignores the listing's order", () => {
    const a = buildSkillEntry(listed([file("b.md"), file("SKILL.md"), file("a/c.md")]), undefined);
    const b = buildSkillEntry(listed([file("a/c.md"), file("b.md"), file("SKILL.md")]), undefined);
    if ("problem" in a || "problem" in b) throw new Error("refused");
    expect(a.entry.files.map((entry) => entry.path)).toEqual(["SKILL.md", "a/c.md", "b.md"]);
    expect(a.entry.hash).toBe(b.entry.hash);
  });

  it("refuses a whole skill for one unsafe file, a file listed twice, a missing SKILL.md or frontmatter", () => {
    expect(buildSkillEntry(listed([file("SKILL.md"), file("%2e%2e/x")]), undefined)).toEqual({ problem: `file "skill://acme/pdf/%2e%2e/x" has an empty, '.' or '..' path segment` });
    expect(buildSkillEntry(listed([file("SKILL.md"), file("x.md"), { ...file("x.md"), uri: `${ROOT}%78.md` }]), undefined)).toEqual({ problem: `file "x.md" is listed more than once` });
    expect(buildSkillEntry(listed([file("x.md")]), undefined)).toEqual({ problem: "its file list has no SKILL.md" });
    expect(buildSkillEntry(listed([file("SKILL.md")], { name: "pdf" }), undefined)).toEqual({ problem: "its frontmatter has no string name and description" });
    expect(buildSkillEntry({ ...listed([]), uri: "skill://acme/pdf/README.md" }, undefined)).toEqual({ problem: "its URI does not name a SKILL.md" });
  });

  it("pins a dynamic skill's SKILL.md by what was read, and keeps a server-given __proto__ key as data", () => {
    const built = buildSkillEntry(listed("dynamic", JSON.parse('{"name":"pdf","description":"PDFs.","__proto__":{"polluted":true}}')), { size: 5, digest: DIGEST, body: "Hi.\n" });
    if ("problem" in built) throw new Error(built.problem);
    expect(built.entry).toMatchObject({ dynamic: true, body: "Hi.\n", files: [{ path: "SKILL.md", uri: `${ROOT}SKILL.md`, size: 5, digest: DIGEST }] });
    expect(Object.hasOwn(built.entry.frontmatter, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(buildSkillEntry(listed("dynamic"), undefined)).toEqual({ problem: "its SKILL.md could not be read" });
  });
});

describe("declaresSkills", () => {
  it("needs the extension's object under capabilities.extensions", () => {
    expect(declaresSkills({ extensions: { "io.modelcontextprotocol/skills": {} } })).toBe(true);
    expect(declaresSkills({ extensions: { "io.modelcontextprotocol/skills": true } })).toBe(false);
    expect(declaresSkills({ tools: {} })).toBe(false);
    expect(declaresSkills(undefined)).toBe(false);
  });
});

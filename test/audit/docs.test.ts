/** The rule table of docs/security.md lists every audit rule id with its default level, and nothing else. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_RULES } from "../../src/audit/rules.js";
import { repoRoot } from "../helpers/servers.js";

describe("docs/security.md rule table", () => {
  it("has one row per audit rule, at the rule's level", () => {
    const page = readFileSync(path.join(repoRoot, "docs/security.md"), "utf8");
    const section = page.slice(page.indexOf("## Rules"), page.indexOf("## Configuration"));
    const rows = [...section.matchAll(/^\| <a id="[a-z-]+"><\/a>`([a-z-]+)` \| (error|warning|note) \|/gm)].map((match) => [match[1], match[2]]);
    expect(rows).toEqual(AUDIT_RULES.map((rule) => [rule.id, rule.level]));
  });
});

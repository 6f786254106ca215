/** The rule table of docs/drift.md lists every drift rule id with its default level, and nothing else. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULES, RULE_IDS } from "../../runtime/src/drift/rules.js";
import { repoRoot } from "../helpers/servers.js";

describe("docs/drift.md rule table", () => {
  it("has one row per rule id, at the rule's level", () => {
    const readme = readFileSync(path.join(repoRoot, "docs/drift.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Rules"), readme.indexOf("## Runtime drift guard"));
    const rows = [...section.matchAll(/^\| `([a-z-]+)` \| (breaking|dangerous|safe) \|/gm)].map((match) => [match[1], match[2]]);
    expect(rows.map(([id]) => id).sort()).toEqual([...RULE_IDS].sort());
    for (const [id, level] of rows) expect(level, id).toBe(RULES[id as keyof typeof RULES].level);
  });
});

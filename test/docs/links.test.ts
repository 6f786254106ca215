/**
 * Every relative link in the README, the runtime's README and docs/ resolves: the file exists
 * and, for `file.md#anchor` or `#anchor`, the target has a heading with that anchor (GitHub's
 * slugs: lower case, punctuation dropped, spaces to hyphens, repeats numbered).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";

const pages = ["README.md", "runtime/README.md", ...readdirSync(path.join(repoRoot, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

/** Markdown without fenced code blocks and inline code (links there are not links). */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```$/gm, "").replace(/`[^`\n]*`/g, "");
}

export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading = ""] of markdown.replace(/^```[\s\S]*?^```$/gm, "").matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? "").filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href));
}

describe("documentation links", () => {
  it.each(pages)("every relative link in %s resolves", (page) => {
    const file = path.join(repoRoot, page);
    const text = readFileSync(file, "utf8");
    const broken: string[] = [];
    for (const href of relativeLinks(text)) {
      const [target = "", anchor] = href.split("#");
      const resolved = target === "" ? file : path.resolve(path.dirname(file), decodeURIComponent(target));
      if (!existsSync(resolved)) broken.push(`${href}: no file ${path.relative(repoRoot, resolved)}`);
      else if (anchor !== undefined && resolved.endsWith(".md") && !anchorsOf(readFileSync(resolved, "utf8")).has(anchor)) broken.push(`${href}: no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it("finds links and anchors (the check itself can fail)", () => {
    expect(relativeLinks("see [a](docs/x.md#y) and `[b](c.md)` and [web](https://e.com)")).toEqual(["docs/x.md#y"]);
    expect([...anchorsOf("# Drift (`check` and `diff`)\n## CI recipe (GitHub Actions)\n## A\n## A")]).toEqual(["drift-check-and-diff", "ci-recipe-github-actions", "a", "a-1"]);
  });
});

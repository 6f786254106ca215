/**
 * A server offering skills through the SDK 2.x Skills extension (SEP-2640,
 * `@modelcontextprotocol/server/ext/skills`), over stdio (default) or, with `--http`, streamable
 * HTTP on 127.0.0.1 (`--port N`, 0 = random; prints `MCP_LISTENING <url>`). Both eras are served:
 * a client picks 2026-07-28 or the 2025 handshake.
 *
 * `--variant NAME` picks the catalog:
 * - `v1` (default): two skills built from files by the SDK's catalog (`SkillsExtension.load`);
 * - `v2`: after a release: `code-review` removed, `release-notes` added; in `pdf-processing` a
 *   frontmatter field changed (so `SKILL.md` too), `references/FORMS.md` changed,
 *   `assets/logo.bin` removed, `references/TABLES.md` added, `scripts/extract.py` unchanged;
 * - `hostile`: a hand-written source listing what a host must refuse or catch: files whose
 *   paths leave the skill's folder, one URI listed twice, a file served with other bytes than
 *   its listed digest, one served far larger than its listed size, a `SKILL.md` over the
 *   snapshot's body bound.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { memorySkillFiles, skillEntry, SkillsExtension, type Skill, type SkillSource } from "@modelcontextprotocol/server/ext/skills";
import { serveEra } from "./era-host.js";

const PDF_SKILL = `---
name: pdf-processing
description: Extract text and tables from PDF files.
license: MIT
---
# PDF processing

Use \`scripts/extract.py\` to pull the text out of a PDF, then read references/FORMS.md for forms.
`;

const REVIEW_SKILL = `---
name: code-review
description: Review a change for bugs and style.
---
# Code review

Read the diff, then comment.
`;

const V1_FILES: Record<string, string | Uint8Array> = {
  "pdf-processing/SKILL.md": PDF_SKILL,
  "pdf-processing/references/FORMS.md": "# Forms\n\nFill the form fields in order.\n",
  "pdf-processing/scripts/extract.py": "print('extract')\n",
  "pdf-processing/assets/logo.bin": new Uint8Array([0, 1, 2, 250, 251, 252]),
  "code-review/SKILL.md": REVIEW_SKILL,
  "code-review/CHECKLIST.md": "- tests\n- docs\n",
};

const V2_FILES: Record<string, string | Uint8Array> = {
  "pdf-processing/SKILL.md": PDF_SKILL.replace("license: MIT", "license: Apache-2.0"),
  "pdf-processing/references/FORMS.md": "# Forms\n\nFill the form fields in any order.\n",
  "pdf-processing/references/TABLES.md": "# Tables\n",
  "pdf-processing/scripts/extract.py": "print('extract')\n",
  "release-notes/SKILL.md": "---\nname: release-notes\ndescription: Write release notes.\n---\nList the changes.\n",
};

async function catalogExtension(variant: string): Promise<SkillsExtension> {
  if (variant === "hostile") return new SkillsExtension({ source: await hostileSource(), onWarning: () => undefined });
  return SkillsExtension.load(memorySkillFiles(variant === "v2" ? V2_FILES : V1_FILES), { onWarning: () => undefined });
}

/** The bound `SKILL.md` bodies are kept in the snapshot up to (runtime/src/shared/skills.ts). */
const BODY_BOUND = 64 * 1024;

async function hostileSource(): Promise<SkillSource> {
  const files = new Map<string, string>();
  const skills: Skill[] = [];
  const add = async (folder: string, content: Record<string, string>, edit?: (skill: Skill) => Skill): Promise<void> => {
    const entry = await skillEntry(folder, content);
    for (const [path, text] of Object.entries(content)) files.set(`skill://${folder}/${path}`, text);
    skills.push(edit ? edit(entry) : entry);
  };
  const manifest = (name: string, body = "Body.\n") => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n${body}`;
  // A file whose URI climbs out of the skill's folder (percent-encoded dots).
  await add("escape", { "SKILL.md": manifest("escape"), "notes.md": "notes\n" }, (skill) => ({
    ...skill,
    resources: (skill.resources as { uri: string; size: number; digest: string }[]).map((resource) =>
      resource.uri.endsWith("notes.md") ? { ...resource, uri: "skill://escape/%2e%2e/%2e%2e/etc/passwd" } : resource,
    ),
  }));
  // The same skill listed twice.
  await add("twice", { "SKILL.md": manifest("twice") });
  skills.push(skills.at(-1) as Skill);
  // Listed with the digest of other bytes than it serves: fine at capture (SKILL.md is right), caught on read.
  await add("tampered", { "SKILL.md": manifest("tampered"), "data.txt": "original\n" });
  files.set("skill://tampered/data.txt", "tampered\n");
  // A file served far larger than its listed size.
  await add("oversized", { "SKILL.md": manifest("oversized"), "big.txt": "small\n" });
  files.set("skill://oversized/big.txt", "x".repeat(200_000));
  // A SKILL.md over the body bound: pinned by digest, its body not kept.
  await add("large", { "SKILL.md": manifest("large", `${"x".repeat(BODY_BOUND)}\n`) });
  // A well-formed skill next to the hostile ones.
  await add("plain", { "SKILL.md": manifest("plain"), "guide/README.md": "read me\n" });
  return {
    list: async () => ({ skills }),
    get: async (uri) => skills.find((skill) => skill.uri === uri),
    read: async (uri) => {
      const text = files.get(uri);
      return text === undefined ? undefined : { text, mimeType: uri.endsWith(".md") ? "text/markdown" : "text/plain" };
    },
  };
}

function serverFactory(extension: SkillsExtension): () => McpServer {
  return () => {
    const server = new McpServer({ name: "skills", version: "1.0.0" }, { instructions: "Test server for the Skills extension." });
    server.registerTool("ping", { description: "Answers pong." }, () => ({ content: [{ type: "text", text: "pong" }] }));
    extension.attach(server);
    return server;
  };
}

const argv = process.argv.slice(2);
const variantAt = argv.indexOf("--variant");
const variant = variantAt >= 0 ? (argv[variantAt + 1] ?? "v1") : "v1";
const create = serverFactory(await catalogExtension(variant));

// Served as the era servers are: stdio, or `--http [--port N]` on 127.0.0.1 (both eras).
await serveEra(false, create);

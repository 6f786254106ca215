/**
 * A fingerprint of the emitter itself: its compiled code, its templates and the versions of
 * the libraries that shape the output. Part of every file's inputs hash, so a new generator
 * never leaves a file marked current that it would now write differently.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hashText } from "@mcp-codegen/runtime/internal";

const OUTPUT_SHAPING_PACKAGES = ["oxfmt", "prettier", "json-schema-to-typescript"];
const OWN_FOLDERS = ["emit", "normalize", "format"];

let cached: string | undefined;

/**
 * The digest of the emitter's own files, computed when the command was bundled
 * (scripts/bundle-cli.mjs, from the files this module reads otherwise): reading them took a
 * tenth of a `generate --offline --check`. Undeclared outside the bundle.
 */
declare const MCP_CODEGEN_EMITTER_SOURCES: string | undefined;

export function emitterFingerprint(): string {
  cached ??= computeFingerprint();
  return cached;
}

function computeFingerprint(): string {
  const sources = typeof MCP_CODEGEN_EMITTER_SOURCES === "string" ? MCP_CODEGEN_EMITTER_SOURCES : emitterSourcesDigest();
  const require = createRequire(import.meta.url);
  // Read at run time: these are dependencies with ranges, so the installed version may not be the bundle's.
  const versions = OUTPUT_SHAPING_PACKAGES.map((name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`);
  return hashText([sources, ...versions].join("\u0000"));
}

/** The emitter's compiled code (its folders of `dist`, or of `src` when run from source) and the banner template. */
export function emitterSourcesDigest(): string {
  const srcRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const parts: string[] = [];
  for (const folder of OWN_FOLDERS) {
    for (const file of listFiles(path.join(srcRoot, folder))) {
      if (/\.(js|ts)$/.test(file) && !file.endsWith(".d.ts")) parts.push(readFileSync(file, "utf8"));
    }
  }
  parts.push(readFileSync(new URL("../../templates/banner.txt", import.meta.url), "utf8"));
  return hashText(parts.join("\u0000"));
}

/** Every file below `folder`, depth first, in code-unit order. */
function listFiles(folder: string): string[] {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const file = path.join(folder, entry.name);
      return entry.isDirectory() ? listFiles(file) : [file];
    });
}

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

export function emitterFingerprint(): string {
  cached ??= computeFingerprint();
  return cached;
}

function computeFingerprint(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const srcRoot = path.dirname(here);
  const parts: string[] = [];
  for (const folder of OWN_FOLDERS) {
    for (const file of listFiles(path.join(srcRoot, folder))) {
      if (/\.(js|ts)$/.test(file) && !file.endsWith(".d.ts")) parts.push(readFileSync(file, "utf8"));
    }
  }
  parts.push(readFileSync(new URL("../../templates/banner.txt", import.meta.url), "utf8"));
  const require = createRequire(import.meta.url);
  for (const name of OUTPUT_SHAPING_PACKAGES) {
    const manifest = require(`${name}/package.json`) as { version: string };
    parts.push(`${name}@${manifest.version}`);
  }
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

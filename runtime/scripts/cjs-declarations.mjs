/**
 * Completes dist/cjs after `tsc -p tsconfig.cjs.json`: marks the folder CommonJS and gives it the
 * ES build's declarations. The same `.d.ts` text under a `"type": "commonjs"` package.json is read
 * by TypeScript as CommonJS declarations, so its imports of peers (`@langchain/core/tools`, `zod`)
 * resolve to their CommonJS types, the ones a CommonJS app's own imports resolve to: the two never
 * meet as different `DynamicStructuredTool`s.
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const cjs = path.join(dist, "cjs");

for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  const source = path.join(entry.parentPath ?? entry.path, entry.name);
  if (!entry.isFile() || !entry.name.endsWith(".d.ts") || source.startsWith(`${cjs}${path.sep}`)) continue;
  const target = path.join(cjs, path.relative(dist, source));
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(source, target);
}
writeFileSync(path.join(cjs, "package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);

/**
 * Part of `npm run build`: bundles the command (`dist/cli/bin.js`, as tsc emitted it) into a few
 * files in `dist/cli`, so a run loads ~15 modules instead of ~250 (Zod alone is 95). Starting
 * `generate --offline --check` took ~100 ms less on 2 cores (issue 31's `--check` bar needs it:
 * start-up was half of that run).
 *
 * What is inlined: our own modules and the small pure-JS packages every command loads. What stays
 * an import: the runtime package (the generated code's, and the config file's, copy must be the
 * same one), and packages that are native, CommonJS with dynamic requires, or loaded only when a
 * run needs them (the MCP SDK, the formatters, json-schema-to-typescript, the tokenizer, jiti).
 * Chunks sit beside `bin.js`, at the depth of every other `dist/<folder>`, so paths built from
 * `import.meta.url` (`../../templates/…`) resolve alike. Dynamic imports stay dynamic chunks:
 * `--help` still loads no generator.
 */
import { rmSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { rolldown } from "rolldown";

const INLINED_PACKAGES = /^(zod|commander|picocolors)(\/|$)/;
const CLI_DIR = "dist/cli";

const isExternal = (id) => !id.startsWith(".") && !path.isAbsolute(id) && !INLINED_PACKAGES.test(id);

const bundle = await rolldown({ input: { bin: `${CLI_DIR}/bin.js` }, platform: "node", external: isExternal });
const { output } = await bundle.generate({ format: "esm", chunkFileNames: "chunk-[hash].js" });
await bundle.close();
// The bundle replaces tsc's per-module output of the command (its .d.ts files stay).
for (const entry of await readdir(CLI_DIR, { recursive: true })) if (entry.endsWith(".js")) rmSync(path.join(CLI_DIR, entry));
for (const file of output) writeFileSync(path.join(CLI_DIR, file.fileName), file.type === "chunk" ? file.code : file.source);
console.log(`bundle-cli: ${output.length} files in ${CLI_DIR}`);

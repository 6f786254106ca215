/**
 * Part of `npm run build`: bundles the command (`dist/cli/bin.js`, as tsc emitted it) into a few
 * files in `dist/cli`, so a run loads ~15 modules instead of ~240 (Zod alone is 95, the runtime's
 * internal entry 34). `generate --offline --check` at 1,000 tools took ~150 ms less on 2 cores,
 * `--help` ~60 ms less: issue 31's `--check` bar needs it (start-up was half of that run).
 *
 * Inlined: our own modules, the runtime, and the small pure-JS packages every command loads:
 * jsonc-parser (every `generate` reads the project's tsconfig) and cross-spawn with its few
 * dependencies (every stdio capture) among them, because an `import` of a CommonJS package costs
 * more than its code: jsonc-parser's took ~25 ms on Node 20 (~9 on 24), cross-spawn's ~15. The
 * runtime is safe to inline: the command holds the only copy it uses (a config file is data; the
 * generated code runs in the user's app, on its own install), and the runtime's dependencies are
 * the generator's too, so its dynamic imports resolve from here under strict installers (pnpm).
 * Imports kept: packages that are native, CommonJS with dynamic requires, or loaded only when a
 * run needs them (the MCP SDK, the formatters, json-schema-to-typescript, the tokenizer, jiti).
 * Chunks sit beside `bin.js`, at the depth of every other `dist/<folder>`, so paths built from
 * `import.meta.url` (`../../templates/…`) resolve alike. Dynamic imports stay dynamic chunks:
 * `--help` still loads no generator.
 */
import { rmSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { rolldown } from "rolldown";
import { emitterSourcesDigest } from "../dist/emit/fingerprint.js";

const INLINED_PACKAGES = /^(zod|commander|picocolors|@mcp-codegen\/runtime|jsonc-parser|cross-spawn|which|isexe|path-key|shebang-command|shebang-regex)(\/|$)/;
const CLI_DIR = "dist/cli";

const isExternal = (id) => !id.startsWith(".") && !path.isAbsolute(id) && !INLINED_PACKAGES.test(id);

const bundle = await rolldown({
  input: { bin: `${CLI_DIR}/bin.js` },
  platform: "node",
  // jsonc-parser's ES module build, not its UMD one (whose `require` of its own files a bundle cannot follow).
  resolve: { mainFields: ["module", "main"] },
  external: isExternal,
  transform: {
    define: {
      // The plan memo (src/plan-memo.ts) is kept by the bundled command only.
      MCP_CODEGEN_BUNDLED_CLI: "true",
      // The emitter's own part of its fingerprint (src/emit/fingerprint.ts), from the same files.
      MCP_CODEGEN_EMITTER_SOURCES: JSON.stringify(emitterSourcesDigest()),
    },
  },
});
const { output } = await bundle.generate({ format: "esm", chunkFileNames: "chunk-[hash].js" });
await bundle.close();
// The bundle replaces tsc's per-module output of the command (its .d.ts files stay).
for (const entry of await readdir(CLI_DIR, { recursive: true })) if (entry.endsWith(".js")) rmSync(path.join(CLI_DIR, entry));
for (const file of output) writeFileSync(path.join(CLI_DIR, file.fileName), file.type === "chunk" ? file.code : file.source);
console.log(`bundle-cli: ${output.length} files in ${CLI_DIR}`);

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
 * The MCP SDK (client and core) is inlined with its pure-JS dependencies, in the chunks that only a
 * capture loads (`--offline` still loads none of it): it then runs on the bundle's Zod instead of
 * loading a second copy from node_modules (96 modules, ~850 KB of source), which a cold 1,000-tool
 * `generate` compiled while the listing server started on the other core (docs/performance.md).
 * The command so runs the SDK it was built and tested with; the library (`dist/index.js`) and the
 * generated code's runtime use the installed one.
 * Imports kept: packages that are native, CommonJS with dynamic requires, or loaded only when a
 * run needs them (the formatters, json-schema-to-typescript, the tokenizer, jiti).
 * Inlined code keeps its licenses: `THIRD-PARTY-NOTICES.md` beside the chunks lists each package
 * the chunks hold, with its license text.
 * Chunks sit beside `bin.js`, at the depth of every other `dist/<folder>`, so paths built from
 * `import.meta.url` (`../../templates/…`) resolve alike. Dynamic imports stay dynamic chunks:
 * `--help` still loads no generator.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { rolldown } from "rolldown";
import { emitterSourcesDigest } from "../dist/emit/fingerprint.js";

const INLINED_PACKAGES = /^(zod|commander|picocolors|@mcp-codegen\/runtime|@modelcontextprotocol\/(client|core)|eventsource|eventsource-parser|pkce-challenge|jose|jsonc-parser|cross-spawn|which|isexe|path-key|shebang-command|shebang-regex)(\/|$)/;
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
      // What only the bundled command does (src/bundled-command.ts): the plan memo, the idle collection.
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
const packages = inlinedPackages(output.flatMap((file) => (file.type === "chunk" ? file.moduleIds : [])));
writeFileSync(path.join(CLI_DIR, "THIRD-PARTY-NOTICES.md"), noticesText(packages));
console.log(`bundle-cli: ${output.length} files in ${CLI_DIR}, ${packages.length} packages inlined`);

/** The root folders of the installed packages whose modules the chunks hold, by package name. */
function inlinedPackages(moduleIds) {
  const roots = new Map();
  for (const id of moduleIds) {
    const match = /^(.*[\\/]node_modules[\\/])((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id);
    if (match) roots.set(match[2].replace(/\\/g, "/"), match[1] + match[2]);
  }
  return [...roots].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, root]) => ({ name, root }));
}

/** Each inlined package's name, version, license and license text: what their licenses ask of a copy. */
function noticesText(packages) {
  const sections = packages.map(({ name, root }) => {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const licenseFile = readdirSync(root).find((file) => /^licen[cs]e(\.|$)/i.test(file));
    if (!licenseFile) throw new Error(`bundle-cli: ${name} has no license file to ship with its inlined code`);
    const text = readFileSync(path.join(root, licenseFile), "utf8").trim();
    return `## ${name} ${manifest.version}\n\nLicense: ${manifest.license}\n\n\`\`\`\n${text}\n\`\`\`\n`;
  });
  return `# Third-party notices\n\nThe command's chunks in this folder include code from these packages.\n\n${sections.join("\n")}`;
}

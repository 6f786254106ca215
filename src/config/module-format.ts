/**
 * Generated code is ESM (`import`, `import.meta.url`). A project that compiles its `.ts` files to
 * CommonJS would build it into code that cannot load, so `generate` stops first with one line
 * saying which files decide that and what to change.
 *
 * TypeScript compiles a file as CommonJS when `module` is `commonjs`, or `node16`…`nodenext` in a
 * package whose package.json is not `"type": "module"`. Only a `module` written in the nearest
 * tsconfig.json (or a file it extends) counts: without one, the project's build is unknown and
 * nothing is claimed.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parse } from "jsonc-parser";
import { CodegenError } from "@mcp-codegen/runtime/internal";
import { isRecord } from "./compat.js";
import { findUp } from "./find-up.js";

const NODE_MODULE_KINDS = new Set(["node16", "node18", "node20", "nodenext"]);

/** Throws when `outDir`'s project compiles TypeScript to CommonJS; `rootDir` makes paths relative. */
export function assertEsmOutput(outDir: string, rootDir: string): void {
  const packageJson = findUp(outDir, "package.json");
  if (packageJson && readJson(packageJson)["type"] === "module") return;
  const tsconfig = findUp(outDir, "tsconfig.json");
  const module = tsconfig && moduleSetting(tsconfig, new Set());
  if (!tsconfig || !module) return;
  const kind = module.value.toLowerCase();
  if (kind !== "commonjs" && !NODE_MODULE_KINDS.has(kind)) return;
  const shown = (file: string) => path.relative(rootDir, file).split(path.sep).join("/") || ".";
  const where = packageJson ? `${shown(packageJson)} ${typeClause(readJson(packageJson)["type"])}` : `no package.json says "type": "module"`;
  throw new CodegenError(
    "config",
    `generated code is ESM, but ${shown(module.file)} compiles ${shown(outDir)} as CommonJS (module "${module.value}", and ${where}): ` +
      `add "type": "module" to package.json, or compile with "module": "nodenext" in an ESM package or "module": "esnext" with "moduleResolution": "bundler"`,
    { subject: shown(outDir) },
  );
}

/** `compilerOptions.module` of a tsconfig or the first file up its `extends` chain that sets it. */
function moduleSetting(file: string, seen: Set<string>): { file: string; value: string } | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const config = readJson(file);
  const options = config["compilerOptions"];
  const value = isRecord(options) ? options["module"] : undefined;
  if (typeof value === "string") return { file, value };
  const parents = ([] as unknown[]).concat(config["extends"] ?? []).filter((entry): entry is string => typeof entry === "string");
  for (const parent of parents.reverse()) {
    const parentFile = resolveExtends(parent, file);
    const found = parentFile && moduleSetting(parentFile, seen);
    if (found) return found;
  }
  return undefined;
}

function resolveExtends(specifier: string, from: string): string | undefined {
  const withJson = (name: string) => (name.endsWith(".json") ? name : `${name}.json`);
  if (specifier.startsWith(".") || path.isAbsolute(specifier)) {
    const file = path.resolve(path.dirname(from), withJson(specifier));
    return existsSync(file) ? file : undefined;
  }
  const require = createRequire(from);
  for (const candidate of [specifier, withJson(specifier), `${specifier}/tsconfig.json`]) {
    try {
      return require.resolve(candidate);
    } catch {
      // try the next spelling
    }
  }
  return undefined;
}

/** A package.json or tsconfig.json (JSON with comments and trailing commas); {} when unreadable. */
function readJson(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return {};
  }
  const value: unknown = parse(text, [], { allowTrailingComma: true });
  return isRecord(value) ? value : {};
}

/** What package.json says about `type`, as it says it: `says "type": "commonjs"` or `has no "type"`. */
function typeClause(type: unknown): string {
  return type === undefined ? 'has no "type" (so Node.js reads .js as CommonJS)' : `says "type": ${JSON.stringify(type)}`;
}

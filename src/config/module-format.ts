/**
 * Which module format the project compiles generated code to, so that the few lines that differ
 * between formats are written the way the project builds them: a generated module finds its own
 * location with `import.meta.url` in an ES module and `__filename` in CommonJS (where TypeScript
 * rejects `import.meta`, TS1470). Everything else generated is the same in both.
 *
 * TypeScript compiles a file as CommonJS when `module` is `commonjs`, or `node16`…`nodenext` in a
 * package whose package.json is not `"type": "module"` (a stock NestJS app, or `npm init` +
 * `tsc --init`). Only a `module` written in the nearest tsconfig.json (or a file it extends)
 * counts: without one the build is unknown, and the output is ESM, as bundlers and tsx expect.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parse } from "jsonc-parser";
import { isRecord } from "./compat.js";
import { findUp } from "./find-up.js";

export type ModuleFormat = "esm" | "commonjs";

const NODE_MODULE_KINDS = new Set(["node16", "node18", "node20", "nodenext"]);

/** The format TypeScript gives `.ts` files in `outDir`, read from the nearest tsconfig.json and package.json. */
export function projectModuleFormat(outDir: string): ModuleFormat {
  const tsconfig = findUp(outDir, "tsconfig.json");
  const module = tsconfig && moduleSetting(tsconfig, new Set());
  if (!module) return "esm";
  const kind = module.value.toLowerCase();
  if (kind === "commonjs") return "commonjs";
  if (!NODE_MODULE_KINDS.has(kind)) return "esm";
  const packageJson = findUp(outDir, "package.json");
  return packageJson && readJson(packageJson)["type"] === "module" ? "esm" : "commonjs";
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

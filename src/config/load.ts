/**
 * Stage `config`: config file → `ResolvedConfig`. Loads `.ts` with jiti (in process, no
 * build step), `.js`/`.mjs` natively and `.json` as data; validates with Zod.
 */
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CodegenError, compareCodeUnits, mergeOutputHandling, type ServerConfig } from "@mcp-codegen/runtime/internal";
import { codegenConfigSchema, type AuditConfig, type DriftConfig, type InputTypesMode } from "./schema.js";
import { DEFAULT_MAX_LISTING_BYTES, DEFAULT_MAX_SCHEMA_DEPTH } from "../capture/limits.js";
import { normalizeConfig } from "./compat.js";
import { ConfigInvalidError, zodIssues } from "./issues.js";
import { resolveTargets, type TargetSettings } from "./targets.js";

export const CONFIG_FILE_NAMES = [
  "codegen.config.ts",
  "codegen.config.mts",
  "codegen.config.js",
  "codegen.config.mjs",
  "codegen.config.json",
] as const;

export const DEFAULT_OUT_DIR = "generated";
export const DEFAULT_SNAPSHOT_NAME = "mcp-snapshot.json";
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ResolvedServer {
  name: string;
  /** As written in the config: placeholders unresolved, paths unresolved. */
  config: ServerConfig;
}

export interface ResolvedConfig {
  configPath: string;
  /** The folder of the config file: relative paths resolve against it. */
  rootDir: string;
  outDir: string;
  snapshotPath: string;
  timeout: number;
  /** Caps on each server's listing (src/capture/limits.ts), unless the server sets its own. */
  maxListingBytes: number;
  maxSchemaDepth: number;
  /** Sorted by name (code-unit order). */
  servers: ResolvedServer[];
  drift: DriftConfig;
  /** `audit`: rule levels, acknowledged findings, `failOn`, `stripHidden`. */
  audit: AuditConfig;
  /** What an advertised list the server does not answer does: "warn" (default) or "error". */
  unavailableLists: "warn" | "error";
  /** Acknowledged warnings (`warnings` in the config): rule id or `server.tool` glob → "off". */
  warnings: Readonly<Record<string, "off">>;
  /** How input types read an unset `additionalProperties` (`types.additionalProperties`, default "closed"). */
  inputTypes: InputTypesMode;
  /** `targets`, `approval`, `modelSchema`. */
  targets: TargetSettings;
  /** The formatter of generated code (`format`, default "oxfmt"). */
  format: "oxfmt" | "prettier";
}

export async function loadConfig(options: { configPath?: string; cwd?: string } = {}): Promise<ResolvedConfig> {
  const configPath = findConfigFile(options);
  const raw = await importConfig(configPath);
  return resolveConfig(raw, configPath);
}

/** Validate a config object (from a file or given programmatically) and resolve its paths. */
export function resolveConfig(raw: unknown, configPath: string): ResolvedConfig {
  const normalized = normalizeConfig(raw);
  const parsed = codegenConfigSchema.safeParse(normalized.value);
  const issues = [...normalized.issues, ...(parsed.success ? [] : zodIssues(parsed.error, normalized.value, normalized.untyped))];
  if (issues.length > 0 || !parsed.success) throw new ConfigInvalidError(configPath, issues);
  const config = parsed.data;
  const rootDir = path.dirname(configPath);
  const outDir = path.resolve(rootDir, config.outDir ?? DEFAULT_OUT_DIR);
  const snapshotPath = config.snapshot
    ? path.resolve(rootDir, config.snapshot)
    : path.join(outDir, DEFAULT_SNAPSHOT_NAME);
  const servers = Object.keys(config.servers)
    .sort(compareCodeUnits)
    .map((name) => ({ name, config: withOutputHandling(stripUndefined(config.servers[name]) as ServerConfig, config.outputHandling) }));
  return {
    configPath,
    rootDir,
    outDir,
    snapshotPath,
    timeout: config.timeout ?? DEFAULT_TIMEOUT_MS,
    maxListingBytes: config.maxListingBytes ?? DEFAULT_MAX_LISTING_BYTES,
    maxSchemaDepth: config.maxSchemaDepth ?? DEFAULT_MAX_SCHEMA_DEPTH,
    servers,
    drift: config.drift ?? {},
    audit: config.audit ?? {},
    unavailableLists: config.unavailableLists ?? "warn",
    warnings: config.warnings ?? {},
    inputTypes: config.types?.additionalProperties ?? "closed",
    targets: resolveTargets(config),
    format: config.format ?? "oxfmt",
  };
}

/** The config file: `configPath` (relative to `cwd`), or the first `codegen.config.*` in `cwd`. */
export function findConfigFile(options: { configPath?: string; cwd?: string }): string {
  const cwd = options.cwd ?? process.cwd();
  if (options.configPath) {
    const explicit = path.resolve(cwd, options.configPath);
    if (!existsSync(explicit)) throw new CodegenError("config", `config file not found: ${options.configPath}`);
    return explicit;
  }
  for (const name of CONFIG_FILE_NAMES) {
    const candidate = path.join(cwd, name);
    if (existsSync(candidate)) return candidate;
  }
  throw new CodegenError("config", `no config file found (looked for ${CONFIG_FILE_NAMES.join(", ")}) in ${cwd}`);
}

async function importConfig(configPath: string): Promise<unknown> {
  const subject = path.basename(configPath);
  try {
    if (configPath.endsWith(".json")) return JSON.parse(await readFile(configPath, "utf8"));
    if (/\.m?ts$/.test(configPath)) {
      const { createJiti } = await import("jiti");
      const jiti = createJiti(import.meta.url, { interopDefault: true, moduleCache: false });
      return unwrapDefault(await jiti.import(configPath));
    }
    // The file's mtime in the URL: an edited config is imported anew (`generate --watch`), an
    // unchanged one comes from the module cache. (Modules it imports itself stay cached.)
    const version = (await stat(configPath)).mtimeMs;
    return unwrapDefault(await import(`${pathToFileURL(configPath).href}?mtime=${version}`));
  } catch (error) {
    throw new CodegenError("config", `cannot load config: ${(error as Error).message}`, { subject, cause: error });
  }
}

function unwrapDefault(module: unknown): unknown {
  if (module !== null && typeof module === "object" && "default" in module) return (module as { default: unknown }).default;
  return module;
}

/**
 * The top-level `outputHandling` is every server's default: the server's own value wins type by
 * type, and the result goes into the generated connection.
 */
function withOutputHandling(server: ServerConfig, topLevel: ServerConfig["outputHandling"]): ServerConfig {
  const outputHandling = mergeOutputHandling(topLevel, server.outputHandling);
  return outputHandling === undefined ? server : { ...server, outputHandling };
}

/** Zod keeps absent optional keys absent, but be explicit: the config is re-emitted as code. */
function stripUndefined<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

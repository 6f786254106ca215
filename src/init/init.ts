/**
 * `init`: editor MCP configs → `codegen.config.ts` (plus the `mcp:generate` script). Secrets are
 * never copied: literal env and header values become `${NAME}` placeholders, and the report
 * names the variables to set, never a value.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { CONFIG_FILE_NAMES } from "../config/load.js";
import { CodegenError, placeholderNames, pushAll } from "@mcp-codegen/runtime/internal";
import { writeAtomic } from "../write/write.js";
import { safeServerKey } from "../config/server-key.js";
import { convertServer } from "./convert.js";
import { readEditorConfig } from "./read.js";
import { configText } from "./render.js";
import { VariableNames } from "./secrets.js";

export interface InitOptions {
  /** The project folder: where codegen.config.ts and package.json are. */
  cwd: string;
  /** Editor configs to import, in order. */
  files: readonly string[];
  /** Overwrite an existing codegen.config. */
  force?: boolean;
  /** The user's home folder (default `HOME` / `USERPROFILE` / the OS's): paths under it are not written absolute. */
  home?: string;
}

export type ScriptStatus = "added" | "present" | "kept" | "no-package-json";

export interface InitReport {
  /** Relative to cwd. */
  configFile: string;
  imported: { file: string; servers: string[] }[];
  /** Variables the config refers to: set them before generating. */
  variables: string[];
  /** What was changed or left out, one line each (never a value). */
  notes: string[];
  /** `added`; `present` (already the same); `kept` (a different `mcp:generate` is kept); `no-package-json`. */
  script: ScriptStatus;
  outDir: string;
  snapshot: string;
  /** Packages the project's package.json lacks: the generator (dev), the runtime and its peers. */
  missing: { dependencies: string[]; devDependencies: string[] };
}

/** What a project using generated code installs. */
const NEEDED = { dependencies: ["@mcp-codegen/runtime", "zod", "@langchain/core"], devDependencies: ["mcp-codegen"] };

export const SCRIPT_NAME = "mcp:generate";
const SCRIPT = "mcp-codegen generate";
const CONFIG_FILE = "codegen.config.ts";

export async function initConfig(options: InitOptions): Promise<InitReport> {
  const existing = CONFIG_FILE_NAMES.find((name) => existsSync(path.join(options.cwd, name)));
  if (existing && !options.force) throw new CodegenError("input", "already exists: pass --force to overwrite it", { subject: existing });
  const names = new VariableNames();
  // Null prototype: an editor's key `__proto__` or `constructor` is a server name like any other.
  const servers: Record<string, Record<string, unknown>> = Object.create(null) as Record<string, Record<string, unknown>>;
  const places = { cwd: options.cwd, home: options.home ?? process.env["HOME"] ?? process.env["USERPROFILE"] ?? os.homedir() };
  /** The same server (command + args + cwd, or url) from another file is imported once. */
  const identities = new Map<string, { name: string; file: string }>();
  const notes: string[] = [];
  const imported: InitReport["imported"] = [];
  for (const file of options.files) {
    const config = await readEditorConfig(file);
    const taken: string[] = [];
    for (const [raw, source] of Object.entries(config.servers)) {
      const subject = `server ${JSON.stringify(raw)} (${relative(options.cwd, file)})`;
      if (source["disabled"] === true) {
        notes.push(`${subject}: disabled there, left out`);
        continue;
      }
      const identity = serverIdentity(source);
      const same = identity === undefined ? undefined : identities.get(identity);
      if (same !== undefined && same.file !== file) {
        notes.push(`${subject}: the same server as "${same.name}" (${relative(options.cwd, same.file)}): imported once`);
        continue;
      }
      const converted = convertServer(raw, source, names, places);
      pushAll(notes, converted.notes.map((note) => `${subject}: ${note}`));
      if (Object.keys(converted.entry).length === 0) continue;
      const key = safeServerKey(raw);
      const name = uniqueName(key, converted.entry, servers);
      if (name === undefined) continue; // the same server, already imported from another file
      if (key !== raw) notes.push(`${subject}: imported as "${name}" (${JSON.stringify(raw)} cannot be a server name: it names a folder of outDir)`);
      else if (name !== raw) notes.push(`${subject}: imported as "${name}"`);
      servers[name] = converted.entry;
      if (identity !== undefined && same === undefined) identities.set(identity, { name, file });
      taken.push(name);
    }
    imported.push({ file: relative(options.cwd, file), servers: taken });
  }
  if (Object.keys(servers).length === 0) throw new CodegenError("input", "no server to import", { subject: options.files.map((file) => relative(options.cwd, file)).join(", ") });
  const outDir = existsSync(path.join(options.cwd, "src")) ? "src/generated" : "generated";
  const snapshot = `${outDir}/mcp-snapshot.json`;
  const variables = variablesOf(servers);
  const sources = imported.map((entry) => entry.file);
  await writeAtomic(path.join(options.cwd, CONFIG_FILE), configText({ servers, outDir, snapshot, sources, variables }));
  const script = await addScript(options.cwd);
  const missing = await missingPackages(options.cwd);
  return { configFile: CONFIG_FILE, imported, variables, notes, script, outDir, snapshot, missing };
}

/** The variables the written config refers to (`${NAME}`), sorted: what to set before generating. */
function variablesOf(servers: Record<string, Record<string, unknown>>): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === "string") for (const name of placeholderNames(value)) names.add(name);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(servers);
  return [...names].sort();
}

/** What makes two editor entries one server: the program and its arguments, or the URL. */
function serverIdentity(source: Record<string, unknown>): string | undefined {
  if (typeof source["command"] === "string") return JSON.stringify(["stdio", source["command"], source["args"] ?? [], source["cwd"] ?? null]);
  const url = source["url"] ?? source["serverUrl"] ?? source["httpUrl"];
  return typeof url === "string" ? JSON.stringify(["url", url]) : undefined;
}

/** The key, or `key-2`, … when another server has it; undefined when it is the same server. */
function uniqueName(key: string, entry: Record<string, unknown>, servers: Record<string, unknown>): string | undefined {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? key : `${key}-${n}`;
    if (!Object.hasOwn(servers, candidate)) return candidate;
    if (isDeepStrictEqual(servers[candidate], entry)) return undefined;
  }
}

async function addScript(cwd: string): Promise<ScriptStatus> {
  const file = path.join(cwd, "package.json");
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return "no-package-json";
  }
  const data = JSON.parse(text) as { scripts?: Record<string, string> };
  const current = data.scripts?.[SCRIPT_NAME];
  if (current === SCRIPT) return "present";
  if (current !== undefined) return "kept";
  data.scripts = { ...data.scripts, [SCRIPT_NAME]: SCRIPT };
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? "  ";
  await writeAtomic(file, `${JSON.stringify(data, null, indent)}\n`);
  return "added";
}

async function missingPackages(cwd: string): Promise<InitReport["missing"]> {
  let data: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> } = {};
  try {
    data = JSON.parse(await readFile(path.join(cwd, "package.json"), "utf8")) as typeof data;
  } catch {
    // No package.json: everything is missing.
  }
  const has = (name: string) => data.dependencies?.[name] !== undefined || data.devDependencies?.[name] !== undefined;
  return { dependencies: NEEDED.dependencies.filter((name) => !has(name)), devDependencies: NEEDED.devDependencies.filter((name) => !has(name)) };
}

function relative(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return rel.startsWith("..") || path.isAbsolute(rel) ? file : rel.split(path.sep).join("/");
}

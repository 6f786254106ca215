/**
 * The default connection written into a generated server module: the config entry as the
 * user wrote it (placeholders kept, resolved at run time from the environment), with a stdio
 * server's working folder made relative to the project root (the nearest package.json above
 * the generated module: runtime/src/shared/project-root.ts says why), so the output holds no
 * machine path and the command runs from the config's folder wherever the checkout lives and
 * however the app is built (source, `tsc --outDir`, a bundle). Without a package.json above
 * the output, the path is written relative to the module, as before.
 */
import path from "node:path";
import type { ResolvedServer } from "../config/load.js";
import type { ModuleFormat } from "../config/module-format.js";
import { eraOfSnapshot, findProjectRoot, hasPlaceholder, type CapturedProtocol, type ServerConfig, type ServerSnapshot } from "@mcp-codegen/runtime/internal";
import { jsonLiteral, objectKey, stringLiteral } from "./text.js";

/** Keys that are generator options, not connection settings. */
const GENERATOR_ONLY_KEYS = new Set(["include", "exclude", "timeout", "maxListingBytes", "maxSchemaDepth"]);

/** Config keys whose run-time name differs (`timeout` in a config is the capture's). */
const RUNTIME_NAMES: Readonly<Record<string, string>> = { defaultToolTimeout: "timeout" };

export interface ConnectionExpression {
  /** TS expression of type `ServerConfig`. */
  code: string;
  /** Which path helper the expression calls, if any. */
  pathHelper: PathHelper | undefined;
  /** Declarations the expression needs before it, in the module's scope (`__filename` in CommonJS). */
  declarations: string[];
}

export type PathHelper = "pathFromProjectRoot" | "pathFromModule";

/**
 * How a generated module names its own location, per the format the project compiles it to. In
 * CommonJS, `__filename` is declared in the module's own scope: the module then compiles without
 * @types/node (`tsc --init` writes `types: []`), and with it the local declaration shadows Node's.
 */
const MODULE_LOCATION: Readonly<Record<ModuleFormat, { expression: string; declarations: string[] }>> = {
  esm: { expression: "import.meta.url", declarations: [] },
  commonjs: { expression: "__filename", declarations: ["/** This module's file (CommonJS). */\ndeclare const __filename: string;"] },
};

export function connectionExpression(server: ResolvedServer, rootDir: string, moduleDir: string, format: ModuleFormat, captured?: CapturedProtocol): ConnectionExpression {
  const entries = Object.entries(server.config as ServerConfig & Record<string, unknown>).filter(
    ([key]) => !GENERATOR_ONLY_KEYS.has(key) && key !== "cwd",
  );
  const members = entries.map(([key, value]) => `${objectKey(RUNTIME_NAMES[key] ?? key)}: ${jsonLiteral(value)}`);
  // The era the server was captured with: the client starts in it instead of probing.
  if (captured !== undefined) members.push(`"captured": ${jsonLiteral(captured)}`);
  if (server.config.transport !== "stdio") return { code: `{ ${members.join(", ")} }`, pathHelper: undefined, declarations: [] };
  const cwd = server.config.cwd ?? ".";
  if (path.isAbsolute(cwd)) return { code: `{ ${[...members, `"cwd": ${stringLiteral(cwd)}`].join(", ")} }`, pathHelper: undefined, declarations: [] };
  const projectRoot = findProjectRoot(moduleDir);
  const pathHelper: PathHelper = projectRoot === undefined ? "pathFromModule" : "pathFromProjectRoot";
  const anchor = projectRoot ?? moduleDir;
  const location = MODULE_LOCATION[format];
  const fromAnchor = (relative: string) => `${pathHelper}(${location.expression}, ${stringLiteral(toPosix(path.relative(anchor, path.resolve(rootDir, relative))) || ".")})`;
  // A placeholder is substituted at run time, then resolved against the config's folder (`cwdBase`), as at generate.
  if (hasPlaceholder(cwd)) members.push(`"cwd": ${stringLiteral(cwd)}`, `"cwdBase": ${fromAnchor(".")}`);
  else members.push(`"cwd": ${fromAnchor(cwd)}`);
  return { code: `{ ${members.join(", ")} }`, pathHelper, declarations: location.declarations };
}

function toPosix(file: string): string {
  return file.split(path.sep).join("/");
}

/**
 * What a generated connection records of how the server speaks: the era and revision; for a
 * modern server also its capabilities and identity (what `server/discover` said), so the client
 * can start without a round trip.
 */
export function capturedProtocol(snapshot: ServerSnapshot): CapturedProtocol {
  const era = eraOfSnapshot(snapshot);
  if (era === "legacy") return { era, revision: snapshot.protocolVersion };
  const modern: CapturedProtocol = { era, revision: snapshot.protocolVersion, capabilities: snapshot.capabilities, serverInfo: snapshot.serverInfo };
  return snapshot.instructions === undefined ? modern : { ...modern, instructions: snapshot.instructions };
}

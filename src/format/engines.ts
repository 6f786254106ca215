/**
 * The formatters the generator can run, loaded on first use:
 *
 * - `oxfmt` (the default): the Oxc formatter, a native binding that prints prettier's layout for
 *   everything the emitters write, 15 to 30 times faster than prettier and in process (measured on
 *   1,000 tools: see docs/performance.md). `test/format/oracle.test.ts` holds it to prettier's
 *   bytes over the committed example and a generated corpus.
 * - `prettier`: prettier 3 itself, with the generator's options and, when the user chose it, their
 *   own prettier config for the output folder.
 *
 * The few layouts where the two differ are detected and left to prettier (divergence.ts).
 * Where oxfmt's binding is not installed (a platform it does not ship for, an install without
 * optional dependencies), prettier takes over with a note: the same bytes, only slower.
 */
import type { Options } from "prettier";
import { PRETTIER_OPTIONS, OXFMT_OPTIONS } from "./options.js";
import { mayDifferFromPrettier } from "./divergence.js";

export type FormatterChoice = "oxfmt" | "prettier";

export interface FormatEngine {
  /** Which formatter runs: part of every cache key, with `optionsKey`. */
  name: FormatterChoice;
  /** The options in effect, as text (the user's prettier config included). */
  optionsKey: string;
  /** Set when the engine is not the one chosen, saying why. */
  note?: string;
  format(source: string): Promise<string>;
}

export interface EngineRequest {
  choice: FormatterChoice;
  /** With `prettier`: a file in the output folder, whose prettier config applies. */
  configFile?: string | undefined;
}

/** Loaders, replaceable in tests (a platform without the binding). */
export interface EngineLoaders {
  oxfmt: () => Promise<typeof import("oxfmt")>;
  prettier: () => Promise<typeof import("prettier")>;
}

const DEFAULT_LOADERS: EngineLoaders = {
  oxfmt: () => import("oxfmt"),
  prettier: () => import("prettier"),
};

/** The default engine with the default loaders: it holds nothing of a run, so a process loads it once. */
let sharedOxfmt: Promise<FormatEngine> | undefined;

export async function loadEngine(request: EngineRequest, loaders: EngineLoaders = DEFAULT_LOADERS): Promise<FormatEngine> {
  if (request.choice === "prettier") return prettierEngine(loaders, request.configFile);
  if (loaders !== DEFAULT_LOADERS) return oxfmtOrPrettier(loaders);
  if (!sharedOxfmt) {
    sharedOxfmt = oxfmtOrPrettier(loaders);
    // A failure is not kept: the next run tries again.
    sharedOxfmt.catch(() => (sharedOxfmt = undefined));
  }
  return sharedOxfmt;
}

/** Loads the default engine; settles when it has loaded or failed. A failure surfaces when a run asks for it. */
export async function preloadEngine(choice: FormatterChoice): Promise<void> {
  if (choice === "oxfmt") await loadEngine({ choice }).catch(() => undefined);
}

async function oxfmtOrPrettier(loaders: EngineLoaders): Promise<FormatEngine> {
  try {
    return await oxfmtEngine(loaders);
  } catch (error) {
    const engine = await prettierEngine(loaders, undefined);
    return { ...engine, note: `oxfmt is not available here (${firstLine(error)}): formatted with prettier, the same output more slowly` };
  }
}

async function oxfmtEngine(loaders: EngineLoaders): Promise<FormatEngine> {
  const oxfmt = await loaders.oxfmt();
  let prettier: Promise<FormatEngine> | undefined;
  const format = async (source: string): Promise<string> => {
    const result = await oxfmt.format("generated.ts", source, OXFMT_OPTIONS);
    const [error] = result.errors;
    if (error) throw new Error(error.message);
    if (!mayDifferFromPrettier(result.code)) return result.code;
    // A layout the two print differently (divergence.ts): this piece is prettier's.
    prettier ??= prettierEngine(loaders, undefined);
    return (await prettier).format(source);
  };
  // The native binding loads on the first call: a platform without it fails here, not mid-run.
  await format("");
  return { name: "oxfmt", optionsKey: JSON.stringify(OXFMT_OPTIONS), format };
}

async function prettierEngine(loaders: EngineLoaders, configFile: string | undefined): Promise<FormatEngine> {
  const prettier = await loaders.prettier();
  const own = configFile === undefined ? null : await prettier.resolveConfig(configFile, { editorconfig: true });
  // The parser stays ours: generated code is TypeScript whatever the user's config says.
  const options: Options = { ...PRETTIER_OPTIONS, ...own, parser: "typescript" };
  return { name: "prettier", optionsKey: JSON.stringify(options), format: (source) => prettier.format(source, options) };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

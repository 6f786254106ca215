/**
 * Stage `format`: unformatted bodies → prettier-formatted text, once, in process, with fixed
 * options (the user's prettier config is not consulted: output must be the same everywhere).
 */
import type { Options } from "prettier";

export const PRETTIER_OPTIONS: Options = {
  // babel-ts prints the same as the typescript parser here, and parses large files much faster.
  parser: "babel-ts",
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: "as-needed",
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
};

export async function formatTypeScript(source: string, subject: string): Promise<string> {
  const prettier = await import("prettier");
  try {
    return await prettier.format(source, PRETTIER_OPTIONS);
  } catch (error) {
    // A syntax error here is a generator bug; name the file so it can be reported.
    throw new Error(`${subject}: generated code does not parse: ${(error as Error).message.split("\n")[0]}`, { cause: error });
  }
}

import type { Options } from "prettier";

/** Fixed options: the user's prettier config is not consulted, so output is the same everywhere. */
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

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
  // Generated code has no embedded languages (CSS, GraphQL… in template literals); not looking
  // for them spares prettier a walk over every file, and server text can never be taken for one.
  embeddedLanguageFormatting: "off",
};

import type { Options } from "prettier";
import type { FormatConfig } from "oxfmt";

/** Fixed options: the user's prettier config is not consulted, so output is the same everywhere. */
export const PRETTIER_OPTIONS: Options = {
  // Not babel-ts, though faster: it reads a type member `"a": -1` followed on the next line by
  // `[k: string]: unknown` as one indexed access, and fails on such schemas' types.
  parser: "typescript",
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

/** The same layout for oxfmt, option by option (oxfmt takes prettier's names). */
export const OXFMT_OPTIONS: FormatConfig = {
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
  embeddedLanguageFormatting: "off",
};

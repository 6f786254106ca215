import type { Options } from "prettier";
import type { FormatConfig } from "oxfmt";

/**
 * The layout of generated code, one table for both formatters (oxfmt takes prettier's option
 * names), so that their output can only differ where the formatters themselves do. Fixed: the
 * user's prettier config is not consulted, so output is the same everywhere.
 */
const LAYOUT = {
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
} as const;

export const PRETTIER_OPTIONS: Options = {
  // Not babel-ts, though faster: it reads a type member `"a": -1` followed on the next line by
  // `[k: string]: unknown` as one indexed access, and fails on such schemas' types.
  parser: "typescript",
  ...LAYOUT,
};

export const OXFMT_OPTIONS: FormatConfig = { ...LAYOUT };

/** Packages only the generator needs: none may reach an app's production install. */
export const GENERATOR_ONLY_PACKAGES: readonly string[] = [
  "mcp-codegen",
  "prettier",
  "typescript",
  "json-schema-to-typescript",
  "commander",
  "jiti",
];

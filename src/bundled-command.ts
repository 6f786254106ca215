/**
 * Whether this code runs as the bundled command (`dist/cli`): scripts/bundle-cli.mjs defines
 * `MCP_CODEGEN_BUNDLED_CLI` as `true` there. In the library (tsc's output, `dist/index.js`) the
 * name is undeclared. What only the command may do asks here: keep a plan memo, collect garbage.
 */
declare const MCP_CODEGEN_BUNDLED_CLI: boolean | undefined;

export function inBundledCommand(): boolean {
  return typeof MCP_CODEGEN_BUNDLED_CLI !== "undefined" && MCP_CODEGEN_BUNDLED_CLI;
}

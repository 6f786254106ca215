/**
 * Type-level tests of `defineConfig` (compiled, never run; checked by typecheck.test.ts). Apart
 * from consumer.ts, which the tsconfig matrix also compiles in a project without the generator.
 */
import { defineConfig } from "../../src/index.js";

export function configConsumer(): void {
  defineConfig({ outputHandling: { resource: "content" }, servers: { math: { command: "node", outputHandling: "artifact" } } });
  defineConfig({ servers: { web: { url: "https://example.test/mcp", outputHandling: {} } } });
  // @ts-expect-error: a target per block type
  defineConfig({ servers: { math: { command: "node", outputHandling: { image: "hidden" } } } });
  // @ts-expect-error: misspelt block type
  defineConfig({ outputHandling: { imgae: "artifact" }, servers: { math: { command: "node" } } });
}

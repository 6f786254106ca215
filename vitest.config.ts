import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const runtimeSources = fileURLToPath(new URL("./runtime/src/", import.meta.url));

export default defineConfig({
  resolve: {
    // The generator's sources and the tests load the runtime's sources, not its dist/, so one copy
    // of every class (CodegenError, ToolCallError…) is in play. Spawned CLIs run the built packages.
    alias: [
      { find: /^@mcp-codegen\/runtime$/, replacement: `${runtimeSources}index.ts` },
      { find: /^@mcp-codegen\/runtime\/(.+)$/, replacement: `${runtimeSources}$1.ts` },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/bench/**", "**/node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests spawn real server processes and track their PIDs: one process per test file.
    pool: "forks",
    // Two files at a time: most of a test's time is spent waiting on servers and child processes,
    // and vitest's default on a 2-core machine is one worker (the suite ran serially).
    maxWorkers: 2,
    globalSetup: ["test/helpers/global-setup.ts"],
    setupFiles: ["test/helpers/cleanup.ts"],
  },
});

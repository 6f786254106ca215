import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/bench/**", "**/node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests spawn real server processes and track their PIDs: one process per test file.
    pool: "forks",
    globalSetup: ["test/helpers/global-setup.ts"],
    setupFiles: ["test/helpers/cleanup.ts"],
  },
});

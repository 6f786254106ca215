import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { typecheck } from "../helpers/typecheck.js";

describe("generated-example types", () => {
  // Each `@ts-expect-error` line in the consumer must be an error: an unused directive fails too.
  it("compiles under the strict flags together with a consumer that uses it", () => {
    const diagnostics = typecheck([path.join(repoRoot, "test/types/consumer.ts"), path.join(repoRoot, "test/types/config-consumer.ts")]);
    expect(diagnostics).toEqual([]);
  });
});

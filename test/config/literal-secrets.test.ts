/** Where the config writes a secret as a value (the `literal-secret` warning's places). */
import { describe, expect, it } from "vitest";
import { literalSecrets } from "../../src/config/literal-secrets.js";

describe("literalSecrets", () => {
  it("names a URL's password written as a value, one with a stray % included, and not a placeholder", () => {
    const servers = [
      { name: "plain", config: { transport: "http" as const, url: "http://user:hunter2-long@127.0.0.1:9/mcp" } },
      { name: "stray", config: { transport: "http" as const, url: "http://user:%zz@127.0.0.1:9/mcp" } },
      { name: "held", config: { transport: "http" as const, url: "http://user:${DB_PASSWORD}@127.0.0.1:9/mcp" } },
    ];
    expect(literalSecrets(servers)).toEqual([
      { server: "plain", at: "url" },
      { server: "stray", at: "url" },
    ]);
  });
});

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

  it("names a secret-named query or fragment parameter written as a value, not a placeholder or an ordinary parameter", () => {
    const http = (name: string, url: string) => ({ name, config: { transport: "http" as const, url } });
    const servers = [
      http("query", "http://127.0.0.1:9/mcp?api_key=sk-live-4f9a2c7e1b"),
      http("fragment", "http://127.0.0.1:9/mcp#access_token=ya29-a0Af-8c1d2e3f4a5b&token_type=bearer"),
      http("held-query", "http://127.0.0.1:9/mcp?api_key=${API_KEY}"),
      http("held-fragment", "http://127.0.0.1:9/mcp#access_token=${TOKEN}"),
      http("anchor", "http://127.0.0.1:9/docs#section=getting-started-with-the-api"),
    ];
    expect(literalSecrets(servers)).toEqual([
      { server: "query", at: "url" },
      { server: "fragment", at: "url" },
    ]);
  });
});

/** The `auth` key of a server entry: each type's shape, and secrets accepted only as placeholders. */
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/load.js";
import { CodegenError } from "../../runtime/src/shared/errors.js";

const URL = "https://mcp.example/mcp";

function withAuth(auth: unknown, transport = "http") {
  return () => resolveConfig({ servers: { api: { transport, url: URL, auth } } }, "/project/codegen.config.json");
}

/** The one line the CLI would print. */
function lineOf(load: () => unknown): string {
  try {
    load();
  } catch (error) {
    if (error instanceof CodegenError) return error.toLine();
    throw error;
  }
  throw new Error("no error");
}

describe("auth", () => {
  it.each([
    [{ type: "oauth" }],
    [{ type: "oauth", scopes: ["read", "write"], clientId: "app", clientSecret: "${APP_SECRET}", redirectUrl: "http://127.0.0.1:8765/callback" }],
    [{ type: "oauth", clientMetadataUrl: "https://app.example/client.json" }],
    [{ type: "client_credentials", clientId: "ci", clientSecret: "${CI_SECRET}" }],
    [{ type: "client_credentials", clientId: "ci", privateKey: "${CI_KEY}", algorithm: "ES256", scopes: ["mcp"] }],
    [{ type: "bearer", token: "${TOKEN}" }],
  ])("accepts %j, kept as written", (auth) => {
    expect(withAuth(auth)().servers[0]?.config).toEqual({ transport: "http", url: URL, auth });
    expect(withAuth(auth, "sse")().servers[0]?.config).toMatchObject({ auth });
  });

  it.each([
    [{ type: "bearer", token: "abc123" }, /servers\.api\.auth\.token: write the secret as a \$\{VAR\} placeholder/],
    [{ type: "oauth", clientSecret: "plain" }, /servers\.api\.auth\.clientSecret: write the secret as a \$\{VAR\} placeholder/],
    [{ type: "client_credentials", clientId: "ci", privateKey: "-----BEGIN PRIVATE KEY-----" }, /servers\.api\.auth\.privateKey: write the secret/],
    [{ type: "client_credentials", clientId: "ci" }, /servers\.api\.auth: give exactly one of clientSecret and privateKey/],
    [{ type: "client_credentials", clientId: "ci", clientSecret: "${A}", privateKey: "${B}" }, /give exactly one of clientSecret and privateKey/],
    [{ type: "oauth", clientMetadataUrl: "http://app.example/client.json" }, /servers\.api\.auth\.clientMetadataUrl: must be an https URL/],
    [{ type: "oauth", scopes: ["two words"] }, /servers\.api\.auth\.scopes\.0/],
    [{ type: "password" }, /servers\.api\.auth\.type/],
    [{ type: "oauth", tenant: "x" }, /servers\.api\.auth.*tenant/],
  ])("refuses %j naming the key", (auth, pattern) => {
    expect(lineOf(withAuth(auth))).toMatch(pattern);
  });

  it("an unknown auth key is named with the keys its type takes (or a guess)", () => {
    expect(lineOf(withAuth({ type: "oauth", tenant: "x" }))).toMatch(/servers\.api\.auth\.tenant: unknown key \(expected one of type, scopes, clientId, clientSecret, clientMetadataUrl, redirectUrl\)/);
    expect(lineOf(withAuth({ type: "bearer", token: "${T}", tokne: "x" }))).toMatch(/servers\.api\.auth\.tokne: unknown key \(did you mean "token"\?\)/);
  });

  it("a stdio server has no auth", () => {
    expect(lineOf(() => resolveConfig({ servers: { api: { transport: "stdio", command: "node", auth: { type: "oauth" } } } }, "/p/codegen.config.json"))).toMatch(/servers\.api.*auth/);
  });
});
